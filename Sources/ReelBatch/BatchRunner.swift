import Foundation
import Reel

/// Runs a batch: checks each job's outputs against their records, renders the stale ones in
/// worker processes (`--jobs` at a time), retries failures, enforces timeouts, compares with a
/// baseline, and reports every job — whatever happens to the others.
public final class BatchRunner: @unchecked Sendable {
    public struct Settings: Sendable {
        /// Jobs rendered at once. (How each job renders — threads, memory, limits — is in its
        /// `RenderJob`'s options, which its worker receives whole.)
        public var jobs: Int
        /// Render every output, up to date or not.
        public var force = false
        /// Stop at the first job that does not succeed (the rest are reported `interrupted`).
        public var failFast = false
        /// Compare outputs with the same-named files in this folder.
        public var baseline: String?
        /// The output folder (outputs' paths relative to it name their baseline counterparts).
        public var outputDirectory: String
        /// The program and arguments that run one job (`reel _worker`).
        public var worker: [String]
        /// Reel's version, recorded with each output.
        public var version: String

        public init(jobs: Int, outputDirectory: String, worker: [String], version: String) {
            self.jobs = jobs
            self.outputDirectory = outputDirectory
            self.worker = worker
            self.version = version
        }
    }

    /// What happens as the batch runs, for progress displays. Delivered on the jobs' threads,
    /// one at a time.
    public enum Event: Sendable {
        case started(job: Int, reason: String)
        /// Frames done and in all, over the outputs the job renders.
        case progress(job: Int, done: Int, total: Int)
        case finished(job: Int, JobReport)
    }

    let plan: BatchPlan
    let settings: Settings
    let events: @Sendable (Event) -> Void
    let shouldStop: @Sendable () -> Bool

    private let lock = NSLock()
    private let eventLock = NSLock()
    private var running: [Int: WorkerProcess] = [:]
    private var stopping = false
    private var stopReason = "interrupted"

    public init(
        plan: BatchPlan, settings: Settings, events: @escaping @Sendable (Event) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) {
        self.plan = plan
        self.settings = settings
        let eventLock = self.eventLock
        self.events = { event in eventLock.withLock { events(event) } }
        self.shouldStop = shouldStop
    }

    /// Why each job would be rendered (nil: up to date), without rendering anything (`--dry-run`).
    public func staleness() -> [[(output: String, reason: String?)]] {
        plan.jobs.map { job in job.outputs.map { ($0, reason(job, $0)) } }
    }

    /// Runs every job and returns the report.
    public func run() -> BatchReport {
        signal(SIGPIPE, SIG_IGN)
        let started = Date()
        let clock = DispatchTime.now().uptimeNanoseconds
        let reports = Results(count: plan.jobs.count)
        let next = Counter()
        let watcher = Thread { [self] in
            while !isFinished {
                if shouldStop() { stop(reason: "interrupted") }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        watcher.start()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(settings.jobs, plan.jobs.count)) {
            group.enter()
            Thread.detachNewThread { [self] in
                let slot = WorkerSlot()
                defer { slot.retire() }
                while let index = next.take(below: plan.jobs.count) {
                    let report = runJob(index, slot)
                    reports.set(index, report)
                    events(.finished(job: index, report))
                    if settings.failFast, report.status.isFailure {
                        stop(
                            reason:
                                "not run: --fail-fast stopped the batch after \(report.scene) \(report.status.rawValue)"
                        )
                    }
                }
                group.leave()
            }
        }
        group.wait()
        lock.withLock { finished = true }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
        return BatchReport(
            version: settings.version, started: ISO8601DateFormatter().string(from: started), seconds: seconds,
            outputDirectory: settings.outputDirectory, baselineDirectory: settings.baseline,
            jobs: reports.all.enumerated().map {
                $1
                    ?? JobReport(
                        scene: plan.jobs[$0].scene, outputs: plan.jobs[$0].outputs,
                        status: .interrupted, reason: "not run")
            })
    }

    private var finished = false
    private var isFinished: Bool { lock.withLock { finished } }

    /// Stops the batch: no new job starts, running workers are asked to stop (SIGTERM), and
    /// killed `stopGrace` seconds later if they have not.
    func stop(reason: String) {
        let workers: [WorkerProcess] = lock.withLock {
            guard !stopping else { return [] }
            stopping = true
            stopReason = reason
            return Array(running.values)
        }
        for worker in workers { worker.kill(SIGTERM) }
        if !workers.isEmpty {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.stopGrace) {
                workers.forEach { $0.kill(SIGKILL) }
            }
        }
    }

