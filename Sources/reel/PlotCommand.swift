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

            Curves compared: --series LAYER.KEYPATH (repeatable) plots exactly the series named, \
            a panel each, with every scene given (up to 4) on one axis in its own colour: the \
            legend names the scenes, and each scene's easing of the property (duration and timing \
            function, or spring) is written under the panel's title.

            Examples:
              reel plot scenes/hello.yaml --layer ball --key position.x -o ball.png
              reel plot scenes/hello.yaml --layer arm --layer ball --key opacity -o plot.svg
              reel plot A.yaml B.yaml --series card.position.y --series ring.strokeEnd -o ab.svg
            """)

    @Argument(
        help: ArgumentHelp(
            "The scene file (.yaml, .yml or .json), or a Lottie (.json, .lottie); with --series, up to 4 scenes to compare.",
            valueName: "scene"),
        completion: .file(extensions: ["yaml", "yml", "json", "lottie"]))
    var scenes: [String] = []

    @Option(help: ArgumentHelp("A layer to plot (repeatable).", valueName: "name"))
    var layer: [String] = []

    @Option(
        help: ArgumentHelp(
            "A key path to plot, e.g. position, position.x, transform.rotation.z, backgroundColor (repeatable).",
            valueName: "keyPath"))
    var key: [String] = []

    @Option(
        help: ArgumentHelp(
            "A layer's key path to plot in every scene, e.g. card.position.y (repeatable; instead of --layer/--key).",
            valueName: "layer.keyPath"))
    var series: [String] = []

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
        if scenes.isEmpty { throw ValidationError("Missing expected argument '<scene>'.") }
        if series.isEmpty {
            if scenes.count > 1 { throw ValidationError("Several scenes are compared with --series LAYER.KEYPATH.") }
            if layer.isEmpty { throw ValidationError("Missing --layer NAME: the layer to plot.") }
            if key.isEmpty { throw ValidationError("Missing --key KEYPATH: the property to plot (e.g. position.x).") }
        } else {
            if !layer.isEmpty || !key.isEmpty {
                throw ValidationError("Give --series, or --layer and --key, not both.")
            }
            if scenes.count > 4 { throw ValidationError("At most 4 scenes are compared in one plot.") }
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) {
            throw ValidationError("--scale must be above 0 and at most 8.")
        }
    }

    func run() throws {
        let path = output ?? OutputNaming.defaultOutput(for: scenes[0], suffix: "-plot", extension: "svg")
        do {
            _ = try ReviewOutput.format(of: path)
            let options = try limits.renderOptions()
            let jobs = try scenes.map { try SceneInput.load(RenderJob(scene: $0, options: options), quiet: true) }
            let plot =
                series.isEmpty
                ? try PropertyPlot(job: jobs[0], layers: layer, keyPaths: key)
                : try PropertyPlot(comparing: jobs, series: series)
            try ReviewOutput.write(
                to: path, replaceReadOnly: force, svg: plot.svg, png: { plot.png(scale: scale ?? 2) })
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
    }
}
