import ArgumentParser
import CReelSupport
import Foundation
import Reel
import ReelBatch

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many scenes unattended: skips what is up to date, reports every job.",
        discussion: """
            INPUT is any mix of scene files, folders (searched recursively for .yaml, .yml and \
            .json scenes) and batch manifests (files with 'reel-batch: 1'). Outputs mirror the \
            inputs under the output folder (folders are created): scenes/ui/card.yaml found in \
            'scenes' renders to OUT/ui/card.mp4.

            Each job renders in a process of its own, so a scene that crashes or runs out of \
            memory fails its job only. An output is skipped when it is up to date: rendered by \
            this reel version with the same options from the same scene bytes and the same bytes \
            of every file the scene read (a record .NAME.reel.json beside it says so). A deleted, \
            truncated or replaced output is rendered again.

            The files a scene names (images, fonts, audio, Lottie) must be inside its root: the \
            folder given here for the scenes found in it, the manifest's folder for its jobs, \
            else the scene's folder; --root DIR sets one root for every job.

            Exit status: 0 when no job failed, 1 when one did (invalid scene, failure, timeout, \
            interrupt; with --fail-on-change also a change against --baseline), 2 when the inputs \
            themselves are unusable.

            Examples:
              reel batch scenes -o out --report out/report.json --html out/index.html
              reel batch nightly.yaml -o /srv/clips --junit junit.xml --baseline /srv/clips-yesterday
              reel batch scenes -o out --dry-run
            """)

    @Argument(
        help: ArgumentHelp("Scene files, folders of scenes and batch manifests.", valueName: "input"),
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var inputs: [String]

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("The output folder (default: the current folder).", valueName: "dir"))
    var outputFolder: String?

    private var output: String { outputFolder ?? "." }

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Jobs rendered at once (default \(BatchCommand.defaultJobs)).", valueName: "n"))
    var jobs: Int?

    @Flag(
        name: .customLong("dry-run"),
        help:
            "List each job and why it would render (new, scene changed, FILE changed, options changed, reel changed), render nothing."
    )
    var dryRun = false

    @Flag(
        name: .customLong("fail-fast"), help: "Stop at the first job that fails (the rest are reported 'interrupted').")
    var failFast = false

    @OptionGroup var batch: BatchJobOptions

    /// For every job (a manifest's defaults and a job's own options win).
    @OptionGroup var encoding: EncodingOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Threads each job draws frames with (default: one per core).", valueName: "n"))
    var threads: Int?

    @Flag(name: [.short, .long], help: "Print only failures and the summary.")
    var quiet = false

    @Flag(
        help:
            "Print progress as key=value blocks on stdout (job, status, jobs_done, jobs_total, …, progress=continue/end)."
    )
    var progress = false

    /// The scene limits of `render` (`--max-memory` is per job here: default the machine's memory
    /// divided by --jobs). Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    /// Measured with tools/bench-batch on 2 cores (40 small scenes): one job at a time 28.6 s,
    /// two 24.5 s, three 24.6 s, four 26.7 s. One render already keeps 1.8 cores busy (four
    /// encoder threads, one drawing thread per core), so a second job fills the rest.
    static let defaultJobs = 2

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("Give scene files, folders or batch manifests to render.") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be 1…64, got \(jobs).") }
    }

    func run() throws {
        let jobs = self.jobs ?? Self.defaultJobs
        let options = try RenderOptions(
            limits: limits, encoding: encoding, threads: threads, force: batch.force, memory: .perWorker(jobs: jobs))
        let plan = try batch.plan(inputs: inputs, output: output, options: options)
        var settings = BatchRunner.Settings(
            jobs: jobs, outputDirectory: output, worker: [Self.executable, "_worker"], version: ReelVersion.string)
        settings.force = batch.force
        settings.failFast = failFast
        settings.baseline = batch.baseline
        let display = BatchProgress(total: plan.jobs.count, keyValue: progress, quiet: quiet)
        Self.installInterruptHandlers()
        let runner = BatchRunner(
            plan: plan, settings: settings, events: display.handle, shouldStop: { reel_interrupt_signal() != 0 })
        if dryRun {
            display.dryRun(plan: plan, staleness: runner.staleness())
            return
        }
        let result = runner.run()
        display.finish(result)
        do { try result.write(batch.reportFiles) } catch let error as RenderJobError { throw CommandFailure(error) }
        if reel_interrupt_signal() != 0 { throw ExitCode(128 + reel_interrupt_signal()) }
        if result.hasFailures(failOnChange: batch.failOnChange) { throw ExitCode(ExitStatus.failure) }
    }

    /// The orderly stop of a process that runs workers: its forced exit comes after the workers'
    /// own deadline and the moment they are killed (`BatchRunner.stopGrace`), with time left to
    /// write the reports.
    static func installInterruptHandlers() {
        reel_install_interrupt_handlers()
        reel_set_forced_exit_delay(Int32((BatchRunner.stopGrace + 0.3) * 1000))
    }

    /// This program, to run workers with (the same binary, so the same version).
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
