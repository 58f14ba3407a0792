import Foundation
import ReelCore
import ReelEncode

/// Two clips compared frame by frame (`reel diff`, and `reel batch --baseline` for each output):
/// each frame pair measured with `FrameDifference` and judged with a `FrameTolerance`.
///
/// The frames stream: a few are read from each source at a time, measured on every core, shown
/// to `visit` in order and let go, so memory does not grow with the clip's length.
public struct FrameComparison: Sendable {
    /// One compared frame.
    public struct Frame: Sendable, Equatable {
        /// 0-based frame number, and its time in seconds (nil when neither clip has a frame rate).
        public var index: Int
        public var time: Double?
        public var difference: FrameDifference
        /// Whether the frame differs by more than the tolerance.
        public var differs: Bool
    }

    /// Why two clips cannot be compared frame for frame.
    public enum Mismatch: Error, Sendable, Equatable {
        /// Frame sizes (A's, then B's), at `frame`.
        case size(a: (width: Int, height: Int), b: (width: Int, height: Int), frame: Int)
        /// Frame rates (A's, then B's).
        case rate(a: Double, b: Double)
        /// Frame counts (A's, then B's).
        case frameCount(a: Int, b: Int)

        public static func == (l: Mismatch, r: Mismatch) -> Bool {
            switch (l, r) {
            case let (.size(a1, b1, f1), .size(a2, b2, f2)): a1 == a2 && b1 == b2 && f1 == f2
            case let (.rate(a1, b1), .rate(a2, b2)): a1 == a2 && b1 == b2
            case let (.frameCount(a1, b1), .frameCount(a2, b2)): a1 == a2 && b1 == b2
            default: false
            }
        }

        /// What differs, naming the clips `a` and `b` ("A (x.mp4)").
        public func describe(a: String, b: String) -> String {
            switch self {
            case let .size(sa, sb, frame):
                "the frames differ in size: \(a) is \(sa.width)×\(sa.height) pixels, \(b) is \(sb.width)×\(sb.height)"
                    + (frame > 0 ? " (from frame \(frame))" : "")
            case let .rate(ra, rb):
                "the frame rates differ: \(a) is \(JSONValue.format(ra)) fps, \(b) is \(JSONValue.format(rb)) fps"
            case let .frameCount(ca, cb):
                "the frame counts differ: \(a) has \(ca) frame\(ca == 1 ? "" : "s"), \(b) has \(cb)"
            }
        }
    }

    /// Every compared frame, in order (small records, no pixels).
    public var frames: [Frame] = []
    /// The tolerance frames were judged with.
    public var tolerance: FrameTolerance
    /// Frame size and rate (nil: neither clip has one).
    public var width: Int, height: Int
    public var fps: Double?
    /// Set when the clips could not be compared throughout; `frames` holds those compared before.
    public var mismatch: Mismatch?

