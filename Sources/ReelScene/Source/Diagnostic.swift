import ReelCore

/// A place in a scene file: 1-based line and column (columns count Unicode scalars, as libyaml does;
/// a tab is one column).
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// One problem in a scene file, printed as `FILE:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var file: String
    public var location: SourcePosition
    public var severity: Severity
    public var message: String

    public init(file: String, location: SourcePosition, severity: Severity = .error, message: String) {
        self.file = file
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// The compiler-style line editors and CI understand.
    public var description: String { "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)" }
}

/// A scene file that cannot be used, with every problem found in it (sorted by position).
public struct SceneLoadError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [Diagnostic]
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a file is decoded, so every problem is reported at once.
///
/// Bounded on purpose: after `limit` errors it only counts (a generated file with one mistake
/// repeated 100 000 times should print a screenful, not 100 000 lines), and "did you mean"
/// searches share a budget so a file full of long unknown names cannot make decoding quadratic.
final class DiagnosticSink {
    let file: String
    let limit: Int
    private(set) var items: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []
    private(set) var errorCount = 0
    /// Errors not recorded because the limit was reached.
    private(set) var dropped = 0
    private var firstDropped: SourcePosition?
    /// Warnings not recorded because the list was full, and where the first was: `reel validate`
    /// says how many it leaves out rather than stopping silently.
    private var droppedWarnings = 0
    private var firstDroppedWarning: SourcePosition?
    /// Character comparisons left for suggestions (edit distance is quadratic in the word length).
    private var suggestionBudget = 20_000_000

    init(file: String, limit: Int = 500) {
        self.file = file
        self.limit = limit
    }

    /// Records an error. The message is built only when it will be kept.
    func error(_ message: @autoclosure () -> String, at location: SourcePosition) {
        guard errorCount < limit else { return drop(.error, at: location) }
        record(Diagnostic(file: file, location: location, message: message()))
    }

    func warning(_ message: @autoclosure () -> String, at location: SourcePosition) {
        guard items.count < limit * 2 else { return drop(.warning, at: location) }
        record(Diagnostic(file: file, location: location, severity: .warning, message: message()))
    }

    /// Records a diagnostic, also one found in another file (a Lottie file a layer plays).
    func record(_ d: Diagnostic) {
        let isError = d.severity == .error
        guard isError ? errorCount < limit : items.count < limit * 2 else { return drop(d.severity, at: d.location) }
        // One message per place is enough; repeated template expansion could otherwise echo it.
        guard seen.insert(d).inserted else { return }
        items.append(d)
        if isError { errorCount += 1 }
    }

    /// Counts a diagnostic left out because the list is full.
    private func drop(_ severity: Diagnostic.Severity, at location: SourcePosition) {
        if severity == .error {
            if firstDropped == nil { firstDropped = location }
            dropped += 1
        } else {
            if firstDroppedWarning == nil { firstDroppedWarning = location }
            droppedWarnings += 1
        }
    }

    var hasErrors: Bool { errorCount > 0 }
    var isFull: Bool { errorCount >= limit }

    /// " (did you mean 'x'?)" when a candidate is a plausible typo of `word`, else "".
    func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        // Names from UIKit, SwiftUI and CSS that mean one of ours, whatever their spelling.
        let key = String(word.lowercased().unicodeScalars.filter { !" -_.".unicodeScalars.contains($0) })
        if let meant = Self.synonyms[key], candidates.contains(meant) { return " (did you mean '\(meant)'?)" }
        let length = word.count
        // Past this length a word is not a typo of any name the format has; one letter is not a
        // typo of another.
        guard length <= 64, length >= 2, suggestionBudget > 0, !isFull else { return "" }
        let slack = max(1, (length + 2) / 3)
        var near: [String] = []
        for candidate in candidates {
            let c = candidate.count
            if abs(c - length) <= slack {
                near.append(candidate)
                suggestionBudget -= (c + 1) * (length + 1)
            }
        }
        return suggestion(for: word, among: near)
    }

    /// Other tools' words for values of the format (keys lower-cased, without spaces, dashes,
    /// underscores and dots): edit distance alone suggests 'easeOut' for 'easeInOut'.
    static let synonyms: [String: String] = [
        "easeinout": "easeInEaseOut", "curveeaseinout": "easeInEaseOut", "easeboth": "easeInEaseOut",
        "curveeasein": "easeIn", "curveeaseout": "easeOut", "curvelinear": "linear", "ease": "default",
        "forever": "infinity", "infinite": "infinity", "loop": "infinity", "always": "infinity", "huge": "infinity",
        "clear": "transparent", "clearcolor": "transparent", "none": "transparent"
    ]

    /// Every diagnostic, sorted by position (file order for ties), with a final note when some
    /// were left out.
    var sorted: [Diagnostic] {
        var result = items.enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
        if droppedWarnings > 0, let firstDroppedWarning {
            result.append(
                Diagnostic(
                    file: file, location: firstDroppedWarning, severity: .warning,
                    message: "too many warnings: \(droppedWarnings) more not shown"))
        }
        if dropped > 0, let firstDropped {
            result.append(
                Diagnostic(
                    file: file, location: firstDropped,
                    message: "too many problems: \(dropped) more not shown (fix these first)"))
        }
        return result
    }
}
