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
    ///   manifests, two jobs writing one file), located where a manifest is at fault.
    public init(inputs: [String], settings: Settings) throws {
        var jobs: [Job] = []
        var problems: [SceneProblem] = []
        let fm = FileManager.default
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: input, isDirectory: &isDirectory) else {
                problems.append(SceneProblem(file: input, message: "no such file or folder"))
                continue
            }
            if isDirectory.boolValue {
                let scenes = Self.scenes(inFolder: input)
                if scenes.isEmpty {
                    problems.append(
                        SceneProblem(file: input, message: "no scene files (.yaml, .yml, .json) in this folder"))
                }
                for relative in scenes {
                    jobs.append(
                        settings.job(Self.join(input, relative), outputs: [Self.output(for: relative, settings)]))
                }
            } else if BatchManifest.isManifest(path: input) {
                do {
                    let manifest = try BatchManifest.load(path: input)
                    let folder = (input as NSString).deletingLastPathComponent
                    for job in manifest.jobs {
                        let scene = job.scene.hasPrefix("/") ? job.scene : Self.join(folder, job.scene)
                        let outputs =
                            job.outputs.isEmpty
                            ? [Self.output(for: Self.mirrored(job.scene), settings)]
                            : job.outputs.map { $0.hasPrefix("/") ? $0 : Self.join(settings.outputDirectory, $0) }
                        var planned = settings.job(scene, outputs: outputs)
                        planned.apply(manifest.defaults + job.settings, manifestFolder: folder)
                        jobs.append(planned)
                        if !fm.fileExists(atPath: scene) {
                            problems.append(
                                SceneProblem(
                                    file: input, location: job.location,
                                    message: "scene '\(job.scene)' not found (tried \(scene))"))
                        }
                    }
                } catch let error as SceneLoadError {
                    problems += error.diagnostics.map(SceneProblem.init)
                } catch {
                    problems.append(SceneProblem(file: input, message: "\(error)"))
                }
            } else {
                let name = (input as NSString).lastPathComponent
                jobs.append(settings.job(input, outputs: [Self.output(for: name, settings)]))
            }
        }
        // Two jobs writing one file would overwrite each other's work, in whatever order they finish.
        var writers: [String: String] = [:]
        for job in jobs {
            for output in job.outputs {
                let key = URL(fileURLWithPath: output).standardizedFileURL.path
                if let other = writers[key] {
                    problems.append(
                        SceneProblem(
                            file: job.scene,
                            message: "\(output) is also the output of \(other); give the jobs different outputs"))
                } else {
                    writers[key] = job.scene
                }
            }
        }
        if jobs.isEmpty, problems.isEmpty {
            problems.append(SceneProblem(file: "reel batch", message: "no scenes to render"))
        }
        guard problems.isEmpty else { throw BatchInputError(problems: problems) }
        self.jobs = jobs
    }

    /// Scene files under `folder`, relative to it, sorted: `.yaml`, `.yml` and `.json` files that
    /// are not schemas or manifests; hidden files and folders are passed over.
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
            guard ["yaml", "yml", "json"].contains(ext), !name.hasSuffix(".schema.json") else { continue }
            guard (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory else { continue }
            if BatchManifest.isManifest(path: join(folder, relative)) { continue }
            found.append(relative)
        }
        return found.sorted()
    }

    /// `ui/card.yaml` → `OUT/ui/card.mp4` (a PNG sequence: `OUT/ui/card/card-%04d.png`).
    static func output(for relativeScene: String, _ settings: Settings) -> String {
        let stem = (relativeScene as NSString).deletingPathExtension
        let name =
            settings.format == "png"
            ? "\(stem)/\((stem as NSString).lastPathComponent)-%04d.png"
            : "\(stem).\(settings.format)"
        return join(settings.outputDirectory, name)
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
