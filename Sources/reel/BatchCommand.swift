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

            Exit status: 0 when no job failed, 1 when one did (invalid scene, failure, timeout, \
            interrupt; with --fail-on-change also a change against --baseline), 2 when the inputs \
            themselves are unusable.

            Examples:
              reel batch scenes -o out --report out/report.json --html out/index.html
              reel batch nightly.yaml -o /srv/clips --junit junit.xml --baseline /srv/clips-yesterday
              reel batch scenes -o out --dry-run
            """)

    @Argument(help: ArgumentHelp("Scene files, folders of scenes and batch manifests.", valueName: "input"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var inputs: [String]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The output folder (default: the current folder).", valueName: "dir"))
    var outputFolder: String?

    private var output: String { outputFolder ?? "." }

    @Option(help: ArgumentHelp("Format of outputs a manifest does not name: mp4 (the default), mov, webm, gif or png (a PNG sequence).", valueName: "ext"))
    var format: String = "mp4"

    @Option(parsing: .unconditional, help: ArgumentHelp("Jobs rendered at once (default \(BatchCommand.defaultJobs)).", valueName: "n"))
    var jobs: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop a job after this many seconds and report it 'timeout'.", valueName: "s"))
    var timeout: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Try a job that failed while rendering again, up to n times (never an invalid scene).", valueName: "n"))
    var retries: Int?

    @Flag(name: [.customShort("y"), .long], help: "Render every output, even those up to date (and replace read-only ones).")
    var force = false

    @Flag(name: .customLong("dry-run"), help: "List each job and why it would render (new, scene changed, FILE changed, options changed, reel changed), render nothing.")
    var dryRun = false

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first job that fails (the rest are reported 'interrupted').")
    var failFast = false

    @Option(help: ArgumentHelp("Write the JSON report here.", valueName: "file"))
    var report: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report here (one test case per job), for CI.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a self-contained HTML page for review here: thumbnails, videos, errors, baseline changes.", valueName: "file"))
    var html: String?

    @Option(help: ArgumentHelp("Compare each output with the same-named file in this folder (e.g. last night's outputs).", valueName: "dir"))
    var baseline: String?

    @Flag(name: .customLong("fail-on-change"), help: "With --baseline: a changed scene is a failure (exit status, JUnit).")
    var failOnChange = false

    /// For every job (a manifest's defaults and a job's own options win).
    @OptionGroup var encoding: EncodingOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads each job draws frames with (default: one per core).", valueName: "n"))
    var threads: Int?

    @Flag(name: [.short, .long], help: "Print only failures and the summary.")
    var quiet = false

    @Flag(help: "Print progress as key=value blocks on stdout (job, status, jobs_done, jobs_total, …, progress=continue/end).")
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
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be more than 0 seconds.") }
        if let retries, !(0...10).contains(retries) { throw ValidationError("--retries must be 0…10, got \(retries).") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1…256, got \(threads).") }
        if !["mp4", "mov", "webm", "gif", "png"].contains(format) { throw ValidationError("--format must be mp4, mov, webm, gif or png, got \(format).") }
        if failOnChange && baseline == nil { throw ValidationError("--fail-on-change needs --baseline DIR.") }
    }

    func run() throws {
        var options = encoding.batchOptions
        (options.timeout, options.retries) = (timeout, retries)
        let plan: BatchPlan
        do {
            plan = try BatchPlan(inputs: inputs, settings: .init(outputDirectory: output, options: options, format: format))
        } catch let error as BatchInputError {
            for problem in error.problems { problem.print() }
            throw ExitCode(ExitStatus.invalidInput)
        }
        if let baseline, !FileManager.default.fileExists(atPath: baseline) {
            throw CommandFailure.invalid("--baseline \(baseline): no such folder")
        }
        var settings = BatchRunner.Settings(jobs: jobs ?? Self.defaultJobs, outputDirectory: output,
                                            worker: [Self.executable, "_worker"], version: ReelVersion.string)
        settings.threadsPerJob = threads
        settings.maxMemoryPerJob = try limits.maxMemory.map(MemorySize.parse) ?? MemorySize.physical / max(settings.jobs, 1)
        settings.limits = limits.sceneLimits
        settings.force = force
        settings.failFast = failFast
        settings.baseline = baseline
        let display = BatchProgress(total: plan.jobs.count, keyValue: progress, quiet: quiet)
        reel_install_interrupt_handlers()
        let runner = BatchRunner(plan: plan, settings: settings, events: display.handle, shouldStop: { reel_interrupt_signal() != 0 })
        if dryRun {
            display.dryRun(plan: plan, staleness: runner.staleness())
            return
        }
        let result = runner.run()
        display.finish(result)
        try writeReports(result)
        if reel_interrupt_signal() != 0 { throw ExitCode(128 + reel_interrupt_signal()) }
        if result.hasFailures(failOnChange: failOnChange) { throw ExitCode(ExitStatus.failure) }
    }

    private func writeReports(_ result: BatchReport) throws {
        var written: [(String, String)] = []
        if let report { written.append((report, result.json.pretty + "\n")) }
        if let junit { written.append((junit, JUnitReport.xml(result, failOnChange: failOnChange))) }
        if let html { written.append((html, HTMLReport.html(result, relativeTo: (html as NSString).deletingLastPathComponent))) }
        for (path, text) in written {
            do {
                try BatchWorker.createFolders(for: path)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandFailure.failed("cannot write \(path): \(error)")
            }
        }
    }

    /// This program, to run workers with (the same binary, so the same version).
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
