import ArgumentParser
import CReelSupport
import Foundation
import Reel
import ReelPreview

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a studio page for a scene on this machine: scrub, play, inspect layers, live reload.",
        discussion: """
            Prints the page's address (http://127.0.0.1:PORT/) on stdout, then serves until \
            Ctrl-C. The page shows the frame at the playhead, the layer tree with the selected \
            layer's values, and the timing diagram; whenever the scene file or an image or font \
            it reads changes, it reloads and the page follows, keeping the playhead. A scene \
            with errors shows them (FILE:LINE:COLUMN: error: …) over the last frame that loaded. \
            Listens on 127.0.0.1 only. Keys: Space play/pause, ← → one frame, Shift+← → one \
            second, Home/End. See docs/preview.md.

            Examples:
              reel preview scenes/hello.yaml
              reel preview scenes/hello.yaml --port 9000 --open
            """)

    @OptionGroup var input: SceneOptions

    @Option(
        help: ArgumentHelp(
            "Port on 127.0.0.1 (default: \(PreviewServer.defaultPort), or a free one if taken; 0: any free one).",
            valueName: "n"))
    var port: Int?

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0…65535.") }
    }

    func run() throws {
        // A scene with errors still opens (the page shows them while they are fixed); a
        // missing file is a typo on the command line.
        if !FileManager.default.fileExists(atPath: input.scene) {
            _ = try input.load(try limits.renderOptions(), quiet: true)
        }
        let server = PreviewServer(scene: input.scene, options: try limits.renderOptions(), port: port)
        reel_install_interrupt_handlers()
        let open = self.open
        do {
            try server.runUntilStopped(
                listening: { url in
                    // Unbuffered: whoever started us reads the address at once.
                    Terminal.send(url + "\n", to: 1)
                    if open { Browser.open(url) }
                },
                problems: { problems in problems.forEach { $0.print() } },
                shouldStop: { reel_interrupt_signal() != 0 })
        } catch let failure as PreviewServer.Failure {
            throw CommandFailure.failed(failure.description)
        }
    }
}

/// The desktop's browser, asked to show a page.
enum Browser {
    static func open(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { Terminal.error("cannot open a browser (\(error)); open \(url) yourself") }
    }
}