    /// How long stopped workers get to remove their temporaries: a worker's own watchdog ends it
    /// after 1 s (CReelSupport), and an interrupted batch must be gone within 2 s.
    public static let stopGrace: TimeInterval = 1.1

    private var isStopping: Bool { lock.withLock { stopping } }

    // MARK: One job

    private func reason(_ job: BatchPlan.Job, _ output: String) -> String? {
        if settings.force { return "--force" }
        return Freshness.staleReason(output: output, job: job.render, version: settings.version)
    }

    private func runJob(_ index: Int, _ slot: WorkerSlot) -> JobReport {
        let job = plan.jobs[index]
        if isStopping {
            return JobReport(
                scene: job.scene, outputs: job.outputs, status: .interrupted, reason: lock.withLock { stopReason })
        }
        let stale = job.outputs.compactMap { output in reason(job, output).map { (output, $0) } }
        var report: JobReport
        if stale.isEmpty {
            report = JobReport(scene: job.scene, outputs: job.outputs, status: .skipped, reason: "up to date")
            report.countRecordedOutputs()
        } else {
            events(.started(job: index, reason: stale[0].1))
            report = render(index, job, outputs: stale.map(\.0), reason: stale[0].1, slot: slot)
        }
        if let baseline = settings.baseline {
            report.baseline = Baseline.compare(
                outputs: job.outputs, outputDirectory: settings.outputDirectory, baselineDirectory: baseline)
        }
        return report
    }

