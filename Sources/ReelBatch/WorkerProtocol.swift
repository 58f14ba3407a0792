import Foundation
import Reel

/// What the batch sends a worker process on its standard input: one job, the outputs to render.
public struct WorkerRequest: Codable, Sendable {
    public var scene: String
    public var outputs: [String]
    public var options: BatchOptions
    /// Threads that draw frames in the worker.
    public var threads: Int?
    /// The most memory the worker may allocate, in bytes (nil: no limit).
    public var maxMemory: Int?
    /// Replace read-only outputs (`--force`).
    public var replaceReadOnly = false
    /// Limits on what the scene may ask for (`--max-frames` …, `--allow-images-outside`).
    public var limits = SceneLimits()
    /// Only this segment of the scene (`--segment I/N`).
    public var segment: Segment?

    public init(scene: String, outputs: [String], options: BatchOptions, threads: Int?, maxMemory: Int? = nil) {
        self.scene = scene
        self.outputs = outputs
        self.options = options
        self.threads = threads
        self.maxMemory = maxMemory
    }

    /// The render options this request stands for.
    public var renderOptions: RenderOptions {
        var render = options.renderOptions
        render.threads = threads
        render.replaceReadOnly = replaceReadOnly
        render.maxMemory = maxMemory
        render.limits = limits
        render.segment = segment
        return render
    }
}

extension BatchOptions {
    /// The options that decide how a job renders (timeout and retries are the batch's business).
    public var renderOptions: RenderOptions {
        var options = RenderOptions(fps: fps, scale: scale, frames: frames, crf: crf, preset: preset, codec: codec)
        options.audio = audio
        return options
    }
}

/// One line a worker writes on its standard output: progress while it renders, then its result.
public struct WorkerMessage: Codable, Sendable {
    public var progress: Progress?
    public var result: Result?

    public init(progress: Progress? = nil, result: Result? = nil) {
        self.progress = progress
        self.result = result
    }

    public struct Progress: Codable, Sendable {
        /// Which output (0-based) of the request, and its frames done and in all.
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
            return SceneProblem(file: file, location: location, severity: severity == "warning" ? .warning : .error, message: message)
        }
    }

    /// The message as one line of JSON.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
