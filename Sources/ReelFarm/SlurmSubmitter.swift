import Foundation
import Reel

/// A render split into segments on a Slurm cluster: a job array renders the segments
/// (`reel _job FILE --segment I/N`, FILE the render job written to the work folder), a job that
/// depends on it (`afterok`) joins them (`reel concat`). Slurm is the engine; this only writes the
/// job file and the two job scripts and submits them.
///
/// Assumptions, as on every render farm: the scene, its images, the output folder and the reel
/// binary have the same paths on every node (shared storage: NFS, CephFS, …), and every node runs
/// the same reel version — each task checks that first and fails with a clear message if not.
public struct SlurmSubmission: Sendable {
    /// What every segment renders: the scene and its one output as absolute paths, and every
    /// option resolved (limits, encoding, threads; a nil `maxMemory` is decided on each node).
    public var job: RenderJob
    public var segments: Int
    public var partition: String?
    /// More `sbatch` options, for both jobs (`--account=…`, `--time=…`).
    public var sbatchArguments: [String] = []
    /// The reel executable the nodes run (the submitting one: shared storage).
    public var reel: String
    /// What every node's `reel --version` must print (the whole text: version, commit, libraries).
    public var version: String

    public init(job: RenderJob, segments: Int, reel: String, version: String) {
        self.job = job
        self.segments = segments
        self.reel = reel
        self.version = version
    }

    var scene: String { job.scene }
    var output: String { job.outputs.first ?? "" }
}

/// The jobs a submission made.
public struct SubmittedRender: Sendable {
    /// The job array that renders the segments (its id), and the job that joins them.
    public var segmentsJob: String
    public var concatJob: String?
    /// Where the parts and the jobs' logs are (beside the output, hidden), until the join.
    public var workFolder: String
    public var output: String
    public var segments: Int
}

/// What went wrong on the cluster.
public struct SlurmError: Error, CustomStringConvertible {
    public var description: String
    /// 2 for what the user must fix before anything runs (no Slurm, bad arguments), 1 for failures.
    public var exitCode: Int32
    init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }
}

