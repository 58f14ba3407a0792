/// A place in a scene file: 1-based line and column (columns count Unicode scalars, as libyaml does).
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
final class DiagnosticSink {
    let file: String
    private(set) var items: [Diagnostic] = []

    init(file: String) { self.file = file }

    func error(_ message: String, at location: SourcePosition) {
        let d = Diagnostic(file: file, location: location, message: message)
        // One message per place is enough; repeated template expansion could otherwise echo it.
        if !items.contains(d) { items.append(d) }
    }

    func warning(_ message: String, at location: SourcePosition) {
        items.append(Diagnostic(file: file, location: location, severity: .warning, message: message))
    }

    var hasErrors: Bool { items.contains { $0.severity == .error } }
    var errorCount: Int { items.filter { $0.severity == .error }.count }

    var sorted: [Diagnostic] {
        items.enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
    }
}
