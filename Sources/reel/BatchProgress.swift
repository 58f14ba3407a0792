import Foundation
import Reel
import ReelBatch

/// What `reel batch` shows while it runs: a line per finished job on stderr (failures with their
/// diagnostics), an overall bar under them when stderr is a terminal, or `key=value` blocks on
/// stdout for scripts (`--progress`), and a summary at the end.
final class BatchProgress: @unchecked Sendable {
    private let total: Int
    private let keyValue: Bool
    private let quiet: Bool
    private let bar: Bool
    private let lock = NSLock()
    private var finished = 0
    private var running: [Int: (done: Int, total: Int)] = [:]
    private var lastDraw = 0.0
    private let clock = DispatchTime.now().uptimeNanoseconds

    init(total: Int, keyValue: Bool, quiet: Bool) {
        self.total = total
        self.keyValue = keyValue
        self.quiet = quiet
        bar = !keyValue && !quiet && Terminal.stderrIsTerminal
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9 }

    func handle(_ event: BatchRunner.Event) {
        lock.withLock {
            switch event {
            case .started(let job, _):
                running[job] = (0, 0)
            case .progress(let job, let done, let all):
                running[job] = (done, all)
                if bar, elapsed - lastDraw >= 0.1 { drawBar() }
            case .finished(let job, let report):
                running[job] = nil
                finished += 1
                if keyValue { printBlock(job: job, report) }
                if bar { Terminal.write("\r\u{1B}[2K") }
                if !quiet || report.status.isFailure { printLine(report) }
                if bar { drawBar() }
            }
        }
    }

    /// `[ 3/20] rendered  ui/card.yaml → out/ui/card.mp4  (scene changed)  240 frames, 1.2 s`
    private func printLine(_ r: JobReport) {
        let width = String(total).count
        let count = String(repeating: " ", count: width - String(finished).count) + "\(finished)/\(total)"
        let colour =
            switch r.status {
            case .rendered: "32"
            case .skipped: "2"
            default: "1;31"
            }
        let status = Terminal.paint(r.status.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0), colour)
        // The scene, outputs and reason come from the inputs; the status keeps Reel's colour.
        var text = " \(r.scene)"
        if r.status == .rendered { text += " → \(r.outputs.joined(separator: ", "))" }
        text += "  (\(r.reason))"
        var line = "[\(count)] \(status)" + TerminalText.escaped(text, keepNewlines: false)
        if r.status == .rendered { line += "  \(r.frames) frames, \(String(format: "%.1f", r.seconds)) s" }
        if let b = r.baseline, b.status != .unchanged {
            line += "  baseline: \(b.status.rawValue)"
            if b.status == .changed, let worst = b.worstFrame {
                line += " (\(b.framesChanged) frames, worst #\(worst))"
            }
        }
        Terminal.write(line + "\n")
        for problem in r.diagnostics where problem.severity == .error || !quiet { problem.print() }
        if r.status == .failed, let headline = r.logHeadline {
            Terminal.write("    \(TerminalText.escaped(headline, keepNewlines: false))\n")
        }
    }

    private func drawBar() {
        lastDraw = elapsed
        let width = 30
        let partial = running.values.reduce(0.0) { $0 + ($1.total > 0 ? Double($1.done) / Double($1.total) : 0) }
        let fraction = total > 0 ? (Double(finished) + partial) / Double(total) : 1
        let filled = max(0, min(width, Int(saturating: fraction * Double(width))))
        Terminal.write(
            "\r\u{1B}[2K" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                + " \(finished)/\(total) jobs, \(running.count) running, \(ProgressReporter.duration(elapsed))")
    }

    private func printBlock(job: Int, _ r: JobReport) {
        let pairs = [
            ("job", String(job)), ("scene", r.scene), ("status", r.status.rawValue), ("reason", r.reason),
            ("jobs_done", String(finished)), ("jobs_total", String(total)),
            ("elapsed", String(format: "%.2f", elapsed)), ("progress", finished == total ? "end" : "continue")
        ]
        Terminal.print(
            pairs.map { "\($0.0)=\(TerminalText.escaped($0.1.replacingOccurrences(of: "\n", with: " ")))" }.joined(
                separator: "\n"))
    }

    /// `--dry-run`: each job and why it would render.
    func dryRun(plan: BatchPlan, staleness: [[(output: String, reason: String?)]]) {
        var rendering = 0
        for (job, outputs) in zip(plan.jobs, staleness) {
            let stale = outputs.filter { $0.reason != nil }
            if stale.isEmpty {
                if !quiet { Terminal.print("skip    \(job.scene)  (up to date)") }
            } else {
                rendering += 1
                for (output, reason) in stale { Terminal.print("render  \(job.scene) → \(output)  (\(reason ?? ""))") }
            }
        }
        Terminal.print("\(rendering) of \(plan.jobs.count) jobs would render")
    }

    /// The summary line: counts per status and the time.
    func finish(_ report: BatchReport) {
        lock.withLock {
            if bar { Terminal.write("\r\u{1B}[2K") }
            let counts = report.counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
            Terminal.write("\(report.jobs.count) jobs: \(counts) in \(String(format: "%.1f", report.seconds)) s\n")
        }
    }
}
