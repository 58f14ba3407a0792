import ArgumentParser
import Foundation
import Reel

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files without rendering.",
        discussion: "Prints every problem as FILE:LINE:COLUMN: error: MESSAGE; exits 2 if any file has an error.")

    @Argument(help: ArgumentHelp("Scene files to check.", valueName: "scene"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var scenes: [String]

    @OptionGroup var limits: LimitOptions

    @Flag(name: [.short, .long], help: "Print only problems, not a line per valid file.")
    var quiet = false

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("Give at least one scene file.") }
    }

    func run() throws {
        var failed = false
        for path in scenes {
            do {
                _ = try SceneInput.load(path, limits: limits.sceneLimits, quiet: false)
                if !quiet { print("\(path): ok") }
            } catch let failure as CommandFailure where failure.exitCode == ExitStatus.invalidInput {
                failed = true
            }
        }
        if failed { throw ExitCode(ExitStatus.invalidInput) }
    }
}
