import ArgumentParser
import Foundation
import Reel

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot properties' presentation values over time (SVG or PNG).",
        discussion: """
            One panel for every --layer with every --key its class has (2 layers × 2 keys: up to \
            4 panels), a line per component (x/y, width/height, red/green/blue/alpha, the transform entries that \
            change) with a legend, and the layer's didStart / didStop marked. Values are those \
            `reel inspect` prints, sampled 4 times a frame and finer around jumps. See docs/review.md.

            Examples:
              reel plot scenes/hello.yaml --layer ball --key position.x -o ball.png
              reel plot scenes/hello.yaml --layer arm --layer ball --key opacity -o plot.svg
            """)

    @OptionGroup var input: SceneOptions

    @Option(help: ArgumentHelp("A layer to plot (repeatable).", valueName: "name"))
    var layer: [String] = []

    @Option(
        help: ArgumentHelp(
            "A key path to plot, e.g. position, position.x, transform.rotation.z, backgroundColor (repeatable).",
            valueName: "keyPath"))
    var key: [String] = []

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Output file: .svg or .png (default: SCENE-plot.svg).", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("PNG pixels per point (default 2).", valueName: "s"))
    var scale: Double?

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only.")
    var force = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if layer.isEmpty { throw ValidationError("Missing --layer NAME: the layer to plot.") }
        if key.isEmpty { throw ValidationError("Missing --key KEYPATH: the property to plot (e.g. position.x).") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) {
            throw ValidationError("--scale must be above 0 and at most 8.")
        }
    }

    func run() throws {
        let path = output ?? OutputNaming.defaultOutput(for: input.scene, suffix: "-plot", extension: "svg")
        do {
            _ = try ReviewOutput.format(of: path)
            let plot = try PropertyPlot(
                job: input.load(try limits.renderOptions(), quiet: true), layers: layer, keyPaths: key)
            try ReviewOutput.write(
                to: path, replaceReadOnly: force, svg: plot.svg, png: { plot.png(scale: scale ?? 2) })
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
    }
}
