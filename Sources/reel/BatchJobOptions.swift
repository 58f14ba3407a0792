import ArgumentParser
import Foundation
import Reel
import ReelBatch

/// What `reel batch` and `reel submit` (for batches) share: the outputs' format, how jobs run,
/// and the reports.
struct BatchJobOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Format of outputs a manifest does not name: mp4 (the default), mov, webm, gif or png (a PNG sequence).",
            valueName: "ext"))
    var format: String = "mp4"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Stop a job after this many seconds and report it 'timeout'.", valueName: "s"))
    var timeout: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Try a job that failed while rendering again, up to n times (never an invalid scene).", valueName: "n"))
    var retries: Int?

    @Flag(
        name: [.customShort("y"), .long],
        help: "Render every output, even those up to date (and replace read-only ones).")
    var force = false

    @Option(help: ArgumentHelp("Write the JSON report here.", valueName: "file"))
    var report: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report here (one test case per job), for CI.", valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Write a self-contained HTML page for review here: thumbnails, videos, errors, baseline changes.",
            valueName: "file"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Compare each output with the same-named file in this folder (e.g. last night's outputs).", valueName: "dir"
        ))
    var baseline: String?

    @Flag(
        name: .customLong("fail-on-change"), help: "With --baseline: a changed scene is a failure (exit status, JUnit)."
    )
    var failOnChange = false

    func validate() throws {
        if let message = timeout.flatMap(OptionRange.timeout.refusal) ?? retries.flatMap(OptionRange.retries.refusal) {
            throw ValidationError(message)
        }
        if !["mp4", "mov", "webm", "gif", "png"].contains(format) {
            throw ValidationError("--format must be mp4, mov, webm, gif or png, got \(format).")
        }
        if failOnChange && baseline == nil { throw ValidationError("--fail-on-change needs --baseline DIR.") }
    }

    /// The options a batch-only flag was given with, by name (for commands where they do not apply).
    var given: [String] {
        [
            ("--format", format != "mp4"), ("--timeout", timeout != nil), ("--retries", retries != nil),
            ("--report", report != nil),
            ("--junit", junit != nil), ("--html", html != nil), ("--baseline", baseline != nil)
        ].filter(\.1).map(\.0)
    }

    var reportFiles: BatchReport.Files { .init(json: report, junit: junit, html: html, failOnChange: failOnChange) }

    /// The batch's jobs; bad inputs are printed, located, and end the command (exit status 2).
    /// - Parameter options: every job's options, from the command line (a manifest's win).
    func plan(inputs: [String], output: String, options: RenderOptions) throws -> BatchPlan {
        var settings = BatchPlan.Settings(outputDirectory: output, options: options, format: format)
        (settings.timeout, settings.retries) = (timeout, retries)
        let plan: BatchPlan
        do {
            plan = try BatchPlan(inputs: inputs, settings: settings)
        } catch let error as BatchInputError {
            for problem in error.problems { problem.print() }
            throw ExitCode(ExitStatus.invalidInput)
        }
        if let baseline, !FileManager.default.fileExists(atPath: baseline) {
            throw CommandFailure.invalid("--baseline \(baseline): no such folder")
        }
        return plan
    }
}
