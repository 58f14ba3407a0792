import Foundation
import ReelCore

/// Draws, converts and writes frames with every core busy and the frames still in order.
///
/// ```
///  worker 1: draw 0 ─ convert 0 ─ draw 2 ─ convert 2 ─ …      ┐ frames handed out in order,
///  worker 2:   draw 1 ─ convert 1 ─ draw 3 ─ convert 3 ─ …    ┘ a bounded number in flight
///                         │ reorder                 │
///  caller:              write 0 ─ write 1 ─ write 2 ─ write 3 ─ …   (encoder + muxer, in order)
/// ```
///
/// Workers take frame numbers in increasing order, draw each into their own buffer and convert
/// it with their own `FrameConverter` (colour conversion, alpha, palette or PNG compression);
/// the calling thread writes the converted frames to the sink strictly in order. A frame
/// number is handed out only when a queue slot is free, and a slot frees only when its frame is
/// written, so at most the queue's capacity of converted frames exist at once: memory depends on the
/// queue, never on the length of the video. Since the lowest unwritten frame has always been
/// handed out already, the writer can never wait for a frame that no worker will draw.
///
/// Drawing must be a pure function of the frame number (Reel's `Timeline` is), so the output
/// does not depend on the number of threads or on which worker drew which frame.
public struct FramePipeline: Sendable {
    /// Draws frame `index` into `buffer` (which holds an older frame: clear it first).
    public typealias Draw = @Sendable (_ index: Int, _ buffer: PixelBuffer) -> Void

    /// Threads that draw and convert frames.
    public var threads: Int
    /// Frames that may be in flight at once (handed out and not yet written); nil chooses from
    /// the threads and the frame size (`defaultQueueCapacity`). This bounds memory.
    public var queueCapacity: Int?

    /// - Parameters:
    ///   - threads: drawing threads; nil means one per core.
    ///   - queueCapacity: frames in flight at most; nil chooses (see `defaultQueueCapacity`).
    /// How many nice levels below the calling thread the workers run (Linux; 0 for equal).
    ///
    /// The encoder is the speed limit and its own threads depend on one another (x264's frame
    /// threads wait for rows of the frames before), so when the encoder and a worker both want a
    /// core, the encoder should get it: the workers then fill the gaps the encoder leaves, which
    /// is enough since drawing is far cheaper than encoding, and the queue absorbs the rest.
    /// Only lower, never higher: no privileges needed, and a `nice`d reel stays niced.
    public var priorityOffset: Int32 = 10

    public init(threads: Int? = nil, queueCapacity: Int? = nil) {
        self.threads = max(1, threads ?? FramePipeline.coreCount)
        self.queueCapacity = queueCapacity.map { max(1, $0) }
    }

    /// Twice the threads plus two — enough for every worker to have a frame in hand and one
    /// ready while the writer is busy — but no more than about 512 MB of converted frames
    /// (reckoned at 8 bytes a pixel, the largest format: ProRes 4444's 10-bit YUVA), so 4K
    /// ProRes on a many-core machine stays bounded too. Never fewer than 2.
    public func defaultQueueCapacity(width: Int, height: Int) -> Int {
        let byMemory = (512 << 20) / max(width * height * 8, 1)
        return max(2, min(2 * threads + 2, byMemory))
    }

    /// The number of cores this process may run on.
    public static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Renders `frames` into `sink`: an analysis pass first if the sink needs one (GIF: over
    /// `AnalysisSample`'s frames), then the frames in order. The sink is not finished or aborted
    /// here: the caller decides.
    /// - Parameters:
    ///   - width, height: the size of the buffers frames are drawn into.
    ///   - progress: called on the calling thread after each frame is written (or analysed).
    ///   - shouldStop: asked on the calling thread before each frame is written and every 50 ms
    ///     while waiting for one; true stops the workers after the frame each is drawing, and
    ///     `run` throws `Interrupted`.
    /// - Throws: `Interrupted`, or the first error of a converter or of the sink.
    public func run(
        frames: Range<Int>, width: Int, height: Int, draw: @escaping Draw, into sink: any FrameSink,
        progress: (PipelineProgress) -> Void = { _ in }, shouldStop: () -> Bool = { false }
    ) throws {
        let start = DispatchTime.now().uptimeNanoseconds
        var stageStart = start
        let workers = min(threads, max(frames.count, 1))
        func report(_ stage: PipelineProgress.Stage, _ done: Int, of count: Int = frames.count) {
            let now = DispatchTime.now().uptimeNanoseconds
            progress(
                PipelineProgress(
                    stage: stage, framesDone: done, frameCount: count,
                    elapsed: Double(now - stageStart) / 1e9, totalElapsed: Double(now - start) / 1e9))
        }

        if let analyzing = sink as? any AnalyzingFrameSink, analyzing.needsAnalysis {
            let analyzers = (0..<workers).map { _ in analyzing.makeAnalyzer() }
            let sample = AnalysisSample(frames)
            try process(0..<sample.count, workers: workers, size: (width, height), shouldStop: shouldStop) {
                worker, index, buffer, _ in
                draw(sample.frame(index), buffer)
                analyzers[worker].analyze(buffer)
                return nil
            } consume: { _, done in
                report(.analysing, done, of: sample.count)
            }
            try analyzing.completeAnalysis(analyzers)
            stageStart = DispatchTime.now().uptimeNanoseconds
        }

        let converters = try (0..<workers).map { _ in try sink.makeConverter() }
        try process(frames, workers: workers, size: (width, height), shouldStop: shouldStop) {
            worker, index, buffer, recycled in
            draw(index, buffer)
            return try converters[worker].prepare(buffer, index: index, reusing: recycled)
        } consume: { frame, done in
            if let frame { try sink.write(frame) }
            report(.encoding, done)
        }
    }

    /// Lowers the calling thread's scheduling priority by `offset` nice levels. Linux gives each
    /// thread its own nice value; elsewhere `setpriority` would lower the whole process, encoder
    /// included, so this does nothing there.
    private static func lowerPriority(by offset: Int32) {
        #if os(Linux)
            guard offset > 0 else { return }
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            guard errno == 0 else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(current + offset, 19))
        #endif
    }

