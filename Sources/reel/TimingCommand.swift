import ArgumentParser
import Foundation
import Reel

struct TimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing",
        abstract: "Draw a scene's timing diagram (SVG or PNG).",
        discussion: """
            One row per layer in tree order; a bar per animation attached to it: active period, \
            repeats, autoreverse halves, fills before and after (lighter, dashed), removal (red \
            cap) and the timing curve inside; group children nested; didStart / didStop and \
            transactions marked on the time axis. See docs/review.md.

            Examples:
              reel timing scenes/hello.yaml -o hello-timing.svg
              reel timing scenes/spaceship.yaml -o timing.png --scale 1
            """)

    @OptionGroup var input: SceneOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Output file: .svg or .png (default: SCENE-timing.svg).", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("PNG pixels per point (default 2).", valueName: "s"))
    var scale: Double?

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only.")
    var force = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) {
            throw ValidationError("--scale must be above 0 and at most 8.")
        }
    }

    func run() throws {
        let path = output ?? OutputNaming.defaultOutput(for: input.scene, suffix: "-timing", extension: "svg")
        do {
            _ = try ReviewOutput.format(of: path)
            let diagram = try TimingDiagram(job: input.load(try limits.renderOptions(), quiet: true))
            try ReviewOutput.write(
                to: path, replaceReadOnly: force, svg: diagram.svg, png: { diagram.png(scale: scale ?? 2) })
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
    }
}
