import Foundation
import ReelCore
import ReelRender

/// A timing diagram of a scene (`reel timing`): one row per layer in tree order, a bar per
/// animation attached to it — its active period, each repeat, autoreverse halves, fills before
/// and after, removal — with its timing curve drawn inside, group children as nested bars,
/// animation events and transactions marked on a shared time axis.
///
/// Everything is measured on the compiled timeline with the timing engine's own evaluator (the
/// same one drawing uses), so the diagram shows what is rendered.
///
/// ```swift
/// let diagram = try TimingDiagram(job: RenderJob(scene: "hello.yaml").load())
/// try diagram.svg().write(toFile: "hello-timing.svg", atomically: true, encoding: .utf8)
/// let picture = diagram.png(scale: 2)
/// ```
public struct TimingDiagram: Sendable {
    /// The scene file's name.
    public let title: String
    /// The scene's duration and frame rate: the time axis runs from 0 to `duration`.
    public let duration: Double
    public let fps: Double
    /// Layers in tree order (depth first), each with its bars.
    public let rows: [TimingRow]
    /// animationDidStart / animationDidStop, as `reel inspect --events` lists them.
    public let events: [AnimationEvent]
    /// The transactions that changed something (timeline entries, delegate callbacks, completion blocks).
    public let transactions: [TransactionRecord]

    /// Measures the loaded scene's timeline.
    /// - Throws: `RenderJobError.invalid` when the scene has no duration to draw.
    public init(job: LoadedJob) throws {
        let timeline = job.timeline
        let canvas = job.canvas
        guard canvas.duration.isFinite, canvas.duration > 0 else {
            throw RenderJobError.invalid("\(job.job.scene): a timing diagram needs a scene duration above 0 s")
        }
        title = (job.job.scene as NSString).lastPathComponent
        duration = canvas.duration
        fps = canvas.fps
        let tracer = TimingTracer(timeline: timeline, duration: canvas.duration, fps: canvas.fps)
        rows = timeline.layerOutline.map { layer in
            TimingRow(
                name: layer.name ?? "(unnamed \(layer.kind.rawValue))", className: layer.kind.rawValue,
                depth: layer.depth,
                isMask: layer.isMask,
                bars: layer.animations.compactMap { tracer.bar(for: $0, layer: layer.id) })
        }
        events = timeline.events.filter { $0.time <= canvas.duration }
        transactions = timeline.transactions.filter { $0.time <= canvas.duration }
    }

    /// The diagram as an SVG document.
    public func svg() -> String { drawing().svg() }

    /// The diagram as pixels, `scale` pixels per point (2 for a sharp picture on a high-density screen).
    public func png(scale: Double) -> PixelBuffer { drawing().render(scale: scale) }
}

/// A layer's row: its name, place in the tree and bars.
public struct TimingRow: Sendable {
    /// The layer's name (unnamed layers: "(unnamed CLASS)").
    public let name: String
    /// "CALayer", "CAShapeLayer", …
    public let className: String
    /// 0 for the root, 1 for its sublayers, …
    public let depth: Int
    /// The layer is its parent's mask.
    public let isMask: Bool
    /// One per animation attachment, in the order they were added.
    public let bars: [TimingBar]
}

/// One animation attachment (or a group's child) over scene time.
public struct TimingBar: Sendable {
    /// What kind of animation it is.
    public let kind: AnimationTrack.Kind
    /// The key paths it animates (a group's: its children's), as written in scenes.
    public let keyPaths: [String]
    /// The key it was added under (nil without one; a group's children have none).
    public let key: String?
    /// Made by a model change, not `add(_:forKey:)`.
    public let isImplicit: Bool
    /// A transition's type and subtype.
    public let transitionName: String?
    /// Scene time it was added, and removed (`.infinity`: still attached when the scene ends).
    public let addedAt: Double
    public let removedAt: Double
    /// Removed when its active period ends.
    public let removedOnCompletion: Bool
    /// A keyframe animation's key times (fractions of its duration), nil for others.
    public let keyTimes: [Double]?
    /// Its CAMediaTiming fields (times in its parent's time space) and timing function.
    public let timing: MediaTiming
    public let timingFunction: CAMediaTimingFunction?
    /// A spring's parameters (nil for other animations): its motion replaces the timing function.
    public let spring: SpringParameters?
    /// Where it has an effect, in scene time: contiguous stretches of one phase, iteration and
    /// direction, each with its progress curve.
    public let spans: [TimingSpan]
    /// A group's animations as nested bars, in their own scene times.
    public let children: [TimingBar]

    /// Scene time the active period begins (nil when it does not within the scene).
    public var activeStart: Double? { spans.first { $0.phase == .active }?.start }
    /// Scene time the active period ends (nil when it does not within the scene, or the
    /// animation was removed or replaced before it ended).
    public let activeEnd: Double?
    /// Scene times where a new iteration starts (the first excluded).
    public var repeatStarts: [Double] {
        zip(spans, spans.dropFirst()).compactMap { a, b in
            a.phase == .active && b.phase == .active && b.iteration != a.iteration ? b.start : nil
        }
    }
    /// Scene times where an autoreversing cycle turns back.
    public var reverseStarts: [Double] {
        zip(spans, spans.dropFirst()).compactMap { a, b in
            b.phase == .active && b.reversing && !a.reversing && a.iteration == b.iteration ? b.start : nil
        }
    }
    /// The stretch filled backwards (before the active period) and forwards (after it).
    public var fillBefore: ClosedRange<Double>? { spans.first { $0.phase == .before }.map { $0.start...$0.end } }
    public var fillAfter: ClosedRange<Double>? { spans.first { $0.phase == .after }.map { $0.start...$0.end } }

    /// `position.x`, or `transition fade`, or a group's key paths joined.
    public var label: String {
        if let transitionName { return "transition \(transitionName)" }
        if kind == .group { return keyPaths.isEmpty ? "group" : "group: " + keyPaths.joined(separator: ", ") }
        return keyPaths.joined(separator: ", ")
    }
}

/// A stretch of a bar with one phase, iteration and direction.
public struct TimingSpan: Sendable {
    public let start: Double
    public let end: Double
    /// Filling backwards, active, or filling forwards.
    public let phase: TimingSample.Phase
    public let iteration: Int
    /// The backward half of an autoreversing cycle.
    public let reversing: Bool
    /// Progress (0 start value … 1 end value, may overshoot) at scene times through the span.
    public let curve: [ProgressPoint]
}

/// A point of a progress curve.
public struct ProgressPoint: Sendable, Equatable {
    public let time: Double
    public let progress: Double
}
