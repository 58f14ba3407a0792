import Foundation
import Reel
import ReelBatch

extension FarmBatch {
    /// Runs task `index` of the batch in `work` on this node, as `reel batch` runs a job (in a
    /// worker process: timeouts, retries, crash isolation), and writes its report beside the plan.
    /// - Parameter worker: the program and arguments that run one job (`reel _worker`).
    public static func runTask(
        work: String, index: Int, worker: [String], nodeMemory: Int,
        shouldStop: @escaping @Sendable () -> Bool
    ) throws -> JobReport {
        let batch = try load(from: work)
        guard batch.tasks.indices.contains(index) else {
            throw SlurmError(
                "task \(index) is not one of the \(batch.tasks.count) tasks of \(planPath(work))", exitCode: 2)
        }
        let task = batch.tasks[index], job = batch.jobs[task.job]
        var planned = job.planned
        if let part = task.part { planned.render.outputs = [part] }
        planned.render.options.segment = task.segment
        planned.render.options.maxMemory = planned.render.options.maxMemory ?? nodeMemory
        var settings = BatchRunner.Settings(
            jobs: 1, outputDirectory: batch.settings.outputDirectory, worker: worker, version: batch.version)
        settings.force = batch.settings.force
        // A segment is compared once joined, by the merge.
        settings.baseline = task.segment == nil ? batch.settings.baseline : nil
        let report = BatchRunner(plan: BatchPlan(jobs: [planned]), settings: settings, shouldStop: shouldStop).run()
            .jobs[0]
        try AtomicOutput.write(Array(JSONEncoder.reports.encode(report)), to: reportPath(work, task: index))
        return report
    }

    /// Joins the segments of split jobs, merges every task's report (a task that left none — killed
    /// by the engine for its time or memory limit, a lost node — is reported failed with the end
    /// of its log), and writes the reports the batch was asked for and `report.json` in `work`.
    public static func merge(work: String) throws -> BatchReport {
        let batch = try load(from: work)
        var reports: [JobReport] = []
        for (index, job) in batch.jobs.enumerated() {
            var report: JobReport
            let tasks = batch.tasks.indices.filter { batch.tasks[$0].job == index }
            if let decided = job.decided {
                report = decided
            } else if job.segments == 1, let task = tasks.first {
                report = taskReport(batch, work: work, task: task)
                reports.append(report)
                continue  // compared with the baseline by its task
            } else {
                report = join(batch, job: job, work: work, tasks: tasks)
            }
            if let baseline = batch.settings.baseline, report.status != .invalid {
                report.baseline = Baseline.compare(
                    outputs: job.outputs, outputDirectory: batch.settings.outputDirectory, baselineDirectory: baseline)
            }
            reports.append(report)
        }
        let started = ISO8601DateFormatter().date(from: batch.started) ?? Date()
        let result = BatchReport(
            version: batch.version, started: batch.started, seconds: Date().timeIntervalSince(started),
            outputDirectory: batch.settings.outputDirectory, baselineDirectory: batch.settings.baseline, jobs: reports)
        try AtomicOutput.write(Array(JSONEncoder.reports.encode(result)), to: mergedPath(work))
        try result.write(batch.settings.reports)
        return result
    }

    /// The merged report a finished merge left in `work`.
    public static func mergedReport(work: String) throws -> BatchReport {
        guard let data = FileManager.default.contents(atPath: mergedPath(work)) else {
            throw SlurmError("no merged report in \(work): the merge did not finish; see \(work)/merge.log")
        }
        return try JSONDecoder.reports.decode(BatchReport.self, from: data)
    }

    /// A task's report, or a failure saying it left none.
    static func taskReport(_ batch: FarmBatch, work: String, task: Int) -> JobReport {
        if let data = FileManager.default.contents(atPath: reportPath(work, task: task)),
            let report = try? JSONDecoder.reports.decode(JobReport.self, from: data)
        {
            return report
        }
        let job = batch.jobs[batch.tasks[task].job]
        let logPath = "\(work)/task-\(task).log"
        let log = InputFile.tail(logPath, limit: 4000)
        return JobReport(
            scene: job.scene, outputs: job.outputs, status: .failed,
            reason:
                "its task (\(task)) ended without a report: stopped by the cluster (time or memory limit, a lost node?); see \(logPath)",
            log: log)
    }

    /// A split job's report: its segments joined into its output, or the first segment that failed.
    static func join(_ batch: FarmBatch, job: Job, work: String, tasks: [Int]) -> JobReport {
        let parts = tasks.map { taskReport(batch, work: work, task: $0) }
        let paths = tasks.compactMap { batch.tasks[$0].part }
        defer {
            for path in paths {
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.removeItem(atPath: OutputRecord.path(for: path))
            }
        }
        var report = JobReport(
            scene: job.scene, outputs: job.outputs, status: .rendered, reason: job.reason ?? "new",
            seconds: parts.map(\.seconds).reduce(0, +), attempts: parts.map(\.attempts).max() ?? 0)
        report.peakMemory = parts.map(\.peakMemory).max() ?? 0
        report.diagnostics = parts.first?.diagnostics ?? []
        if let (i, failed) = parts.enumerated().first(where: { $0.element.status != .rendered }) {
            report.status = failed.status
            report.reason = "segment \(i)/\(parts.count): \(failed.reason)"
            report.diagnostics = failed.diagnostics
            report.log = failed.log
            return report
        }
        let output = job.outputs[0]
        do {
            try BatchWorker.createFolders(for: output)
            let joined = try SegmentConcat.join(paths, output: output, replaceReadOnly: batch.settings.force)
            guard var record = OutputRecord.read(for: paths[0]), let (digest, bytes) = OutputRecord.digest(of: [output])
            else {
                throw RenderJobError.failed("the record of \(paths[0]) or the joined \(output) cannot be read")
            }
            (record.outputFiles, record.outputBytes, record.outputDigest, record.frames) = (
                [(output as NSString).lastPathComponent], bytes, digest, joined.frames
            )
            try record.write(for: output)
            (report.frames, report.bytes) = (joined.frames, joined.bytes)
            report.sheetPNG = record.sheet.flatMap { Data(base64Encoded: $0) }
        } catch {
            report.status = .failed
            report.reason = "joining its \(parts.count) segments failed: \(error)"
        }
        return report
    }
}
