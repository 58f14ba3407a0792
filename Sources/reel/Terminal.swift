import CReelSupport
import Foundation
import Reel

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to the terminal: errors and diagnostics on stderr, coloured only when it is a terminal,
/// results on stdout. Every write Reel makes to either goes through here: text from the inputs
/// is escaped (`TerminalText`), and a closed or broken stream never stops Reel.
enum Terminal {
    static let stderrIsTerminal =
        reel_isatty(2) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    /// Called first thing: SIGPIPE is ignored, so a reader that went away (`reel … | head -1`)
    /// makes writes fail with EPIPE, which `send` ignores, instead of killing Reel mid-work.
    static func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes Reel's own text (which may hold its colours and bar controls) to stderr as it is.
    static func write(_ text: String) {
        send(text, to: 2)
    }

    /// Writes a result line to stdout, with control characters from the inputs escaped.
    static func print(_ text: String, terminator: String = "\n") {
        send(TerminalText.escaped(text) + terminator, to: 1)
    }

    static func error(_ message: String) {
        write("\(paint("error:", "1;31")) \(TerminalText.escaped(message))\n")
    }

    static func warning(_ message: String) {
        write("\(paint("warning:", "1;35")) \(TerminalText.escaped(message))\n")
    }

    static func diagnostic(_ d: Diagnostic) {
        let label = d.severity == .error ? paint("error:", "1;31") : paint("warning:", "1;35")
        let place = "\(TerminalText.escaped(d.file, keepNewlines: false)):\(d.location.line):\(d.location.column):"
        write("\(paint(place, "1")) \(label) \(TerminalText.escaped(d.message))\n")
    }

    static func paint(_ text: String, _ code: String) -> String {
        stderrIsTerminal ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Writes all of `text` to `fd`; a stream that is closed or fails loses the text, nothing more
    /// (`FileHandle.write` would trap, so `reel batch … 2>&1 | head -1` died mid-batch).
    static func send(_ text: String, to fd: Int32) {
        try? writeAll(fd, Array(text.utf8), path: fd == 1 ? "standard output" : "standard error")
    }
}
