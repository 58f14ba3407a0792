import Foundation
import Reel

/// A one-line progress bar on stderr (only when stderr is a terminal), and the summary line.
final class ProgressReporter {
    let enabled: Bool
    let total: Int
    private var lastDraw = Date.distantPast
    private var drew = false
    private var last: RenderSession.Progress?

    init(enabled: Bool, total: Int) {
        self.enabled = enabled && Terminal.stderrIsTerminal
        self.total = total
    }

    func update(_ p: RenderSession.Progress) {
        last = p
        guard enabled else { return }
        let now = Date()
        // Redraw at most 10 times a second, and always for the last frame.
        guard now.timeIntervalSince(lastDraw) >= 0.1 || p.framesDone == p.frameCount else { return }
        lastDraw = now
        let width = 30
        let filled = p.frameCount > 0 ? width * p.framesDone / p.frameCount : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let eta = p.remaining.isFinite ? Self.duration(p.remaining) : "–"
        Terminal.write("\r\u{1B}[2K\(bar) \(p.framesDone)/\(p.frameCount) frames  \(String(format: "%.0f", p.framesPerSecond)) fps  ETA \(eta)")
        drew = true
    }

    /// Ends the progress line so the next message starts on a clean line.
    func finishLine() {
        if drew { Terminal.write("\r\u{1B}[2K") }
        drew = false
    }

    func summary(output: String, bytes: Int, canvas: Canvas) -> String {
        let frames = last?.framesDone ?? 0
        let elapsed = last?.elapsed ?? 0
        let fps = elapsed > 0 ? Double(frames) / elapsed : 0
        return "\(output): \(frames) frames, \(canvas.pixelWidth)×\(canvas.pixelHeight) at \(JSONValue.format(canvas.fps)) fps "
            + "(\(String(format: "%.2f", Double(frames) / canvas.fps)) s), rendered in \(String(format: "%.1f", elapsed)) s "
            + "(\(String(format: "%.0f", fps)) fps), \(Self.size(bytes))"
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s >= 60 ? "\(s / 60)m\(String(format: "%02d", s % 60))s" : "\(s)s"
    }

    static func size(_ bytes: Int) -> String {
        let b = Double(bytes)
        if b >= 1_000_000 { return String(format: "%.1f MB", b / 1_000_000) }
        if b >= 1_000 { return String(format: "%.0f kB", b / 1_000) }
        return "\(bytes) bytes"
    }
}
