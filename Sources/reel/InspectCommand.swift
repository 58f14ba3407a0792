import ArgumentParser
import Foundation
import Reel

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the presentation tree at a time as JSON, or the animation events.",
        discussion: """
            Keys are Core Animation property names; points are [x, y], sizes [w, h], rects \
            [x, y, w, h], colours [r, g, b, a] in 0…1 (null for nil), transforms 16 numbers \
            m11…m44; animationKeys lists the animations attached at that time.
            With --events: one JSON object per line for each animationDidStart / animationDidStop.
            """)

    @OptionGroup var input: SceneOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Scene time in seconds.", valueName: "seconds"))
    var at: Double?

    @Option(help: ArgumentHelp("Print only this layer's object (without its sublayers).", valueName: "name"))
    var layer: String?

    @Flag(help: "Print the animation events (didStart / didStop) instead, one JSON object per line.")
    var events = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if events && (at != nil || layer != nil) {
            throw ValidationError("--events lists the whole timeline; it takes no --at or --layer.")
        }
        if !events && at == nil { throw ValidationError("Missing --at SECONDS: the time to inspect (or --events).") }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a time ≥ 0 in seconds.") }
    }

    func run() throws {
        let loaded = try input.load(try limits.renderOptions(), quiet: true)
        let timeline = loaded.timeline
        if events {
            for event in timeline.events { Terminal.print(InspectReport.json(event).compact) }
            return
        }
        let time = at ?? 0
        guard let name = layer else {
            Terminal.print(InspectReport.json(timeline.presentation(at: time), context: loaded.context).pretty)
            return
        }
        guard timeline.layerNames.contains(name) else {
            throw CommandFailure.invalid(
                "\(input.scene): unknown layer '\(name)'\(suggestion(for: name, among: timeline.layerNames))")
        }
        guard let found = timeline.presentation(at: time, layerNamed: name) else {
            throw CommandFailure.failed("layer '\(name)' is not in the layer tree at \(JSONValue.format(time)) s")
        }
        Terminal.print(InspectReport.json(found, includeSublayers: false, context: loaded.context).pretty)
    }
}
