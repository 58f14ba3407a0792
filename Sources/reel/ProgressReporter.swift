import Foundation
import Reel

/// Render progress: a one-line bar on stderr when it is a terminal, or `key=value` blocks on
/// stdout for scripts (`--progress`), and the summary line at the end.
///
/// The `--progress` blocks are framed like ffmpeg's `-progress` output (one `key=value` per
/// line, each block ending with `progress=continue`, the last with `progress=end`), so a loop
/// that reads ffmpeg's reads Reel's; the keys are Reel's own.
///
/// ```
/// stage=encoding
/// frame=120
/// total_frames=600
/// percent=20.0
/// fps=48.21
/// elapsed=2.49
/// eta=9.96
/// progress=continue
/// ```
final class ProgressReporter {
    enum Mode {
        case none, bar, keyValue
    }

    let mode: Mode
    private var lastDraw = -Double.infinity
    private var drew = false
    private let clock = DispatchTime.now().uptimeNanoseconds

    /// - Parameters:
    ///   - keyValue: `--progress` was given.
    ///   - quiet: `--quiet` was given (no bar; key=value blocks still print when asked for).
    init(keyValue: Bool, quiet: Bool) {
        mode = keyValue ? .keyValue : (!quiet && Terminal.stderrIsTerminal ? .bar : .none)
    }

    /// Seconds since the reporter was created (the render's wall time, loading included).
    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9 }

    func update(_ p: RenderSession.Progress) {
        let final = p.framesDone == p.frameCount
        switch mode {
        case .none:
            return
        case .bar:
            // Redraw at most 10 times a second, and always for the last frame.
            guard p.totalElapsed - lastDraw >= 0.1 || final else { return }
            lastDraw = p.totalElapsed
            Terminal.write("\r\u{1B}[2K" + Self.bar(p))
            drew = true
        case .keyValue:
            // Twice a second (as ffmpeg does), plus the end of each stage.
            guard p.totalElapsed - lastDraw >= 0.5 || final else { return }
            lastDraw = p.totalElapsed
            let end = final && p.stage == .encoding
            Self.printBlock(Self.keyValues(p) + [("progress", end ? "end" : "continue")])
        }
    }

    /// The bar line: `████░░░ 120/600 frames  48 fps  ETA 10s`.
    static func bar(_ p: RenderSession.Progress) -> String {
        let width = 30
        let filled = p.frameCount > 0 ? width * p.framesDone / p.frameCount : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let eta = p.remaining.isFinite ? duration(p.remaining) : "–"
        let label = p.stage == .analysing ? "palette " : ""
        return "\(label)\(bar) \(p.framesDone)/\(p.frameCount) frames  "
            + "\(String(format: "%.0f", p.framesPerSecond)) fps  ETA \(eta)"
    }

    static func keyValues(_ p: RenderSession.Progress) -> [(String, String)] {
        let percent = p.frameCount > 0 ? 100 * Double(p.framesDone) / Double(p.frameCount) : 100
        return [
            ("stage", p.stage.rawValue),
            ("frame", String(p.framesDone)),
            ("total_frames", String(p.frameCount)),
            ("percent", String(format: "%.1f", percent)),
            ("fps", String(format: "%.2f", p.framesPerSecond)),
            ("elapsed", String(format: "%.2f", p.totalElapsed)),
            ("eta", p.remaining.isFinite ? String(format: "%.2f", p.remaining) : "N/A")
        ]
    }

    private static func printBlock(_ pairs: [(String, String)]) {
        let text = pairs.map { "\($0.0)=\($0.1)\n" }.joined()
        Terminal.send(text, to: 1)
    }

    /// Ends the progress line so the next message starts on a clean line.
    func finishLine() {
        if drew { Terminal.write("\r\u{1B}[2K") }
        drew = false
    }

    /// `out.mp4: 600 frames, 1920×1080 at 60 fps (10.00 s), H.264 MP4, rendered in 12.3 s (49 fps), 2.9 MB`
    func summary(output: String, format: String, frames: Int, bytes: Int, width: Int, height: Int, fps: Double)
        -> String
    {
        let seconds = elapsed
        let rate = seconds > 0 ? Double(frames) / seconds : 0
        return Self.summary(
            output: output,
            details: "\(frames) frame\(frames == 1 ? "" : "s"), \(width)×\(height) at \(JSONValue.format(fps)) fps "
                + "(\(String(format: "%.2f", Double(frames) / fps)) s), \(format)",
            seconds: seconds, rate: "\(String(format: "%.0f", rate)) fps", bytes: bytes)
    }

    /// `OUTPUT: DETAILS, rendered in 1.2 s (RATE), SIZE`: the summary line of every command that
    /// writes a file (`render`, `still`, `sheet`), so they read alike.
    static func summary(output: String, details: String, seconds: Double, rate: String? = nil, bytes: Int) -> String {
        "\(output): \(details), rendered in \(String(format: "%.1f", seconds)) s"
            + (rate.map { " (\($0))" } ?? "") + ", \(size(bytes))"
    }

    /// Prints the summary line of a PNG `still` or `sheet` wrote (`details` says what it shows),
    /// `start` being when the command started (`DispatchTime`'s nanoseconds).
    static func printWritten(_ output: String, details: String, since start: UInt64) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        Terminal.write(summary(output: output, details: details, seconds: seconds, bytes: bytes) + "\n")
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(saturating: seconds.rounded(.up))
        return s >= 60 ? "\(s / 60)m\(String(format: "%02d", s % 60))s" : "\(s)s"
    }

    static func size(_ bytes: Int) -> String {
        let b = Double(bytes)
        if b >= 1_000_000 { return String(format: "%.1f MB", b / 1_000_000) }
        if b >= 1_000 { return String(format: "%.0f kB", b / 1_000) }
        return "\(bytes) bytes"
    }
}
