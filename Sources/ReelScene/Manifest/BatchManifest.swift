import Foundation
import ReelCore

/// A batch manifest (`reel-batch: 1`): the scenes a nightly job renders, to which outputs, with
/// which options.
///
/// ```yaml
/// # yaml-language-server: $schema=batch.schema.json
/// reel-batch: 1
/// defaults: { crf: 20, timeout: 300 }
/// jobs:
///   - scene: intro.yaml                       # relative to the manifest
///   - scene: title.yaml
///     outputs: [title.mp4, title.webm, title.gif]   # relative to the output folder
///     fps: 30
/// ```
public struct BatchManifest: Sendable {
    /// The manifest file as named to the user.
    public var file: String
    /// Settings for every job, under each job's own.
    public var defaults: [Setting]
    public var jobs: [Job]

    public struct Job: Sendable {
        /// The scene path as written (relative to the manifest's folder unless absolute).
        public var scene: String
        /// Output paths as written (relative to the output folder); empty: the scene's name with the default extension.
        public var outputs: [String]
        /// Where each of `outputs` is written in the manifest, for messages about it.
        public var outputLocations: [SourcePosition] = []
        /// The job's own settings (not merged with the defaults).
        public var settings: [Setting]
        /// Where the job's entry starts, for messages about it.
        public var location: SourcePosition
    }
}

extension BatchManifest {
    /// One option a manifest gives, decoded and checked at its place in the file. A manifest
    /// holds no options value of its own: `BatchPlan` applies the settings, defaults first, then
    /// the job's, to the render job's options (and its schedule: `timeout`, `retries`).
    public enum Setting: Sendable, Hashable {
        case fps(Double)
        case scale(Double)
        case frames(FrameSpan)
        case crf(Int)
        case preset(String)
        case codec(String)
        /// The pixel format stored (`pixFmt`, as `--pix-fmt`).
        case pixelFormat(String)
        /// A GIF's dithering (as `--dither`).
        case dither(String)
        /// A shutter replacing the scene's `canvas.motionBlur` (`motionBlur`, as `--motion-blur`).
        case motionBlur(MotionBlur)
        /// A soundtrack replacing the scene's; relative to the manifest unless absolute.
        case audio(String)
        /// Seconds a job may take before it is stopped and reported `timeout`.
        case timeout(Double)
        /// How many times a job that failed while rendering is tried again.
        case retries(Int)
    }
}

extension BatchManifest {
    /// The key that marks a YAML/JSON file as a manifest rather than a scene.
    public static let marker = "reel-batch"

    /// Whether the file looks like a manifest: `reel-batch` as a key near its start. Cheap (reads
    /// 4 KiB), so folders can be sorted into scenes and manifests without decoding either.
    public static func isManifest(path: String) -> Bool {
        // Never blocks: a FIFO or device named like a manifest is not one.
        guard case .success(let handle) = InputFile.open(path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), let text = String(data: head, encoding: .utf8) else {
            return false
        }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "{" || $0 == "\t" }
            if trimmed.hasPrefix("\(marker):") || trimmed.hasPrefix("\"\(marker)\"") { return true }
        }
        return false
    }

    /// Reads and decodes a manifest.
    /// - Throws: `SceneLoadError` with every problem, located (`FILE:LINE:COLUMN`).
    public static func load(path: String, limits: SceneLimits = SceneLimits()) throws -> BatchManifest {
        let fail = { (message: String) in
            SceneLoadError(diagnostics: [
                Diagnostic(file: path, location: SourcePosition(line: 1, column: 1), message: message)
            ])
        }
        switch InputFile.read(path, limit: limits.maxFileBytes) {
        case .success(let data): return try decode(bytes: [UInt8](data), file: path, limits: limits)
        case .failure(let error) where error.tooLarge:
            throw fail("the file is larger than \(limits.maxFileBytes) bytes")
        case .failure(let error): throw fail(error.reason)
        }
    }

    /// Decodes manifest text.
    /// - Throws: `SceneLoadError` with every problem, located.
    public static func decode(bytes: [UInt8], file: String, limits: SceneLimits = SceneLimits()) throws -> BatchManifest
    {
        let sink = DiagnosticSink(file: file)
        let parser = SceneParser(maxNesting: limits.maxNesting, maxNodes: limits.maxNodes, diagnostics: sink)
        var manifest: BatchManifest?
        if let root = parser.parse(bytes) {
            manifest = BatchManifestDecoder(file: file, diagnostics: sink).decode(root)
        }
        guard let manifest, !sink.hasErrors else { throw SceneLoadError(diagnostics: sink.sorted) }
        return manifest
    }
}
