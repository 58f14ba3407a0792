import Foundation
import Reel

/// The jobs of a batch: every scene found in the inputs, the outputs it renders to, and its options.
///
/// Outputs mirror the inputs under the output folder: `scenes/ui/card.yaml` found in the folder
/// `scenes` renders to `OUT/ui/card.mp4`; a scene named directly renders to `OUT/card.mp4`; a
/// manifest's jobs write where they say, relative to the output folder (by default the scene's
/// path relative to the manifest). Options: a job's own, then its manifest's `defaults`, then the
/// command line's — applied in the reverse order to one `RenderJob` per job.
public struct BatchPlan: Sendable {
    /// One job: what it renders, and how the batch schedules it.
    public struct Job: Sendable, Codable {
        /// The scene file (as reel opens it), its outputs (each under the output folder) and every
        /// option: the value a worker process renders.
        public var render: RenderJob
        /// Seconds the job may take before it is stopped and reported `timeout` (nil: no limit).
        public var timeout: Double?
        /// How many times a job that failed while rendering is tried again (nil: never).
        public var retries: Int?

        public init(render: RenderJob, timeout: Double? = nil, retries: Int? = nil) {
            (self.render, self.timeout, self.retries) = (render, timeout, retries)
        }

        public var scene: String { render.scene }
        public var outputs: [String] { render.outputs }

        /// Applies a manifest's `defaults`, then the job's own settings (which win). The defaults'
        /// crf, preset, pixFmt and dither are left out of a job none of whose outputs takes them (a
        /// GIF or PNG job under `defaults: {crf: 20}`, an MP4 under `dither`): defaults are for the
        /// jobs they fit, while a job's own crf on a GIF is still an error.
        mutating func apply(
            defaults: [BatchManifest.Setting], own: [BatchManifest.Setting], manifestFolder folder: String
        ) {
            let before = render.options
            apply(defaults + own, manifestFolder: folder)
            let codecs = outputs.compactMap { output -> VideoCodec? in
                guard case .video(_, let codec)? = try? OutputFormat(path: output, codec: render.options.codec)
                else { return nil }
                return codec
            }
            let ownCRF = own.contains { if case .crf = $0 { true } else { false } }
            let ownPreset = own.contains { if case .preset = $0 { true } else { false } }
            if !ownCRF, !codecs.contains(where: { $0.crfRange != nil }) { render.options.crf = before.crf }
            if !ownPreset, !codecs.contains(where: { $0.presets != nil }) { render.options.preset = before.preset }
            if !own.contains(where: { if case .dither = $0 { true } else { false } }), !codecs.contains(.gif) {
                render.options.dither = before.dither
            }
            let pixelFormat = render.options.pixelFormat.flatMap { VideoPixelFormat(rawValue: $0.lowercased()) }
            if !own.contains(where: { if case .pixelFormat = $0 { true } else { false } }), let pixelFormat,
                !codecs.contains(where: { VideoPixelFormat.choices(for: $0).contains(pixelFormat) })
            {
                render.options.pixelFormat = before.pixelFormat
            }
        }

        /// Applies a manifest's settings in order (a later one wins); `audio` relative to `folder`.
        mutating func apply(_ settings: [BatchManifest.Setting], manifestFolder folder: String) {
            for setting in settings {
                switch setting {
                case .fps(let v): render.options.fps = v
                case .scale(let v): render.options.scale = v
                case .frames(let v): render.options.frames = v
                case .crf(let v): render.options.crf = v
                case .preset(let v): render.options.preset = v
                case .codec(let v): render.options.codec = v
                case .pixelFormat(let v): render.options.pixelFormat = v
                case .dither(let v): render.options.dither = v
                case .motionBlur(let v): render.options.motionBlur = v
                case .audio(let file):
                    render.options.audio =
                        file.hasPrefix("/")
                        ? file : URL(fileURLWithPath: BatchPlan.join(folder, file)).standardizedFileURL.path
                case .timeout(let v): timeout = v
                case .retries(let v): retries = v
                }
            }
        }
    }

    public var jobs: [Job]

    /// A plan of these jobs as they are.
    public init(jobs: [Job]) { self.jobs = jobs }

    /// What the command line says for every job.
    public struct Settings: Sendable {
        public var outputDirectory: String
        /// Options for every job (a manifest's defaults and a job's own win), limits and memory included.
        public var options: RenderOptions
        /// `--timeout` and `--retries` for every job (a manifest's win).
        public var timeout: Double?
        public var retries: Int?
        /// The extension of outputs nobody named: `mp4`, `mov`, `webm`, `gif`, or `png` (a sequence).
        public var format: String

        public init(outputDirectory: String, options: RenderOptions = RenderOptions(), format: String = "mp4") {
            self.outputDirectory = outputDirectory
            self.options = options
            self.format = format
        }

        /// A job of `scene` to `outputs` with these settings.
        func job(_ scene: String, outputs: [String]) -> Job {
            Job(render: RenderJob(scene: scene, options: options, outputs: outputs), timeout: timeout, retries: retries)
        }
    }

    /// Expands the inputs into jobs.
    /// - Throws: `BatchInputError` listing every problem with the inputs (missing paths, bad
    ///   manifests, outputs outside the output folder, two jobs writing one file), located
    ///   where a manifest is at fault.
    public init(inputs: [String], settings: Settings) throws {
        var planner = Planner(settings: settings)
        for input in inputs { planner.add(input) }
        planner.refuseSharedOutputs()
        if planner.jobs.isEmpty, planner.problems.isEmpty {
            planner.problems.append(SceneProblem(file: "reel batch", message: "no scenes to render"))
        }
        guard planner.problems.isEmpty else { throw BatchInputError(problems: planner.problems) }
        self.jobs = planner.jobs
    }

    /// Scene files under `folder`, relative to it, sorted: `.yaml`, `.yml` and `.json` files that
    /// are not schemas or manifests, and dotLottie archives (`.lottie`); hidden files and folders
    /// are passed over.
    static func scenes(inFolder folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { walker.skipDescendants() }
                continue
            }
            let ext = (name as NSString).pathExtension.lowercased()
            guard ["yaml", "yml", "json", "lottie"].contains(ext), !name.hasSuffix(".schema.json") else { continue }
            guard (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory else { continue }
            if BatchManifest.isManifest(path: join(folder, relative)) { continue }
            found.append(relative)
        }
        return found.sorted()
    }

    /// `ui/card.yaml` → `ui/card.mp4` under the output folder (a PNG sequence: `ui/card/card-%04d.png`).
    static func outputName(for relativeScene: String, _ settings: Settings) -> String {
        let stem = (relativeScene as NSString).deletingPathExtension
        return settings.format == "png"
            ? "\(stem)/\((stem as NSString).lastPathComponent)-%04d.png"
            : "\(stem).\(settings.format)"
    }

    /// A manifest's scene path as a place under the output folder: paths that climb out (`../x`)
    /// or are absolute keep only their file name.
    static func mirrored(_ scene: String) -> String {
        let parts = scene.split(separator: "/")
        if scene.hasPrefix("/") || parts.contains("..") { return (scene as NSString).lastPathComponent }
        return parts.filter { $0 != "." }.joined(separator: "/")
    }

    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The batch's inputs themselves are unusable (exit status 2).
public struct BatchInputError: Error, CustomStringConvertible {
    public var problems: [SceneProblem]
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
