import CReelSupport
import Foundation
import Reel

/// Writing to the terminal: errors and diagnostics on stderr, coloured only when it is a terminal.
enum Terminal {
    static let stderrIsTerminal =
        reel_isatty(2) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func error(_ message: String) {
        write("\(paint("error:", "1;31")) \(message)\n")
    }

    static func diagnostic(_ d: Diagnostic) {
        let label = d.severity == .error ? paint("error:", "1;31") : paint("warning:", "1;35")
        write("\(paint("\(d.file):\(d.location.line):\(d.location.column):", "1")) \(label) \(d.message)\n")
    }

    static func paint(_ text: String, _ code: String) -> String {
        stderrIsTerminal ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
