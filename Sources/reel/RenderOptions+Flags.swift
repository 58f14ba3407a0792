import Foundation
import Reel

/// Where a job's memory budget comes from when `--max-memory` is not given.
enum MemoryBudget {
    /// 3/4 of this machine's memory, enforced on this process: it renders here.
    case thisMachine
    /// This machine's memory shared by `jobs` batch workers (each enforces its own).
    case perWorker(jobs: Int)
    /// Left to each farm node, which decides it from its own memory when it reads the job.
    case node
}

extension RenderOptions {
    /// The command line's flags as a job's options: the one place where flags become options, for
    /// every command, so `render`, `batch` and `submit` cannot drift apart. The result is checked
    /// here (`validate()`), and it is this value, whole, that batch workers and farm nodes render.
    /// - Throws: `CommandFailure` (exit status 2) naming the flag.
    init(
        limits: LimitOptions, encoding: EncodingOptions? = nil, threads: Int? = nil, frames: FrameSpan? = nil,
        segment: Segment? = nil, chunkSeconds: Double? = nil, parallelSegments: Int? = nil, force: Bool = false,
        memory: MemoryBudget = .thisMachine
    ) throws {
        self.init(frames: frames, threads: threads, limits: limits.sceneLimits, parallelSegments: parallelSegments)
        if let encoding {
            (fps, scale, crf, preset, codec) = (
                encoding.fps, encoding.scale, encoding.crf, encoding.preset, encoding.codec
            )
            audio = encoding.audioPath
            do { motionBlur = try encoding.motionBlur.map(MotionBlur.init(flag:)) } catch let error as RenderJobError {
                throw CommandFailure(error)
            }
            pixelFormat = encoding.pixelFormat
            dither = encoding.dither
        }
        (self.segment, self.chunkSeconds, replaceReadOnly) = (segment, chunkSeconds, force)
        let given = try limits.maxMemory.map(MemorySize.parse)
        switch memory {
        case .thisMachine:
            maxMemory = given ?? MemorySize.machineBudget
            MemorySize.enforce(maxMemory!)
        case .perWorker(let jobs): maxMemory = given ?? MemorySize.physical / max(jobs, 1)
        case .node: maxMemory = given
        }
        do { try validate() } catch let error as RenderJobError { throw CommandFailure(error) }
    }
}