    /// Renders `outputs` in worker processes, trying again after failures while rendering.
    private func render(
        _ index: Int, _ job: BatchPlan.Job, outputs: [String], reason: String, slot: WorkerSlot
    ) -> JobReport {
        let retries = job.retries ?? 0
        var report = JobReport(scene: job.scene, outputs: job.outputs, status: .failed, reason: reason)
        let start = DispatchTime.now().uptimeNanoseconds
        for attempt in 1...(retries + 1) {
            report.attempts = attempt
            let outcome = attemptRender(index, job, outputs: outputs, slot: slot)
            report.status = outcome.status
            report.diagnostics = outcome.diagnostics
            report.frames = outcome.frames
            report.bytes = outcome.bytes
            report.sheetPNG = outcome.sheet
            report.log = outcome.log
            report.peakMemory = max(report.peakMemory, outcome.peakMemory)
            report.reason = outcome.status == .rendered ? reason : outcome.message
            if outcome.status != .failed || isStopping { break }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Outputs that were up to date count too: the job's frames and bytes are all of its outputs'.
        if report.status == .rendered { report.countRecordedOutputs() }
        return report
    }

    private struct Outcome {
        var status: JobStatus
        var message: String
        var diagnostics: [SceneProblem] = []
        var frames = 0
        var bytes = 0
        var sheet: Data?
        var log: String?
        var peakMemory = 0
    }

    private func attemptRender(_ index: Int, _ job: BatchPlan.Job, outputs: [String], slot: WorkerSlot) -> Outcome {
        var render = job.render
        render.outputs = outputs
        let worker: WorkerProcess
        do {
            worker = try slot.worker(
                for: render.json() + Data("\n".utf8), settings.worker, memoryLimit: render.options.maxMemory)
        } catch {
            return Outcome(status: .failed, message: "\(error)")
        }
        let stopNow: Bool = lock.withLock {
            running[index] = worker
            return stopping
        }
        if stopNow { worker.kill(SIGTERM) }
        var timedOut = false
        let timer = job.timeout.map { seconds -> DispatchWorkItem in
            let item = DispatchWorkItem { [lock] in
                lock.withLock { timedOut = true }
                worker.kill(SIGTERM)
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) { worker.kill(SIGKILL) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
            return item
        }
        var result: WorkerMessage.Result?
        var done = [Int](repeating: 0, count: outputs.count), totals = [Int](repeating: 0, count: outputs.count)
        let decoder = JSONDecoder()
        var jobPeak: Int?
        let goesOn = worker.readLines { line in
            guard let message = try? decoder.decode(WorkerMessage.self, from: Data(line.utf8)) else { return true }
            if let p = message.progress, p.output < outputs.count {
                done[p.output] = p.done
                totals[p.output] = p.total
                events(.progress(job: index, done: done.reduce(0, +), total: totals.reduce(0, +)))
            }
            if let r = message.result {
                result = r
                jobPeak = message.peakMemory
            }
            return message.result == nil
        }
        timer?.cancel()
        lock.withLock { _ = running.removeValue(forKey: index) }
        var ending = WorkerProcess.Ending.exited(0), peakMemory = jobPeak ?? 0
        // A worker that ended, timed out or was stopped serves no other job; after a failure, its
        // whole log and a fresh process are worth a start.
        if !goesOn || result?.status != "rendered" || lock.withLock({ timedOut || stopping }) {
            (ending, peakMemory) = slot.end()
            peakMemory = jobPeak ?? peakMemory
            // A worker killed mid-write cannot clean up after itself: its temporaries carry its pid.
            Self.removeTemporaries(of: worker.pid, besides: outputs)
        }
        let log = worker.errorOutput.isEmpty ? nil : worker.errorOutput
        if lock.withLock({ timedOut }) {
            return Outcome(
                status: .timeout, message: "stopped after \(JSONValue.format(job.timeout ?? 0)) s (--timeout)", log: log
            )
        }
        guard let result else {
            var how =
                switch ending {
                case .signalled(let s): "the renderer crashed (signal \(s): \(String(cString: strsignal(s))))"
                case .exited(let code): "the renderer ended without a result (exit status \(code))"
                }
            how += memoryHint(log: log, peakMemory: peakMemory, limit: job.render.options.maxMemory)
            if isStopping { return Outcome(status: .interrupted, message: lock.withLock { stopReason }, log: log) }
            return Outcome(status: .failed, message: how, log: log, peakMemory: peakMemory)
        }
        let status: JobStatus =
            switch result.status {
            case "rendered": .rendered
            case "invalid": .invalid
            case "interrupted": .interrupted
            default: .failed
            }
        var message = result.message ?? result.status
        if status == .failed {
            message += memoryHint(log: log, peakMemory: peakMemory, limit: job.render.options.maxMemory)
        }
        return Outcome(
            status: status, message: status == .interrupted ? lock.withLock { stopReason } : message,
            diagnostics: result.diagnostics.map(\.sceneProblem), frames: result.frames, bytes: result.bytes,
            sheet: result.sheet.flatMap { Data(base64Encoded: $0) }, log: status == .failed ? log : nil,
            peakMemory: peakMemory)
    }

    /// ": it ran out of memory (…)" when a failure looks like a failed allocation under
    /// `--max-memory`: the renderer and the encoder cannot go on without the memory they ask for.
    private func memoryHint(log: String?, peakMemory: Int, limit: Int?) -> String {
        guard let limit else { return "" }
        let allocationFailed = ["malloc", "memory", "Cannot allocate"].contains { log?.contains($0) == true }
        guard allocationFailed || peakMemory > limit / 10 * 8 else { return "" }
        return "; it ran out of memory (its limit is \(limit >> 20) MB: raise --max-memory)"
    }

    /// Removes the hidden temporaries (`.NAME.reel-tmp-PID-…`) a worker with `pid` left beside `outputs`.
    static func removeTemporaries(of pid: pid_t, besides outputs: [String]) {
        let fm = FileManager.default
        for folder in Set(outputs.map { ($0 as NSString).deletingLastPathComponent }) {
            let path = folder.isEmpty ? "." : folder
            for name in (try? fm.contentsOfDirectory(atPath: path)) ?? []
            where name.hasPrefix(".") && name.contains(".reel-tmp-\(pid)-") {
                try? fm.removeItem(atPath: BatchPlan.join(path, name))
            }
        }
    }
}

extension JobReport {
    /// Frames and bytes of all the job's outputs, from their records (and the contact sheet when
    /// the report has none yet).
    public mutating func countRecordedOutputs() {
        let records = outputs.compactMap(OutputRecord.read(for:))
        frames = records.map(\.frames).reduce(0, +)
        bytes = records.map(\.outputBytes).reduce(0, +)
        if sheetPNG == nil { sheetPNG = records.first?.sheet.flatMap { Data(base64Encoded: $0) } }
    }
}

/// The jobs' reports, filled in by the threads that run them.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [JobReport?]

    init(count: Int) { reports = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ report: JobReport) { lock.withLock { reports[index] = report } }
    var all: [JobReport?] { lock.withLock { reports } }
}

/// Hands out job numbers to the threads that run them.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
