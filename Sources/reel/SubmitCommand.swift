import ArgumentParser
import CReelSupport
import Foundation
import Reel
import ReelBatch
import ReelFarm

struct SubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Render on a Slurm cluster: a scene split into segments, or a whole batch.",
        discussion: """
            A scene (reel submit SCENE -o OUT --segments N): submits the render of segment I/N for I = 0…N-1 as one Slurm job array, and \
            `reel concat` of the parts as a job that runs after all of them succeeded (afterok). The \
            nodes read every option (limits included) from a job file written here, so the \
            result is byte-identical to `reel render SCENE` with the same options. Prints the job \
            ids; with --wait, waits for the output and exits with the jobs' status (a failed segment \
            is reported with the end of its log).

            The scene, its images, the output's folder and this reel binary must have the same paths \
            on every node (shared storage), and every node must run this reel version: each job \
            checks that first. Parts and logs are kept in a hidden folder beside the output until \
            the join. Arguments after -- go to sbatch (both jobs): reel submit s.yaml -o s.mp4 \
            --segments 8 -- --account=video --time=30.

            A batch (reel submit INPUT… -o OUTDIR without --segments, INPUT as for 'reel batch': \
            folders, manifests, scenes, one scene file too): outputs that are up to date are skipped and invalid scenes reported at once, \
            without queueing; every other job is one task of a job array, and a job whose video is \
            longer than --split-seconds is split into segments, a task each. A last job (afterany) \
            joins the segments and writes the reports (--report, --junit, --html) as 'reel batch' \
            does; with --wait, the summary is printed and the exit status is reel batch's. The \
            work folder (OUTDIR/.reel-farm-batch-…) keeps the plan and every task's log.
            """)

    /// Everything after `--` lands here too (a parser cannot have two positional lists); `inputs`
    /// and `sbatchOptions` tell them apart.
    @Argument(
        help: ArgumentHelp(
            "A scene file to split into --segments, or scene files, folders and batch manifests to render as a batch; after --, options for sbatch (for every job).",
            valueName: "input"),
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var positionals: [String]

    /// The arguments after `--`, for sbatch.
    var sbatchOptions: [String] {
        let arguments = CommandLine.arguments
        guard let end = arguments.firstIndex(of: "--") else { return [] }
        return Array(arguments[(end + 1)...].suffix(positionals.count))
    }

    var inputs: [String] { Array(positionals.dropLast(sbatchOptions.count)) }

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The output file for a scene; the output folder for a batch (on shared storage).", valueName: "path"))
    var output: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A scene: how many segments (array tasks) to render.", valueName: "n"))
    var segments: Int?

    @Option(
        name: .customLong("split-seconds"), parsing: .unconditional,
        help: ArgumentHelp(
            "A batch: split a job whose video is longer than this into segments of about this length (default \(JSONValue.format(FarmBatch.defaultSplitSeconds)); 0: never).",
            valueName: "s"))
    var splitSeconds: Double?

    @Flag(help: "Wait until the output is written (or a job failed), and exit with that status.")
    var wait = false

    @Option(help: ArgumentHelp("The Slurm partition to run in (default: the cluster's).", valueName: "p"))
    var partition: String?

    @OptionGroup var encoding: EncodingOptions

    @Option(
        name: .customLong("chunk-seconds"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds per independently encoded chunk; a segment is whole chunks (default \(JSONValue.format(ChunkGrid.defaultSeconds))).",
            valueName: "s"))
    var chunkSeconds: Double?

    @OptionGroup(title: "Batch options") var batch: BatchJobOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Threads each task draws frames with (default: one per core of its node).", valueName: "n"))
    var threads: Int?

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("Give a scene file, or folders and manifests to render as a batch.") }
        if let segments, !(1...10_000).contains(segments) {
            throw ValidationError("--segments must be 1…10000, got \(segments).")
        }
        if let splitSeconds, !(splitSeconds >= 0) {
            throw ValidationError("--split-seconds must be 0 or more, got \(splitSeconds).")
        }
    }

    /// `--segments` splits one scene; without it the inputs are a batch (one scene file too).
    func run() throws {
        if segments != nil { try runScene() } else { try runBatch() }
    }

    private func runScene() throws {
        guard let segments, inputs.count == 1 else {
            throw CommandFailure.invalid(
                "--segments splits one scene file; to submit several inputs as a batch, leave --segments out")
        }
        var inputIsFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: inputs[0], isDirectory: &inputIsFolder),
            inputIsFolder.boolValue || BatchManifest.isManifest(path: inputs[0])
        {
            throw CommandFailure.invalid(
                "--segments splits one scene file, and \(inputs[0]) is a \(inputIsFolder.boolValue ? "folder" : "batch manifest"); "
                    + "leave --segments out to submit it as a batch (long jobs are split by --split-seconds)")
        }
        let notHere = batch.given + (splitSeconds != nil ? ["--split-seconds"] : [])
        if let first = notHere.first {
            throw CommandFailure.invalid(
                "\(first) is for batches (folders, manifests); a scene is split with --segments")
        }
        let scene = inputs[0]
        // Every option goes to the nodes in the job file; a memory budget not given is each node's.
        let options = try RenderOptions(
            limits: limits, encoding: encoding, threads: threads, chunkSeconds: chunkSeconds, memory: .node)
        // Checked here first: a scene that cannot render must not wait in a queue to fail N times.
        let loaded = try SceneInput.load(RenderJob(scene: scene, options: options), quiet: false)
        let outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
        let folder = (outputPath as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure.invalid("cannot write \(output): the folder \(folder) does not exist")
        }
        // The last segment planned here says whether the scene splits that many ways (enough
        // chunks; not a GIF) before anything waits in a queue.
        do {
            var last = options
            last.segment = Segment(index: segments - 1, count: segments)
            _ = try loaded.with(options: last).plan(output: outputPath)
        } catch RenderJobError.invalid(let message) {
            throw CommandFailure.invalid("--segments \(segments): \(message)")
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
        let job = RenderJob(
            scene: URL(fileURLWithPath: scene).standardizedFileURL.path, options: options, outputs: [outputPath])
        var submission = SlurmSubmission(
            job: job, segments: segments, reel: BatchCommand.executable, version: BuildVersion.text)
        submission.partition = partition
        submission.sbatchArguments = sbatchOptions
        do {
            let jobs = try Slurm.submit(submission)
            Terminal.print(
                "segments: job \(jobs.segmentsJob) (an array of \(segments))"
                    + (jobs.concatJob.map { ", join: job \($0)" } ?? ""))
            Terminal.print("output: \(outputPath)")
            guard wait else { return }
            reel_install_interrupt_handlers()
            try Slurm.wait(
                for: jobs, progress: { Terminal.write("\($0)\n") }, shouldStop: { reel_interrupt_signal() != 0 })
            Terminal.write("\(outputPath): done\n")
        } catch let error as SlurmError {
            throw CommandFailure(message: error.description, exitCode: error.exitCode)
        }
    }

    private func runBatch() throws {
        if chunkSeconds != nil {
            throw CommandFailure.invalid(
                "--chunk-seconds is for one scene split with --segments; a batch's jobs use \(JSONValue.format(ChunkGrid.defaultSeconds)) s chunks"
            )
        }
        let outputFolder = URL(fileURLWithPath: output).standardizedFileURL.path
        let options = try RenderOptions(
            limits: limits, encoding: encoding, threads: threads, force: batch.force, memory: .node)
        let plan = try batch.plan(
            inputs: inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path }, output: outputFolder,
            options: options)
        var settings = FarmBatch.Settings(outputDirectory: outputFolder)
        settings.force = batch.force
        settings.baseline = batch.baseline.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        settings.reports = batch.reportFiles
        for path in [\BatchReport.Files.json, \.junit, \.html] {
            settings.reports[keyPath: path] = settings.reports[keyPath: path].map {
                URL(fileURLWithPath: $0).standardizedFileURL.path
            }
        }
        if let splitSeconds { settings.splitSeconds = splitSeconds }
        do {
            let work = try Slurm.makeBatchWorkFolder(in: outputFolder)
            let farm = FarmBatch(plan: plan, settings: settings, version: ReelVersion.string, work: work)
            try farm.save(to: work)
            let decided = farm.jobs.filter { $0.decided != nil }.count
            let split = farm.jobs.filter { $0.segments > 1 }
            Terminal.print(
                "jobs: \(farm.jobs.count) (\(decided) decided here: up to date or invalid), tasks: \(farm.tasks.count)"
                    + (split.isEmpty
                        ? ""
                        : " (\(split.count) long \(split.count == 1 ? "job" : "jobs") split into \(split.map(\.segments).reduce(0, +)) segments)")
            )
            let report: BatchReport
            if farm.tasks.isEmpty {
                // Nothing to render: the reports are written here, no queue needed, nothing kept.
                defer { try? FileManager.default.removeItem(atPath: work) }
                report = try FarmBatch.merge(work: work)
            } else {
                let jobs: SubmittedBatch
                do {
                    jobs = try Slurm.submit(
                        batch: farm, work: work, reel: BatchCommand.executable, version: BuildVersion.text,
                        partition: partition, sbatchArguments: sbatchOptions)
                } catch {
                    try? FileManager.default.removeItem(atPath: work)
                    throw error
                }
                Terminal.print(
                    "tasks: job \(jobs.tasksJob ?? "-") (an array of \(farm.tasks.count)), merge: job \(jobs.mergeJob ?? "-")"
                )
                Terminal.print("work folder: \(work)")
                guard wait else { return }
                reel_install_interrupt_handlers()
                report = try Slurm.wait(
                    for: jobs, progress: { Terminal.write("\($0)\n") }, shouldStop: { reel_interrupt_signal() != 0 })
            }
            let display = BatchProgress(total: report.jobs.count, keyValue: false, quiet: false)
            for (index, job) in report.jobs.enumerated() { display.handle(.finished(job: index, job)) }
            display.finish(report)
            if report.hasFailures(failOnChange: batch.failOnChange) { throw ExitCode(ExitStatus.failure) }
            try? FileManager.default.removeItem(atPath: work)
        } catch let error as SlurmError {
            throw CommandFailure(message: error.description, exitCode: error.exitCode)
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
    }
}
