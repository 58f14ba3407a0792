import Foundation
import Reel

/// One of the batch's job threads' worker process, kept alive from job to job: start-up (dynamic
/// linking of ~150 libraries, the installed font catalogue, the decoder's tables) is most of what
/// a small job costs, so a worker renders jobs until it ends, fails, is stopped or has served
/// `jobsPerWorker` (or a job needs another memory limit). A job still runs alone in its process: one that crashes ends the worker it is
/// on, and the next job gets a new one.
final class WorkerSlot {
    /// Jobs one worker renders before a new one starts: bounds what one job's caches (images,
    /// fonts) can leave to the next.
    static let jobsPerWorker = 16

    private var current: WorkerProcess?
    private var served = 0
    /// The memory limit (`--max-memory`) the current worker enforces: a process-wide limit
    /// (RLIMIT_DATA), so only jobs with the same one share it.
    private var memoryLimit: Int?

    /// A worker rendering `request` (one job, as a JSON line, whose memory limit is `memoryLimit`):
    /// the kept one when it can take it, else a new one started with `command`.
    func worker(for request: Data, _ command: [String], memoryLimit: Int?) throws -> WorkerProcess {
        if served >= Self.jobsPerWorker || memoryLimit != self.memoryLimit { retire() }
        if let current {
            served += 1
            current.clearErrorOutput()
            current.send(request)
            return current
        }
        let worker = try WorkerProcess(
            executable: command[0], arguments: Array(command.dropFirst()), input: request, keepInputOpen: true)
        (current, served, self.memoryLimit) = (worker, 1, memoryLimit)
        return worker
    }

    /// Ends the current worker (its input closed, so one between jobs leaves at once; a stopped or
    /// crashed one is already gone) and tells how it ended and its peak memory.
    @discardableResult
    func end() -> (ending: WorkerProcess.Ending, peakMemory: Int) {
        defer { (current, served) = (nil, 0) }
        return current?.wait() ?? (.exited(0), 0)
    }

    /// Ends the current worker, if any, after its last job.
    func retire() { end() }
}
