import CReelSupport
import Foundation
import ReelEncode

/// Chunk-parallel rendering on one machine: a video cut into K segments rendered at once, each
/// with its own drawing threads and encoder, then joined by `SegmentConcat` — the same bytes as
/// one render, because every video is encoded on the chunk grid anyway.
///
/// One render cannot use many cores well: its encoder's threads are pinned (so the bytes never
/// depend on the machine) and drawing stops waiting for them. Several segments at once keep
/// more cores busy.
public enum ParallelSegments {
    /// Cores one render keeps busy: four pinned x264 threads plus the threads drawing for them
    /// (measured on 2 cores: one 1080p render already uses 1.8 of them).
    static let coresPerRender = 6

    /// Segments at once by default on this machine.
    public static var automatic: Int { max(1, FramePipeline.coreCount / coresPerRender) }

    /// How many segments to render at once.
    /// - Parameters:
    ///   - asked: `--parallel-segments` (nil: one per `coresPerRender` of `threads`).
    ///   - threads: the drawing threads the whole render may use (the cores, by default).
    ///   - chunks: the chunks there are to share out (a segment is whole chunks).
    ///   - memoryPerRender, maxMemory: each segment renders with its own buffers and encoder, so
    ///     no more run at once than the memory budget holds.
    static func count(asked: Int?, threads: Int, chunks: Int, memoryPerRender: Int, maxMemory: Int?) -> Int {
        var count = asked ?? max(1, threads / coresPerRender)
        count = min(count, chunks)
        if let maxMemory { count = min(count, max(1, maxMemory / max(memoryPerRender, 1))) }
        return max(1, count)
    }

    /// The hidden folder the parts of a render to `path` are written in, beside it; named like
    /// every reel temporary (`.NAME.reel-tmp-PID-TAG`), so a killed render's parts are removed
    /// the next time anything renders in that folder.
    static func partsFolder(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = StaleTemporaries.name(stem: stem)
        return folder.isEmpty ? name : folder + "/" + name
    }
}

extension PlannedRender {
    /// Renders the parts at once, joins them into `output.path`, removes them.
    func runParts(
        progress: (RenderSession.Progress) -> Void, shouldStop: () -> Bool
    ) throws -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let folder = partsFolder else { throw RenderJobError.failed("no folder for the parts of \(output.path)") }
        // The same checks as one render's output (its folder exists, it is not read-only), first.
        do { _ = try AtomicOutput(finalPath: output.path, replaceReadOnly: output.replaceReadOnly) } catch {
            throw RenderJobError.failed("\(error)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        } catch {
            throw RenderJobError.failed("cannot create \(folder): \(error.localizedDescription)")
        }
        // Its parts are files only: a forced exit (see CReelSupport) removes them and it.
        reel_register_temporary_folder(folder)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            reel_unregister_temporary(folder)
        }
        let total = session.frames.count
        let parts = self.parts
        try withoutActuallyEscaping(progress) { progress in
            try withoutActuallyEscaping(shouldStop) { shouldStop in
                let state = PartsState(parts: parts.count, progress: progress, shouldStop: shouldStop)
                DispatchQueue.concurrentPerform(iterations: parts.count) { i in
                    do {
                        _ = try parts[i].run(
                            progress: { p in
                                state.progress(part: i, p, total: total)
                            }, shouldStop: state.shouldStop)
                    } catch {
                        state.fail(error)
                    }
                }
                if let error = state.firstError { throw error }
            }
        }
        if shouldStop() { throw RenderJobError.interrupted }
        let joined = try SegmentConcat.join(
            parts.map(\.output.path), output: output.path, replaceReadOnly: output.replaceReadOnly)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Result(frames: joined.frames, bytes: joined.bytes, seconds: seconds, audio: joined.audio)
    }
}

/// What the parts rendering at once share: their frame counts for one progress line, the first
/// error (which stops the others), and the caller's closures, called one thread at a time.
private final class PartsState: @unchecked Sendable {
    private let lock = NSLock()
    private var done: [Int]
    private var error: (any Error)?
    private let report: (RenderSession.Progress) -> Void
    private let stop: () -> Bool

    init(parts: Int, progress: @escaping (RenderSession.Progress) -> Void, shouldStop: @escaping () -> Bool) {
        done = Array(repeating: 0, count: parts)
        (report, stop) = (progress, shouldStop)
    }

    func progress(part: Int, _ p: RenderSession.Progress, total: Int) {
        lock.withLock {
            done[part] = p.framesDone
            report(
                PipelineProgress(
                    stage: p.stage, framesDone: done.reduce(0, +), frameCount: total,
                    elapsed: p.totalElapsed, totalElapsed: p.totalElapsed))
        }
    }

    /// A part stops when the caller says so or another part failed.
    func shouldStop() -> Bool { lock.withLock { error != nil || stop() } }

    func fail(_ error: any Error) {
        lock.withLock {
            // The first real error says what went wrong; the other parts only stopped because of it.
            if self.error == nil || self.error as? RenderJobError == .interrupted { self.error = error }
        }
    }

    var firstError: (any Error)? { lock.withLock { error } }
}