    /// Whether every frame is within the tolerance and the clips match in size, rate and length.
    public var isEqual: Bool { mismatch == nil && !frames.contains(where: \.differs) }
    /// Frames that differ by more than the tolerance.
    public var differingCount: Int { frames.lazy.filter(\.differs).count }
    /// The first frame that differs by more than the tolerance.
    public var firstDiffering: Frame? { frames.first(where: \.differs) }
    /// The frame that differs most: lowest SSIM, then lowest PSNR (`FrameDifference.isWorse`).
    public var worst: Frame? {
        frames.reduce(nil) { worst, f in worst.map { f.difference.isWorse(than: $0.difference) ? f : $0 } ?? f }
    }
    /// The lowest PSNR of any frame (infinity when all are identical).
    public var minimumPSNR: Double? { frames.map(\.difference.psnr).min() }
    /// The PSNR of the mean squared error over every frame (the clip's PSNR; infinity when
    /// identical): unlike an average of frame PSNRs, identical frames do not make it infinite.
    public var meanPSNR: Double? {
        guard !frames.isEmpty else { return nil }
        let mse = frames.reduce(0) { $0 + $1.difference.meanSquaredError } / Double(frames.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
    public var minimumSSIM: Double? { frames.map(\.difference.ssim).min() }
    public var meanSSIM: Double? {
        frames.isEmpty ? nil : frames.reduce(0) { $0 + $1.difference.ssim } / Double(frames.count)
    }

    /// Compares `a` with `b`, frame by frame.
    /// - Parameters:
    ///   - a: the first clip (a scene or a video).
    ///   - b: the second clip, of the same size and rate.
    ///   - tolerance: what counts as the same frame.
    ///   - batch: frames read from each source at a time (and measured in parallel).
    ///   - progress: after each batch: frames compared, and the total when a source knows it.
    ///   - visit: each compared frame with its two pictures, in order (for pictures of the difference).
    ///   - shouldStop: polled between batches; true stops with `RenderSession.Interrupted`.
    /// - Throws: a source's error (a file that cannot be decoded), `visit`'s, or `Interrupted`.
    public static func run(
        _ a: any FrameSource, _ b: any FrameSource, tolerance: FrameTolerance = .standard,
        batch: Int = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount),
        progress: (_ done: Int, _ total: Int?) -> Void = { _, _ in },
        visit: (Frame, PixelBuffer, PixelBuffer) throws -> Void = { _, _, _ in },
        shouldStop: () -> Bool = { false }
    ) throws -> FrameComparison {
        var result = FrameComparison(tolerance: tolerance, width: a.width, height: a.height, fps: a.fps ?? b.fps)
        guard a.width == b.width, a.height == b.height else {
            result.mismatch = .size(a: (a.width, a.height), b: (b.width, b.height), frame: 0)
            return result
        }
        if let ra = a.fps, let rb = b.fps, abs(ra - rb) > 1e-3 * max(ra, rb) {
            result.mismatch = .rate(a: ra, b: rb)
            return result
        }
        if let ca = a.frameCount, let cb = b.frameCount, ca != cb {
            result.mismatch = .frameCount(a: ca, b: cb)
            return result
        }
        let total = a.frameCount ?? b.frameCount
        while true {
            if shouldStop() { throw FramePipeline.Interrupted() }
            let left = try a.next(batch), right = try b.next(batch)
            let pairs = min(left.count, right.count)
            for i in 0..<pairs where left[i].width != right[i].width || left[i].height != right[i].height {
                result.mismatch = .size(
                    a: (left[i].width, left[i].height), b: (right[i].width, right[i].height),
                    frame: result.frames.count + i)
                return result
            }
            let differences = Self.measure(left.prefix(pairs), right.prefix(pairs))
            for i in 0..<pairs {
                let index = result.frames.count
                let frame = Frame(
                    index: index, time: result.fps.map { Double(index) / $0 }, difference: differences[i],
                    differs: !tolerance.accepts(differences[i]))
                result.frames.append(frame)
                try visit(frame, left[i], right[i])
            }
            progress(result.frames.count, total)
            if left.count != right.count || left.count < batch {
                let remaining = left.count == right.count ? (try a.countRemaining(), try b.countRemaining()) : (0, 0)
                if left.count != right.count || remaining.0 != remaining.1 {
                    let done = result.frames.count - pairs
                    // Both sources are read to their ends: the message gives both counts.
                    let countA = done + left.count + (left.count == batch ? try a.countRemaining() : 0)
                    let countB = done + right.count + (right.count == batch ? try b.countRemaining() : 0)
                    result.mismatch = .frameCount(a: countA, b: countB)
                }
                return result
            }
        }
    }

    /// The differences of frame pairs, measured on every core.
    static func measure(_ a: ArraySlice<PixelBuffer>, _ b: ArraySlice<PixelBuffer>) -> [FrameDifference] {
        let a = Array(a), b = Array(b)
        let results = ResultSlots<FrameDifference>(count: a.count)
        DispatchQueue.concurrentPerform(iterations: a.count) { i in results.set(i, FrameDifference(a[i], b[i])) }
        return results.values
    }
}

/// Results written by concurrent workers, one slot each.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: Value) { lock.withLock { slots[i] = value } }
    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