    /// Thrown by `run` when `shouldStop` returned true.
    public struct Interrupted: Error, Sendable {
        public init() {}
    }

    /// What a worker does with frame `index`, drawn into its `buffer`.
    private typealias Work =
        @Sendable (_ worker: Int, _ index: Int, _ buffer: PixelBuffer, _ recycled: PreparedFrame?)
        throws -> PreparedFrame?

    /// Runs `work` for every frame on `workers` threads and hands the results to `consume` in
    /// frame order on the calling thread. On return — normal, error or interrupt — every worker
    /// has stopped.
    private func process(
        _ frames: Range<Int>, workers: Int, size: (width: Int, height: Int), shouldStop: () -> Bool,
        work: @escaping Work, consume: (PreparedFrame?, _ framesDone: Int) throws -> Void
    ) throws {
        let capacity = queueCapacity ?? defaultQueueCapacity(width: size.width, height: size.height)
        let queue = FrameQueue(frames: frames, capacity: capacity)
        let finished = DispatchGroup()
        for worker in 0..<workers {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                FramePipeline.lowerPriority(by: priorityOffset)
                let buffer = PixelBuffer(width: max(size.width, 1), height: max(size.height, 1))
                // A stopped render (Ctrl-C, an error) cancels the queue; frames being drawn stop
                // at their next check instead of finishing first.
                DrawingInterruption.whileChecking({ queue.isCancelled }) {
                    while let (index, recycled) = queue.nextJob() {
                        queue.complete(index, Result { try work(worker, index, buffer, recycled) })
                    }
                }
            }
            thread.name = "reel-frames-\(worker)"
            thread.stackSize = 8 << 20  // drawing recurses over the layer tree
            thread.start()
        }
        defer {
            queue.cancel()
            finished.wait()
        }
        var done = 0
        for index in frames {
            let frame = try queue.waitFor(index, shouldStop: shouldStop)
            done += 1
            try consume(frame, done)
            queue.release(frame)
        }
    }
}

/// The hand-over between the workers and the writer: frame numbers out in order (while slots
/// are free), finished frames back in any order, recycled frames for reuse.
private final class FrameQueue: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var next: Int
    private let end: Int
    private var freeSlots: Int
    private var ready: [Int: Result<PreparedFrame?, any Error>] = [:]
    private var recycled: [PreparedFrame] = []
    private var cancelled = false
    private var failure: (any Error)?

    init(frames: Range<Int>, capacity: Int) {
        next = frames.lowerBound
        end = frames.upperBound
        freeSlots = capacity
    }

    /// The next frame to draw and a frame to recycle, or nil when there is no more work.
    /// Blocks while every slot is taken.
    func nextJob() -> (Int, PreparedFrame?)? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && next < end && freeSlots == 0 { condition.wait() }
        guard !cancelled && next < end else { return nil }
        let index = next
        next += 1
        freeSlots -= 1
        return (index, recycled.popLast())
    }

    /// Stores a worker's result; a failure stops everyone.
    func complete(_ index: Int, _ result: Result<PreparedFrame?, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        if case .failure(let error) = result, failure == nil {
            failure = error
            cancelled = true
        }
        ready[index] = result
        condition.broadcast()
    }

    /// Waits for frame `index`, asking `shouldStop` first and then every 50 ms while waiting
    /// (the writer is usually the slowest stage and finds its frame ready: it must still stop).
    /// - Throws: the first worker error, or `Interrupted`.
    func waitFor(_ index: Int, shouldStop: () -> Bool) throws -> PreparedFrame? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if shouldStop() {
                cancelled = true
                condition.broadcast()
                throw FramePipeline.Interrupted()
            }
            if let failure { throw failure }
            if let result = ready.removeValue(forKey: index) { return try result.get() }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
    }

    /// Frees the slot of a written frame and keeps the frame for reuse.
    func release(_ frame: PreparedFrame?) {
        condition.lock()
        defer { condition.unlock() }
        freeSlots += 1
        if let frame { recycled.append(frame) }
        condition.broadcast()
    }

    /// Stops handing out work.
    /// Whether the queue was cancelled (any thread may ask).
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
    }
}

/// How far a pipeline run has got; reported after each frame.
public struct PipelineProgress: Sendable, Equatable {
    /// What the frames are going through.
    public enum Stage: String, Sendable {
        /// A first pass over all frames before any is written (a GIF's palette).
        case analysing
        /// Drawing, converting and writing.
        case encoding
    }
    public var stage: Stage
    /// Frames finished in this stage.
    public var framesDone: Int
    /// Frames to do in this stage.
    public var frameCount: Int
    /// Seconds since this stage started.
    public var elapsed: Double
    /// Seconds since the run started (the same as `elapsed` without an analysis pass).
    public var totalElapsed: Double

    public init(stage: Stage, framesDone: Int, frameCount: Int, elapsed: Double, totalElapsed: Double? = nil) {
        self.stage = stage
        self.framesDone = framesDone
        self.frameCount = frameCount
        self.elapsed = elapsed
        self.totalElapsed = totalElapsed ?? elapsed
    }

    /// Frames per second in this stage so far.
    public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }

    /// Estimated seconds until this stage ends, or infinity before the first frame.
    public var remaining: Double {
        framesDone > 0 ? elapsed / Double(framesDone) * Double(frameCount - framesDone) : .infinity
    }
}
