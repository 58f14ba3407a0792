import Foundation

/// A scene: a canvas, a root layer, and a timeline of closures that run at scene times.
///
/// ```swift
/// let scene = Scene(canvas: Canvas(size: CGSize(width: 640, height: 360), duration: 4))
/// let box = CALayer()
/// box.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
/// box.backgroundColor = CGColor(red: 1, green: 0.3, blue: 0.2)
/// scene.rootLayer.addSublayer(box)
/// scene.at(1) { box.position = CGPoint(x: 300, y: 180) }   // an implicit animation, 0.25 s
/// let timeline = try scene.compile()
/// ```
public final class Scene {
    /// Size, scale, frame rate, duration and background.
    public var canvas: Canvas
    /// The root layer: bounds = the canvas, background = the canvas background.
    public let rootLayer: CALayer
    /// Timeline entries in registration order.
    var entries: [(time: Double, body: () -> Void)] = []
    /// The last compile, and what it was compiled from (see `compile()`).
    private var compiled: (timeline: Timeline, generation: ModelGeneration, entries: Int, canvas: Canvas)?

    /// A scene whose root layer fills the canvas.
    public init(canvas: Canvas) {
        self.canvas = canvas
        rootLayer = CALayer()
        rootLayer.name = Scene.rootLayerName
        rootLayer.bounds = CGRect(origin: .zero, size: canvas.size)
        rootLayer.position = CGPoint(x: canvas.size.width / 2, y: canvas.size.height / 2)
        rootLayer.backgroundColor = canvas.background
    }

    /// The name of the root layer in `inspect` output and scene files.
    public static let rootLayerName = "root"

    /// Runs `body` at scene time `time`, inside an implicit transaction, with
    /// `CACurrentMediaTime() == time`. Entries at the same time run in the order they were added.
    public func at(_ time: Double, _ body: @escaping () -> Void) {
        entries.append((time, body))
    }

    /// Runs the timeline once and resolves everything that depends on history, so that
    /// `Timeline.presentation(at:)` is a pure function. The layers are restored to their
    /// initial state afterwards, so compiling again gives the same timeline.
    ///
    /// The timeline is kept: `render`, `still` and `sheet` after one another run the scene's
    /// closures once, not once each (their side effects, and a layer subclass's own stored
    /// properties, which restoring the layers cannot reset, happen once). Changing one of the
    /// scene's layers (its tree, or a layer its closures bring in), the canvas or adding an entry
    /// compiles again; changing another scene's layers does not.
    public func compile() throws -> Timeline {
        if let compiled, compiled.generation.isCurrent, compiled.entries == entries.count, compiled.canvas == canvas {
            return compiled.timeline
        }
        let compiler = TimelineCompiler(scene: self)
        let timeline = try compiler.run()
        // Every layer the timeline reaches: those it presents, and those its closures changed.
        compiled = (
            timeline, ModelGeneration(layers: [rootLayer] + compiler.objects + compiler.restoreOrder.map(\.layer)),
            entries.count, canvas
        )
        return timeline
    }
}
