import Foundation
import ReelCore
import ReelRender

/// Plots of properties' presentation values over time (`reel plot`): one panel per layer and
/// key path — every layer with every key path asked for — with a line per component (x and y
/// of a point, red, green, blue and alpha of a colour, the entries of a transform that change),
/// a legend, axes with units, and the layer's animation events marked.
///
/// Values come from `Timeline.presentation(at:)`, the evaluation `reel inspect` prints and
/// frames are drawn from, sampled several times a frame and more finely around jumps.
public struct PropertyPlot: Sendable {
    /// The scene file's name.
    public let title: String
    public let duration: Double
    public let fps: Double
    /// One per layer × key path, layers in the order given, then key paths in the order given.
    public let panels: [PlotPanel]

    /// Samples taken per frame before refining around jumps.
    public static let samplesPerFrame = 4

    init(title: String, duration: Double, fps: Double, panels: [PlotPanel]) {
        (self.title, self.duration, self.fps, self.panels) = (title, duration, fps, panels)
    }

    /// Samples the presentation values of `keyPaths` on each of `layers` (repeated names count once).
    /// A layer is plotted with every key path its class has; a key path that none of the layers
    /// has is an error.
    /// - Throws: `RenderJobError.invalid` for an unknown layer or key path (the message lists the
    ///   valid names), a key path none of the layers has, or values that are not numbers.
    public init(job: LoadedJob, layers: [String], keyPaths: [String]) throws {
        let timeline = job.timeline
        let canvas = job.canvas
        let scene = job.job.scene
        guard canvas.duration.isFinite, canvas.duration > 0 else {
            throw RenderJobError.invalid("\(scene): a plot needs a scene duration above 0 s")
        }
        guard !layers.isEmpty, !keyPaths.isEmpty else {
            throw RenderJobError.invalid("give at least one --layer and one --key")
        }
        // Each layer and key path once, in the order first given.
        let layers = layers.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let keyPaths = keyPaths.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let outline = timeline.layerOutline
        var entries: [LayerOutlineEntry] = []
        for name in layers {
            guard let entry = outline.first(where: { $0.name == name }) else {
                let names = outline.compactMap(\.name)
                throw RenderJobError.invalid(
                    "\(scene): unknown layer '\(name)'\(suggestion(for: name, among: names)); "
                        + "the scene's layers are: \(names.joined(separator: ", "))")
            }
            entries.append(entry)
        }
        // Every layer with every key path its class has; each key path must fit one of the layers.
        func fits(_ path: LayerKeyPath, _ kind: LayerKind) -> Bool {
            path.cell == nil && path.property.applies(to: kind)
        }
        var requests: [(layer: String, path: LayerKeyPath, text: String)] = []
        for key in keyPaths {
            guard let path = LayerKeyPath(key), entries.contains(where: { fits(path, $0.kind) }) else {
                let kinds = Set(entries.map(\.kind))
                let valid = LayerKeyPath.allPaths.filter { p in
                    LayerKeyPath(p).map { path in kinds.contains { fits(path, $0) } } ?? false
                }
                let who =
                    entries.count == 1
                    ? "layer '\(entries[0].name ?? "")' (\(entries[0].kind.rawValue))" : "any of the layers"
                throw RenderJobError.invalid(
                    "\(scene): '\(key)' is not a key path of \(who)\(suggestion(for: key, among: valid)); "
                        + "valid key paths: \(valid.joined(separator: ", "))")
            }
        }
        for entry in entries {
            for key in keyPaths {
                if let path = LayerKeyPath(key), fits(path, entry.kind) {
                    requests.append((entry.name ?? "", path, key))
                }
            }
        }
        title = (scene as NSString).lastPathComponent
        duration = canvas.duration
        fps = canvas.fps
        let sampler = PlotSampler(timeline: timeline, duration: canvas.duration, fps: canvas.fps)
        let states = sampler.baseStates(of: layers)
        panels = try requests.map { request in
            try sampler.panel(
                layer: request.layer, states: states[request.layer] ?? [], path: request.path, keyPath: request.text,
                scene: scene)
        }
    }

    /// The plot as an SVG document.
    public func svg() -> String { drawing().svg() }

    /// The plot as pixels, `scale` pixels per point.
    public func png(scale: Double) -> PixelBuffer { drawing().render(scale: scale) }
}

/// One layer's key path over time.
public struct PlotPanel: Sendable {
    public let layer: String
    /// As asked for (`position.x`, `transform.rotation.z`).
    public let keyPath: String
    /// The unit of the values (`pt`, `rad`, `×`), or "" for plain numbers.
    public let unit: String
    /// One line per component, in legend order.
    public let series: [PlotSeries]
    /// For colours: the colour itself at each sample time (drawn as a strip).
    public let colors: [(time: Double, color: CGColor?)]
    /// The layer's animationDidStart / animationDidStop.
    public let events: [AnimationEvent]
    /// Scenes compared: each scene's timing of the property, in its colour (empty for one scene).
    public var easing: [String] = []
}

/// One component's values; nil where the layer is not in the tree.
public struct PlotSeries: Sendable {
    /// `x`, `red`, `m41`, or `value` for a plain number.
    public let name: String
    public let points: [(time: Double, value: Double?)]
    /// Which of the scenes compared it comes from (0 for one scene).
    public var scene = 0
}
