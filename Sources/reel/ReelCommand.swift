import ArgumentParser
import CReelSupport
import Foundation
import Reel

/// `reel`: Core Animation scenes rendered to video.
@main
struct ReelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Render Core Animation scenes (YAML or JSON) to video.",
        discussion: """
            A scene describes a layer tree and its animations with Core Animation's names and \
            semantics (docs/scene-format.md). Exit status: 0 success, 1 failure while rendering \
            or writing, 2 invalid input.

            Examples:
              reel render scenes/hello.yaml                 # → hello.mp4
              reel still scenes/hello.yaml --at 1.5 -o frame.png
              reel inspect scenes/hello.yaml --at 2 --layer card
              reel diff before.yaml after.yaml -o diff.mp4   # frame by frame: PSNR, SSIM
              reel validate scenes/*.yaml
              reel preview scenes/hello.yaml                # a studio page: scrub, inspect, live reload
              reel batch scenes -o out --html out/index.html   # many scenes, unattended
              reel render scene.yaml --segment 3/8 -o part3.mp4   # render farms: then
              reel concat part*.mp4 -o scene.mp4                 # joins the 8 parts
            """,
        version: BuildVersion.text,
        subcommands: [
            RenderCommand.self, FarmCommand.self, StillCommand.self, SheetCommand.self, DiffCommand.self,
            InspectCommand.self, TimingCommand.self, PlotCommand.self,
            PreviewCommand.self, ValidateCommand.self, SchemaCommand.self,
            BatchCommand.self, ConcatCommand.self, SubmitCommand.self, FontsCommand.self, WorkerCommand.self,
            JobCommand.self
        ],
        defaultSubcommand: RenderCommand.self)

    /// Runs the command line with Reel's exit codes: usage mistakes are invalid input (2),
    /// not ArgumentParser's EX_USAGE (64).
    static func main() {
        // Every command, even one that never polls for interrupts, ends with 128 + signal and
        // leaves no temporaries; commands that stop in order install their own handling.
        reel_install_exit_on_signal()
        Terminal.setUp()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { Terminal.error(failure.message) }
            Foundation.exit(failure.exitCode)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                Terminal.print(message)
                Foundation.exit(0)
            }
            if !message.isEmpty { Terminal.write(TerminalText.escaped(message) + "\n") }
            Foundation.exit(code == .validationFailure ? ExitStatus.invalidInput : code.rawValue)
        }
    }
}

/// Reel's exit statuses: 0 success, 1 failure while rendering or writing, 2 invalid input.
enum ExitStatus {
    static let failure: Int32 = 1
    static let invalidInput: Int32 = 2
}

/// An error already described for the user, with the status to exit with.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    static func invalid(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: ExitStatus.invalidInput)
    }
    static func failed(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: ExitStatus.failure)
    }
}
