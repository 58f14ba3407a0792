import Foundation
import ReelCore
import ReelEncode
import ReelRender

/// Renders a timeline's frames into a sink, reporting progress and stopping when asked.
public struct RenderSession {
    /// Progress after each frame.
    public struct Progress: Sendable {
        public var framesDone: Int
        public var frameCount: Int
        /// Seconds since the render started.
        public var elapsed: Double
        public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }
        /// Estimated seconds left.
        public var remaining: Double {
            framesDone > 0 ? elapsed / Double(framesDone) * Double(frameCount - framesDone) : .infinity
        }
    }

    /// Thrown when `shouldStop` returned true.
    public struct Interrupted: Error {}

    public let timeline: Timeline
    /// The frames to render (default: all).
    public var frames: Range<Int>

    public init(timeline: Timeline) {
        self.timeline = timeline
        frames = 0..<timeline.canvas.frameCount
    }

    /// Draws every frame and appends it to `sink`, calling `progress` after each and checking
    /// `shouldStop` before each. The sink is not finished or aborted here: the caller decides.
    public func run(into sink: FrameSink, progress: (Progress) -> Void = { _ in },
                    shouldStop: () -> Bool = { false }) throws {
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let buffer = renderer.makeBuffer()
        let start = Date()
        for index in frames {
            if shouldStop() { throw Interrupted() }
            renderer.render(timeline, at: timeline.canvas.time(ofFrame: index), into: buffer)
            try sink.append(buffer)
            progress(Progress(framesDone: index - frames.lowerBound + 1, frameCount: frames.count,
                              elapsed: Date().timeIntervalSince(start)))
        }
    }
}
