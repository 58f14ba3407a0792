import Foundation
import Reel

/// Runs one batch job inside a worker process (`reel _worker`): loads the scene, renders each
/// output of its job, and writes each output's `OutputRecord`. A crash or runaway memory here
/// ends this process only; the batch reports it and goes on.
public enum BatchWorker {
    /// Environment variable for tests: a worker whose scene path contains its value crashes on
    /// purpose, as a renderer bug would.
    public static let crashHook = "REEL_TEST_CRASH_SCENE"

    /// Renders each of the job's outputs, reporting progress through `emit`; returns the result message.
    public static func run(
        _ job: RenderJob, version: String, emit: (WorkerMessage) -> Void,
        shouldStop: @escaping () -> Bool
    ) -> WorkerMessage.Result {
        // Digested before reading, so a scene edited during the render is seen as changed next time.
        let sceneDigest = OutputRecord.fileDigest(job.scene)?.digest ?? ""
        let (loaded, problems) = job.check()
        var result = WorkerMessage.Result(
            status: "rendered", message: nil, diagnostics: problems.map(WorkerMessage.Problem.init),
            frames: 0, bytes: 0, sheet: nil)
        guard let loaded else {
            let errors = problems.filter { $0.severity == .error }.count
            result.status = "invalid"
            result.message = errors == 1 ? "the scene has an error" : "the scene has \(errors) errors"
            return result
        }
        if let hook = ProcessInfo.processInfo.environment[crashHook], !hook.isEmpty, job.scene.contains(hook) {
            fatalError("\(crashHook): crashing on purpose while rendering \(job.scene)")
        }
        let files = referencedDigests(loaded)
        for (index, output) in job.outputs.enumerated() {
            do {
                try createFolders(for: output)
                let plan = try loaded.plan(output: output)
                let rendered = try plan.run(
                    progress: { p in
                        if p.stage == .encoding {
                            emit(WorkerMessage(progress: .init(output: index, done: p.framesDone, total: p.frameCount)))
                        }
                    }, shouldStop: shouldStop)
                result.frames += rendered.frames
                result.bytes += rendered.bytes
                if result.sheet == nil { result.sheet = sheet(loaded)?.base64EncodedString() }
                // Without its poster the report shows frame 0 until the page's script seeks; the
                // output itself is fine, so a poster that cannot be written fails nothing. A
                // segment (`reel submit`'s part of a video) is joined and removed: no poster.
                if job.options.segment == nil { try? OutputPoster.write(for: output, plan: plan, loaded: loaded) }
                let outputFiles = OutputRecord.files(
                    of: output, frames: Freshness.isSequence(output) ? plan.session.frames : nil)
                guard let (digest, bytes) = OutputRecord.digest(of: outputFiles) else {
                    throw RenderJobError.failed("\(output) was written but cannot be read back")
                }
                try OutputRecord(
                    reel: version, scene: .init(path: (job.scene as NSString).lastPathComponent, sha256: sceneDigest),
                    files: files, options: plan.identity.compact,
                    outputFiles: outputFiles.map { ($0 as NSString).lastPathComponent },
                    outputBytes: bytes, outputDigest: digest, frames: rendered.frames, sheet: result.sheet
                ).write(for: output)
            } catch let error as RenderJobError {
                switch error {
                case .invalid(let m): (result.status, result.message) = ("invalid", m)
                case .located(let problem): (result.status, result.message) = ("invalid", problem.description)
                case .failed(let m): (result.status, result.message) = ("failed", m)
                case .interrupted: (result.status, result.message) = ("interrupted", "interrupted")
                }
                return result
            } catch {
                (result.status, result.message) = ("failed", "\(error)")
                return result
            }
        }
        return result
    }

    /// The digests of the files the scene read, by path relative to the scene's folder when inside it.
    static func referencedDigests(_ loaded: LoadedJob) -> [OutputRecord.FileDigest] {
        let folder = URL(fileURLWithPath: loaded.job.scene).deletingLastPathComponent().standardizedFileURL.path
        return loaded.referencedFiles.map { path in
            let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
            return OutputRecord.FileDigest(path: relative, sha256: OutputRecord.fileDigest(path)?.digest ?? "")
        }
    }

    /// Creates the output's folder (and its parents) when missing.
    public static func createFolders(for output: String) throws {
        let folder = (output as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RenderJobError.failed("cannot create the folder \(folder): \(error.localizedDescription)")
        }
    }

    /// Four frames, 320 pixels wide each, spread over the scene: the report's thumbnail.
    static func sheet(_ loaded: LoadedJob) -> Data? {
        var canvas = loaded.canvas
        // 320 pixels a frame: big enough to read a frame's text and layout in the report.
        canvas.scale = 320 / max(canvas.size.width, 1)
        guard canvas.pixelWidth > 0, canvas.pixelHeight > 0 else { return nil }
        let count = max(canvas.frameCount, 1)
        let numbers = (0..<4).map { Int((Double($0) * Double(count - 1) / 3).rounded()) }
        let images = loaded.frames(at: numbers.map { canvas.time(ofFrame: $0) }, canvas: canvas)
        let picture = ContactSheet(columns: 4).render(images.map { (image: $0, label: "") })
        return try? PNGFile.encode(picture)
    }
}