public enum Slurm {
    /// The path of a Slurm command on PATH, or nil.
    public static func command(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Submits the segment array and the dependent join.
    /// - Throws: `SlurmError` (exit status 2 when Slurm is not installed or refuses the job).
    public static func submit(_ s: SlurmSubmission) throws -> SubmittedRender {
        let sbatch = try sbatch()
        let folder = (s.output as NSString).deletingLastPathComponent
        let name = (s.output as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let tag = String(format: "%08x", UInt32.random(in: 0...UInt32.max))
        let work = folder + "/." + name + ".reel-farm-" + tag
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
        } catch {
            throw SlurmError("cannot create \(work): \(error.localizedDescription)")
        }
        let sequence = ext.lowercased() == "png"
        let check = versionCheck(reel: s.reel, version: s.version)
        // A PNG sequence's segments write their frames straight into the sequence: nothing to join.
        let part = sequence ? quote(s.output) : quote(work) + "/part-$SLURM_ARRAY_TASK_ID." + ext
        let jobFile = work + "/job.json"
        let segmentScript = """
            #!/bin/sh
            # reel submit: segment $SLURM_ARRAY_TASK_ID of \(s.segments) of \(s.scene)
            \(check)
            exec \(quote(s.reel)) _job \(quote(jobFile)) --segment "$SLURM_ARRAY_TASK_ID/\(s.segments)" -o \(part)

            """
        // Nothing queued, nothing kept: a refused submission leaves no folder behind.
        var queued = false
        defer { if !queued { try? FileManager.default.removeItem(atPath: work) } }
        do { try s.job.write(to: jobFile) } catch { throw SlurmError("\(error)") }
        try write(segmentScript, to: work + "/segment.sh")
        let common = commonArguments(name: name, partition: s.partition, extra: s.sbatchArguments)
        let array = jobID(
            try run(
                sbatch,
                common + [
                    "--array=0-\(s.segments - 1)", "--output=\(pattern(work))/segment-%a.log", work + "/segment.sh"
                ]))
        queued = true
        var concat: String?
        if !sequence {
            let concatScript = """
                #!/bin/sh
                # reel submit: joins the \(s.segments) segments of \(s.scene) into \(s.output)
                \(check)
                \(quote(s.reel)) concat \(quote(work))/part-*.\(ext) -o \(quote(s.output)) && rm -rf \(quote(work))

                """
            try write(concatScript, to: work + "/concat.sh")
            concat = jobID(
                try run(
                    sbatch,
                    common + [
                        "--dependency=afterok:\(array)", "--kill-on-invalid-dep=yes",
                        "--output=\(pattern(work))/concat.log", work + "/concat.sh"
                    ]))
        }
        return SubmittedRender(
            segmentsJob: array, concatJob: concat, workFolder: work, output: s.output, segments: s.segments)
    }

    /// Waiting stopped (Ctrl-C): the jobs are the cluster's now, and go on.
    static func stoppedWaiting(_ jobs: [String]) -> SlurmError {
        SlurmError(
            "stopped waiting; the jobs go on in Slurm (squeue shows them; scancel \(jobs.joined(separator: " ")) stops them)",
            exitCode: 130)
    }

    /// The lines a job script starts with: this node's `reel --version` must print `version`, the
    /// submitting machine's whole text (several lines: version, commit, library versions).
    static func versionCheck(reel: String, version: String) -> String {
        """
        version=$(\(quote(reel)) --version 2>&1) || { echo "reel cannot run on $(hostname): \(quote(reel))" >&2; exit 3; }
        if [ "$version" != \(quote(version)) ]; then
          echo "reel at \(quote(reel)) on $(hostname) differs from the submitting machine's: every node needs the same build and libraries" >&2
          printf '%s\\n' "-- this node:" "$version" "-- the submitting machine:" \(quote(version)) >&2
          exit 3
        fi
        """
    }

    /// The sbatch options of every job reel submits.
    static func commonArguments(name: String, partition: String?, extra: [String]) -> [String] {
        ["--parsable", "--job-name=reel-\(name)"] + (partition.map { ["--partition=\($0)"] } ?? []) + extra
    }

    /// `sbatch`, or the error that says what to install.
    static func sbatch() throws -> String {
        guard let sbatch = command("sbatch") else {
            throw SlurmError(
                "reel submit needs Slurm's sbatch on PATH, on a machine of a Slurm cluster "
                    + "(Debian: apt-get install slurm-client; or render segments with 'reel render --segment I/N' and any other engine)",
                exitCode: 2)
        }
        return sbatch
    }

    /// Waits until the render is finished: the joined output exists, or a job failed.
    /// - Throws: `SlurmError` naming each failed segment with the end of its log.
    public static func wait(
        for jobs: SubmittedRender, poll: TimeInterval = 1, progress: (String) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) throws {
        guard let scontrol = command("scontrol") else {
            throw SlurmError("--wait needs Slurm's scontrol on PATH", exitCode: 2)
        }
        let last = jobs.concatJob ?? jobs.segmentsJob
        var lastStates = ""
        while true {
            if shouldStop() { throw stoppedWaiting([jobs.segmentsJob, jobs.concatJob].compactMap { $0 }) }
            let segments = states(scontrol, jobs.segmentsJob)
            let summary = Dictionary(grouping: segments.values, by: { $0 }).map {
                "\($0.value.count) \($0.key.lowercased())"
            }.sorted()
                .joined(separator: ", ")
            if summary != lastStates, !summary.isEmpty {
                progress("segments: \(summary)")
                lastStates = summary
            }
            let failed = segments.filter {
                !["COMPLETED", "PENDING", "RUNNING", "CONFIGURING", "COMPLETING"].contains($0.value)
            }
            if !failed.isEmpty {
                if let concat = jobs.concatJob, let scancel = command("scancel") { _ = try? run(scancel, [concat]) }
                let reports = failed.keys.sorted().map { task -> String in
                    let log =
                        InputFile.tail("\(jobs.workFolder)/segment-\(task).log", limit: 16384) ?? ""
                    let tail = log.split(separator: "\n").suffix(8).map { "    \($0)" }.joined(separator: "\n")
                    return
                        "segment \(task) of \(jobs.segments) \(failed[task]!.lowercased()) (job \(jobs.segmentsJob)_\(task)); its log, \(jobs.workFolder)/segment-\(task).log:\n\(tail)"
                }
                throw SlurmError(reports.joined(separator: "\n"))
            }
            let state = states(scontrol, last).values.first
            if state == "COMPLETED" || (state == nil && FileManager.default.fileExists(atPath: jobs.output)) {
                guard FileManager.default.fileExists(atPath: jobs.output) || jobs.concatJob == nil else {
                    throw SlurmError(
                        "the join finished but \(jobs.output) is not there; see \(jobs.workFolder)/concat.log")
                }
                return
            }
            if let state, !["PENDING", "RUNNING", "CONFIGURING", "COMPLETING"].contains(state) {
                let log = InputFile.tail("\(jobs.workFolder)/concat.log", limit: 16384) ?? ""
                throw SlurmError(
                    "joining the segments \(state.lowercased()) (job \(last)); \(jobs.workFolder)/concat.log:\n"
                        + log.split(separator: "\n").suffix(8).map { "    \($0)" }.joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: poll)
        }
    }

    /// Each task's state by array index ("0", "1", …; "" for a job that is not an array).
    static func states(_ scontrol: String, _ job: String) -> [String: String] {
        guard let text = try? run(scontrol, ["show", "job", "-o", job]) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = Dictionary(
                line.split(separator: " ").compactMap { pair -> (String, String)? in
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
                }, uniquingKeysWith: { a, _ in a })
            guard let state = fields["JobState"] else { continue }
            result[fields["ArrayTaskId"] ?? ""] = state
        }
        return result
    }

    /// Runs a Slurm command; its standard output, trimmed.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let name = (tool as NSString).lastPathComponent
            throw SlurmError(
                "\(name) failed: \(String(decoding: error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The job id `sbatch --parsable` prints: "ID" or "ID;cluster".
    static func jobID(_ output: String) -> String {
        output.split(separator: ";").first.map(String.init) ?? output
    }

    static func write(_ script: String, to path: String) throws {
        do {
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
            throw SlurmError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// A path inside an sbatch file name pattern: Slurm reads `%` as the start of a field
    /// (`%a`, `%j`), so a path with one (a PNG sequence's `%04d`) doubles it.
    static func pattern(_ path: String) -> String { path.replacingOccurrences(of: "%", with: "%%") }

    /// `text` as one shell word.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
