import Foundation
import Reel

/// What a batch did, job by job: the data behind `--report` (JSON), `--junit` and `--html`.
public struct BatchReport: Sendable, Codable {
    /// Reel's version.
    public var version: String
    /// When the batch started (ISO 8601).
    public var started: String
    /// Wall time of the whole batch.
    public var seconds: Double
    /// The output folder.
    public var outputDirectory: String
    /// The baseline folder (`--baseline`), if any.
    public var baselineDirectory: String?
    public var jobs: [JobReport]

    public init(
        version: String, started: String, seconds: Double, outputDirectory: String, baselineDirectory: String?,
        jobs: [JobReport]
    ) {
        self.version = version
        self.started = started
        self.seconds = seconds
        self.outputDirectory = outputDirectory
        self.baselineDirectory = baselineDirectory
        self.jobs = jobs
    }

    /// Jobs per status, in `JobStatus.allCases` order, zero counts included.
    public var counts: [(JobStatus, Int)] {
        JobStatus.allCases.map { status in (status, jobs.filter { $0.status == status }.count) }
    }

    /// Whether any job failed (invalid, failed, timeout, interrupted) — or, with `failOnChange`,
    /// changed against the baseline.
    public func hasFailures(failOnChange: Bool) -> Bool {
        jobs.contains { $0.status.isFailure || (failOnChange && $0.baseline?.status == .changed) }
    }
}

/// How a job ended.
public enum JobStatus: String, Sendable, CaseIterable, Codable {
    /// Every stale output was rendered.
    case rendered
    /// Every output was up to date.
    case skipped
    /// The scene (or the job's options) cannot be rendered; not retried.
    case invalid
    /// Rendering or writing failed, or the renderer crashed (after any retries).
    case failed
    /// Stopped after `--timeout` seconds.
    case timeout
    /// Stopped by Ctrl-C / SIGTERM or `--fail-fast`, or never started.
    case interrupted

    public var isFailure: Bool { self != .rendered && self != .skipped }
}

/// One job's outcome.
public struct JobReport: Sendable {
    /// The scene file, as found (relative to where reel runs, when it was given so).
    public var scene: String
    /// The output paths.
    public var outputs: [String]
    public var status: JobStatus
    /// Why it was rendered (`new`, `scene changed`, `assets/photo.png changed`, `options changed`,
    /// `reel changed`, `output missing`, `output changed`, `--force`), skipped (`up to date`), or
    /// what went wrong.
    public var reason: String
    /// The scene's problems (errors and warnings), with their places.
    public var diagnostics: [SceneProblem]
    /// Frames rendered (skipped jobs: frames of the outputs on disk), summed over outputs.
    public var frames: Int
    /// Wall time spent on the job in this run (0 for skipped jobs).
    public var seconds: Double
    /// Bytes of the outputs.
    public var bytes: Int
    /// How many times the job ran (retries included; 0 when skipped).
    public var attempts: Int
    /// The most memory (resident) a worker of the job used, in bytes; 0 when nothing ran.
    public var peakMemory = 0
    /// The end of the renderer's error output, for failures (a crash's message).
    public var log: String?
    /// A small contact sheet of the scene as a PNG, when known.
    public var sheetPNG: Data?
    /// The comparison with `--baseline`, when asked for.
    public var baseline: BaselineResult?

    public init(
        scene: String, outputs: [String], status: JobStatus, reason: String, diagnostics: [SceneProblem] = [],
        frames: Int = 0, seconds: Double = 0, bytes: Int = 0, attempts: Int = 0, log: String? = nil,
        sheetPNG: Data? = nil, baseline: BaselineResult? = nil
    ) {
        self.scene = scene
        self.outputs = outputs
        self.status = status
        self.reason = reason
        self.diagnostics = diagnostics
        self.frames = frames
        self.seconds = seconds
        self.bytes = bytes
        self.attempts = attempts
        self.log = log
        self.sheetPNG = sheetPNG
        self.baseline = baseline
    }

    /// The line of the log that says most: a fatal error's message when the renderer crashed
    /// (the backtrace after it is for developers), else its last line.
    public var logHeadline: String? {
        let lines = (log ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        return lines.first { $0.contains("Fatal error") || $0.contains("error:") || $0.contains("[error]") }
            ?? lines.last
    }

    /// Frames per second of this run's rendering (0 when nothing was rendered).
    public var fps: Double { seconds > 0 && status == .rendered ? Double(frames) / seconds : 0 }
}

/// How a job's first output compares with the same-named file in the baseline folder.
public struct BaselineResult: Sendable, Codable {
    public enum Status: String, Sendable, Codable {
        /// Every frame within the threshold.
        case unchanged
        /// Some frames differ by more than the threshold, or the frame count or size differs.
        case changed
        /// No same-named file in the baseline.
        case new
        /// The output is missing (the job did not produce it), but the baseline has it.
        case missing
    }

    public var status: Status
    /// The output compared and its baseline counterpart.
    public var output: String
    public var baselinePath: String
    /// Frames compared, and how many of them differ.
    public var framesCompared: Int = 0
    public var framesChanged: Int = 0
    /// The frame that differs most (0-based, in the output), its PSNR in dB (infinity when identical)
    /// and its largest 8×8-block mean difference in 0…255 levels.
    public var worstFrame: Int?
    public var worstPSNR: Double?
    public var worstBlockDifference: Double?
    /// The worst frame's largest shift of a channel's mean, in levels.
    public var worstMeanShift: Double?
    /// The worst frame's mean SSIM (see `SSIM`; 1 when identical). The worst frame is the one of
    /// lowest SSIM, then lowest PSNR, as `reel diff` picks it.
    public var worstSSIM: Double?
    /// Why it is `changed` when frames alone do not say (different frame counts or sizes).
    public var note: String?
    /// Side-by-side pictures of the worst frame for the HTML report: the baseline's, the new one,
    /// and their difference (PNG).
    public var baselinePNG: Data?
    public var currentPNG: Data?
    public var differencePNG: Data?

    public init(status: Status, output: String, baselinePath: String) {
        self.status = status
        self.output = output
        self.baselinePath = baselinePath
    }
}
