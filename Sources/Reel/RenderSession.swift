import Foundation
import ReelCore
import ReelEncode
import ReelRender

/// Renders a timeline's frames into a sink: drawn on several threads, converted for the sink
/// on those threads, written in order (see `FramePipeline`).
///
/// Every frame is `Timeline.presentation(at:)` drawn by a stateless `FrameRenderer`, both pure,
/// so the frames — and the file — are the same whatever `threads` is.
public struct RenderSession: Sendable {
    /// Progress after each frame.
    public typealias Progress = PipelineProgress
    /// Thrown when `shouldStop` returned true.
    public typealias Interrupted = FramePipeline.Interrupted

    /// The timeline to render (its canvas gives size, scale and frame rate).
    public let timeline: Timeline
    /// The frames to render (default: all), by number in the scene.
    public var frames: Range<Int>
    /// Threads that draw and convert frames; nil means one per core.
    public var threads: Int?
    /// The scene's fonts and drawn images' pixels (a job's `LoadedJob.context`).
    public let context: RenderContext

    /// A session for every frame of `timeline`; `context` nil makes one for its `canvas.fonts`.
    public init(timeline: Timeline, context: RenderContext? = nil) {
        self.timeline = timeline
        self.context = context ?? RenderContext(canvas: timeline.canvas)
        frames = 0..<timeline.canvas.frameCount
    }

    /// Draws every frame and writes it to `sink`, calling `progress` after each (on the calling
    /// thread) and polling `shouldStop`. The sink is not finished or aborted here: the caller decides.
    /// - Throws: `Interrupted`, or the sink's or a converter's error.
    public func run(
        into sink: any FrameSink, progress: (Progress) -> Void = { _ in }, shouldStop: () -> Bool = { false }
    ) throws {
        let renderer = FrameRenderer(canvas: timeline.canvas, context: context)
        let timeline = self.timeline
        let canvas = timeline.canvas
        try FramePipeline(threads: threads).run(
            frames: frames, width: canvas.pixelWidth, height: canvas.pixelHeight,
            draw: { index, buffer in renderer.render(timeline, at: canvas.time(ofFrame: index), into: buffer) },
            into: sink, progress: progress, shouldStop: shouldStop)
    }
}
