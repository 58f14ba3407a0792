import Foundation
import Reel

extension BatchPlan {
    /// Where an output was named: a manifest entry (file and place), or a scene found in a
    /// folder or named on the command line (its file, no place).
    struct Origin {
        var file: String
        var location: SourcePosition?

        func problem(_ message: String) -> SceneProblem {
            SceneProblem(file: file, location: location, message: message)
        }

        var place: String { location.map { "\(file):\($0.line):\($0.column)" } ?? file }
    }

    /// Builds a plan input by input, collecting every problem rather than stopping at the first.
    /// Every output passes `OutputRoot.check`, whatever named it: one policy for what a batch writes.
    struct Planner {
        let settings: Settings
        let root: OutputRoot
        var jobs: [Job] = []
        /// For each job, for each of its outputs: the output's resolved path and where it was named.
        var placed: [[(resolved: String, name: String, origin: Origin)]] = []
        var problems: [SceneProblem] = []

        init(settings: Settings) {
            self.settings = settings
            root = OutputRoot(settings.outputDirectory)
        }

        mutating func add(_ input: String) {
            switch InputFile.kind(atPath: input) {
            case .missing:
                problems.append(SceneProblem(file: input, message: "no such file or folder"))
            case .folder:
                let scenes = BatchPlan.scenes(inFolder: input)
                if scenes.isEmpty {
                    problems.append(
                        SceneProblem(file: input, message: "no scene files (.yaml, .yml, .json) in this folder"))
                }
                // A scene here that is not a regular file (a FIFO) is planned all the same: its job
                // fails with the loader's message and the others run.
                for relative in scenes {
                    let scene = BatchPlan.join(input, relative)
                    addJob(
                        scene, names: [BatchPlan.outputName(for: relative, settings)], at: [Origin(file: scene)],
                        fileRoot: input)
                }
            case .regular where BatchManifest.isManifest(path: input):
                addManifest(input)
            case .regular, .special:
                let name = (input as NSString).lastPathComponent
                addJob(input, names: [BatchPlan.outputName(for: name, settings)], at: [Origin(file: input)])
            }
        }

        private mutating func addManifest(_ input: String) {
            let manifest: BatchManifest
            do { manifest = try BatchManifest.load(path: input) } catch let error as SceneLoadError {
                problems += error.diagnostics.map(SceneProblem.init)
                return
            } catch {
                problems.append(SceneProblem(file: input, message: "\(error)"))
                return
            }
            let folder = (input as NSString).deletingLastPathComponent
            for job in manifest.jobs {
                let entry = Origin(file: input, location: job.location)
                let scene = job.scene.hasPrefix("/") ? job.scene : BatchPlan.join(folder, job.scene)
                let names =
                    job.outputs.isEmpty
                    ? [BatchPlan.outputName(for: BatchPlan.mirrored(job.scene), settings)] : job.outputs
                let origins = names.indices.map { i in
                    job.outputLocations.indices.contains(i)
                        ? Origin(file: input, location: job.outputLocations[i]) : entry
                }
                guard var planned = addJob(scene, names: names, at: origins, fileRoot: folder.isEmpty ? "." : folder)
                else { continue }
                planned.apply(defaults: manifest.defaults, own: job.settings, manifestFolder: folder)
                jobs[jobs.count - 1] = planned
                switch InputFile.kind(atPath: scene) {
                case .regular: break
                case .missing: problems.append(entry.problem("scene '\(job.scene)' not found (tried \(scene))"))
                case .folder, .special:
                    // Refused here, not when the job runs: a FIFO would block whoever opens it.
                    problems.append(
                        entry.problem(
                            "scene '\(job.scene)' is \(InputFile.problem(atPath: scene) ?? "not a file"); "
                                + "name a scene file"))
                }
            }
        }

        /// Plans a job of `scene` writing `names` (under the output folder), each named at its
        /// origin; nil, with the problems recorded, when an output may not be written. The scene's
        /// files may be anywhere under `fileRoot` (the folder or manifest that named it) unless
        /// `--root` chose one for every job: a `sub/` scene may use the project's `../assets/`.
        @discardableResult
        private mutating func addJob(_ scene: String, names: [String], at origins: [Origin], fileRoot: String? = nil)
            -> Job?
        {
            var outputs: [(resolved: String, name: String, origin: Origin)] = []
            var paths: [String] = []
            for (name, origin) in zip(names, origins) {
                switch root.check(name) {
                case .success(let output):
                    outputs.append((output.resolved, name, origin))
                    paths.append(output.path)
                case .failure(let error):
                    problems.append(origin.problem(error.description))
                }
            }
            // Outputs that may be written still count for `refuseSharedOutputs`, job or not.
            placed.append(outputs)
            guard paths.count == names.count else { return nil }
            var job = settings.job(scene, outputs: paths)
            if let fileRoot, job.render.options.limits.fileRoot == nil {
                job.render.options.limits.fileRoot = URL(fileURLWithPath: fileRoot).standardizedFileURL.path
            }
            jobs.append(job)
            return job
        }

        /// Two jobs writing one file would overwrite each other's work, in whatever order they
        /// finish: both places are reported, the later one first.
        mutating func refuseSharedOutputs() {
            var writers: [String: (name: String, origin: Origin)] = [:]
            for outputs in placed {
                for output in outputs {
                    guard let first = writers[output.resolved] else {
                        writers[output.resolved] = (output.name, output.origin)
                        continue
                    }
                    problems.append(
                        output.origin.problem(
                            "output '\(output.name)' is also written by the job at \(first.origin.place); "
                                + "give the jobs different outputs"))
                    problems.append(
                        first.origin.problem(
                            "output '\(first.name)' is also written by the job at \(output.origin.place)"))
                }
            }
        }
    }
}
