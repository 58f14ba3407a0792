import Foundation
import Reel

// A worker reads `RenderJob`s on its standard input, one JSON document a line: each job's scene,
// the outputs to render and every option, limits and memory included. It answers each with
// progress lines and then one result line, and ends when its standard input does.

/// One line a worker writes on its standard output: progress while it renders, then its result.
public struct WorkerMessage: Codable, Sendable {
    public var progress: Progress?
    public var result: Result?
    /// With a result: the worker's peak resident memory in bytes while it rendered that job.
    public var peakMemory: Int?

    public init(progress: Progress? = nil, result: Result? = nil, peakMemory: Int? = nil) {
        self.progress = progress
        self.result = result
        self.peakMemory = peakMemory
    }

    public struct Progress: Codable, Sendable {
        /// Which output (0-based) of the job, and its frames done and in all.
        public var output: Int
        public var done: Int
        public var total: Int
    }

    public struct Result: Codable, Sendable {
        /// `rendered`, `invalid`, `failed` or `interrupted`.
        public var status: String
        public var message: String?
        public var diagnostics: [Problem]
        public var frames: Int
        public var bytes: Int
        /// The contact sheet (PNG, base64).
        public var sheet: String?
    }

    /// A `SceneProblem` as JSON.
    public struct Problem: Codable, Sendable {
        public var file: String
        public var line: Int?
        public var column: Int?
        public var severity: String
        public var message: String

        init(_ p: SceneProblem) {
            file = p.file
            line = p.location?.line
            column = p.location?.column
            severity = p.severity.rawValue
            message = p.message
        }

        var sceneProblem: SceneProblem {
            let location = line.flatMap { l in column.map { SourcePosition(line: l, column: $0) } }
            return SceneProblem(
                file: file, location: location, severity: severity == "warning" ? .warning : .error, message: message)
        }
    }

    /// The message as one line of JSON.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
