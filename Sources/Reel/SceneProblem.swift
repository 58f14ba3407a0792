import ReelCore
import ReelScene

/// A problem with a scene: a diagnostic at a place in the file, or a message from running its
/// timeline (which has no place).
public struct SceneProblem: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// nil for problems found while running the timeline.
    public var location: SourcePosition?
    public var severity: Diagnostic.Severity
    public var message: String

    public init(_ d: Diagnostic) {
        file = d.file
        location = d.location
        severity = d.severity
        message = d.message
    }

    public init(file: String, location: SourcePosition? = nil, severity: Diagnostic.Severity = .error, message: String)
    {
        self.file = file
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE: error: MESSAGE` without a place.
    public var description: String {
        if let location {
            return Diagnostic(file: file, location: location, severity: severity, message: message).description
        }
        return "\(file): \(severity.rawValue): \(message)"
    }

    /// The JSON object for the problem (`line` and `column` null when unplaced), as in
    /// `reel validate --json` and batch reports.
    public var json: JSONValue {
        .object([
            ("file", .string(file)),
            ("line", location.map { .number(Double($0.line)) } ?? .null),
            ("column", location.map { .number(Double($0.column)) } ?? .null),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message))
        ])
    }
}
