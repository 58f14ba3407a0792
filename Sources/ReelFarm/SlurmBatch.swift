import Foundation
import Reel
import ReelBatch

/// A batch on a Slurm cluster: a job array with one task per `FarmBatch` task, and a merge job
/// that runs after all of them, however they ended (`afterany`): a failed scene is reported, it
/// does not stop the report.
public struct SubmittedBatch: Sendable {
    /// The task array (nil when every job was already decided: up to date or invalid).
    public var tasksJob: String?
    public var mergeJob: String?
    public var tasks: Int
    /// The work folder: the plan, the tasks' logs and reports, the merged report.
    public var work: String
}

extension Slurm {
    /// A new work folder for a batch under `outputDirectory` (hidden). Folders of earlier batches
    /// whose merge finished go first: their reports were written where they were asked for.
    public static func makeBatchWorkFolder(in outputDirectory: String) throws -> String {
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true) } catch {
            throw SlurmError(
                "cannot create the output folder \(outputDirectory): \(error.localizedDescription)", exitCode: 2)
        }
        for name in (try? fm.contentsOfDirectory(atPath: outputDirectory)) ?? []
        where name.hasPrefix(".reel-farm-batch-") {
            let old = outputDirectory + "/" + name
            if fm.fileExists(atPath: FarmBatch.mergedPath(old)) { try? fm.removeItem(atPath: old) }
        }
        let work = outputDirectory + "/.reel-farm-batch-" + String(format: "%08x", UInt32.random(in: 0...UInt32.max))
        do { try fm.createDirectory(atPath: work, withIntermediateDirectories: false) } catch {
            throw SlurmError("cannot create \(work): \(error.localizedDescription)")
        }
        return work
    }

    /// Submits the tasks of the batch saved in `work` and the merge after them; every node's
    /// `reel --version` must print `version`.
    public static func submit(
        batch: FarmBatch, work: String, reel: String, version: String, partition: String?, sbatchArguments: [String]
    ) throws -> SubmittedBatch {
        let sbatch = try sbatch()
        let check = versionCheck(reel: reel, version: version)
        let common = commonArguments(name: "batch", partition: partition, extra: sbatchArguments)
        var tasksJob: String?
        var dependency: [String] = []
        if !batch.tasks.isEmpty {
            try write(
                """
                #!/bin/sh
                # reel submit: task $SLURM_ARRAY_TASK_ID of the batch in \(work)
                \(check)
                exec \(quote(reel)) _farm task \(quote(work)) "$SLURM_ARRAY_TASK_ID"

                """, to: work + "/task.sh")
            let id = jobID(
                try run(
                    sbatch,
                    common + [
                        "--array=0-\(batch.tasks.count - 1)", "--output=\(pattern(work))/task-%a.log", work + "/task.sh"
                    ]))
            tasksJob = id
            dependency = ["--dependency=afterany:\(id)"]
        }
        try write(
            """
            #!/bin/sh
            # reel submit: joins the segments and merges the reports of the batch in \(work)
            \(check)
            exec \(quote(reel)) _farm merge \(quote(work))

            """, to: work + "/merge.sh")
        let merge = jobID(
            try run(sbatch, common + dependency + ["--output=\(pattern(work))/merge.log", work + "/merge.sh"]))
        return SubmittedBatch(tasksJob: tasksJob, mergeJob: merge, tasks: batch.tasks.count, work: work)
    }

    /// Waits for the merge, reporting the tasks' states as they change; returns the merged report.
    /// - Throws: `SlurmError` when the merge left no report, or when `shouldStop` says so (the jobs
    ///   go on; the message says how to cancel them).
    public static func wait(
        for batch: SubmittedBatch, poll: TimeInterval = 1, progress: (String) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) throws -> BatchReport {
        guard let scontrol = command("scontrol") else {
            throw SlurmError("--wait needs Slurm's scontrol on PATH", exitCode: 2)
        }
        var last = ""
        var unknown = 0
        while true {
            if shouldStop() { throw stoppedWaiting([batch.tasksJob, batch.mergeJob].compactMap { $0 }) }
            if let job = batch.tasksJob {
                let states = states(scontrol, job).values
                let summary = Dictionary(grouping: states, by: { $0 }).map {
                    "\($0.value.count) \($0.key.lowercased())"
                }.sorted()
                    .joined(separator: ", ")
                if summary != last, !summary.isEmpty {
                    progress("tasks: \(summary)")
                    last = summary
                }
            }
            let merge = batch.mergeJob.flatMap { states(scontrol, $0).values.first }
            // Slurm forgets finished jobs after MinJobAge; one it never knew ends the wait too.
            unknown = merge == nil ? unknown + 1 : 0
            if merge == nil || !["PENDING", "RUNNING", "CONFIGURING", "COMPLETING"].contains(merge!) {
                if let report = try? FarmBatch.mergedReport(work: batch.work) { return report }
                // A job that left the queue a moment ago can lag its files on shared storage.
                if merge != nil || unknown > 30 || FileManager.default.fileExists(atPath: batch.work + "/merge.log") {
                    Thread.sleep(forTimeInterval: poll)
                    if let report = try? FarmBatch.mergedReport(work: batch.work) { return report }
                    let log = InputFile.tail(batch.work + "/merge.log", limit: 16384) ?? ""
                    throw SlurmError(
                        "the merge (job \(batch.mergeJob ?? "?")) \(merge?.lowercased() ?? "ended") without a report; \(batch.work)/merge.log:\n"
                            + log.split(separator: "\n").suffix(8).map { "    \($0)" }.joined(separator: "\n"))
                }
            }
            Thread.sleep(forTimeInterval: poll)
        }
    }
}
