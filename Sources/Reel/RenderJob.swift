import Foundation
import ReelCore
import ReelEncode
import ReelRender
import ReelScene

/// Why a render job did not produce its output.
public enum RenderJobError: Error, CustomStringConvertible, Equatable {
    /// The scene or the options cannot be rendered (exit status 2).
    case invalid(String)
    /// The scene cannot be rendered as asked, for what is written at a place in its file (exit
    /// status 2): an odd canvas size for a codec that needs even ones.
    case located(SceneProblem)
    /// Rendering or writing failed (exit status 1).
    case failed(String)
    /// `shouldStop` returned true; nothing was written.
    case interrupted

    public var description: String {
        switch self {
        case .invalid(let m), .failed(let m): m
        case .located(let problem): problem.description
        case .interrupted: "interrupted"
        }
    }
}

/// One render job: a scene file, the options to render it with, and the outputs it writes. Every
/// entry point — `reel render`, `still`, `sheet`, `batch`, `submit` and the Swift API — goes
/// through this type, so they agree on what an option means; it is also the one value that
/// crosses a process or machine boundary (a batch worker's input, a farm node's job file).
///
/// ```swift
/// let loaded = try RenderJob(scene: "hello.yaml").load()
/// let result = try loaded.plan(output: "hello.mp4").run()
/// ```
public struct RenderJob: Sendable, Hashable, Codable {
    /// The scene file.
    public var scene: String
    public var options: RenderOptions
    /// The files it writes, for runners that render a whole job (batch workers, farm nodes); the
    /// Swift API and `reel render` name an output when they plan one (`LoadedJob.plan(output:)`).
    public var outputs: [String]

    public init(scene: String, options: RenderOptions = RenderOptions(), outputs: [String] = []) {
        self.scene = scene
        self.options = options
        self.outputs = outputs
    }

    /// Loads and compiles the scene, collecting every problem (warnings too) instead of throwing.
    /// `loaded` is nil when there is an error.
    public func check() -> (loaded: LoadedJob?, problems: [SceneProblem]) {
        do { try options.validate() } catch { return (nil, [SceneProblem(file: scene, message: "\(error)")]) }
        let images = RecordingImageLoader()
        let file: LoadedScene
        do {
            file = try SceneLoader.load(path: scene, limits: options.limits, images: images, fonts: FontCatalog())
        } catch let error as SceneLoadError {
            return (nil, error.diagnostics.map(SceneProblem.init))
        } catch {
            return (nil, [SceneProblem(file: scene, message: "\(error)")])
        }
        var warnings = file.warnings.map(SceneProblem.init)
        do {
            let timeline = try file.scene.compile()
            warnings += file.handlersThatNeverRan().map(SceneProblem.init)
            // Font and Lottie files count like images: a part made with another version of one must not join.
            var loaded = LoadedJob(
                job: self, timeline: timeline, readFiles: images.paths + timeline.canvas.fonts + file.lottieFiles)
            loaded.oddFrameSize = OddFrameSize(pads: file.isLottie, file: scene, sizeLocation: file.canvasSizeLocation)
            if let problem = loaded.soundtrackProblem(audioLocation: file.audioFileLocation) {
                if problem.severity == .error { return (nil, warnings + [problem]) }
                warnings.append(problem)
            }
            // A Lottie file's odd frame is padded for the codecs that need even sizes.
            if let location = file.canvasSizeLocation, !file.isLottie,
                loaded.canvas.pixelWidth % 2 != 0 || loaded.canvas.pixelHeight % 2 != 0
            {
                let size = "\(loaded.canvas.pixelWidth)×\(loaded.canvas.pixelHeight)"
                warnings.append(
                    SceneProblem(
                        Diagnostic(
                            file: scene, location: location, severity: .warning,
                            message:
                                "the frame is \(size) pixels (size × scale): H.264, HEVC and VP9 video (.mp4, .webm) need even sizes; ProRes .mov, GIF and PNG take any"
                        )))
            }
            if let limit = options.maxMemory {
                let canvas = loaded.canvas
                let need = Self.estimatedMemory(
                    width: canvas.pixelWidth, height: canvas.pixelHeight, imagePixels: images.pixels)
                if need > limit {
                    return (
                        nil,
                        warnings + [
                            SceneProblem(
                                file: scene,
                                message: "rendering \(canvas.pixelWidth)×\(canvas.pixelHeight) frames "
                                    + "needs about \(need >> 20) MB, more than the \(limit >> 20) MB --max-memory allows (raise it, or render smaller with --scale)"
                            )
                        ]
                    )
                }
            }
            return (loaded, warnings)
        } catch let error as TimelineError {
            // A timeline that does not settle says which entry keeps it going.
            if let line = error.line, let column = error.column, let message = error.messages.first {
                return (
                    nil,
                    warnings + [
                        SceneProblem(
                            file: scene, location: SourcePosition(line: line, column: column), message: message)
                    ]
                )
            }
            return (nil, warnings + error.messages.map { SceneProblem(file: scene, message: $0) })
        } catch {
            return (nil, warnings + [SceneProblem(file: scene, message: "\(error)")])
        }
    }

    /// The memory a render of `width`×`height` frames needs, about, in bytes: measured peaks of
    /// H.264 renders (the hungriest encoder: its look-ahead holds dozens of frames) are about 100 MB
    /// plus 220–300 bytes a pixel (720p 280 MB, 1080p 535 MB, 4K 1.8 GB), and decoded images
    /// take 4 bytes a pixel, twice while they are resampled.
    public static func estimatedMemory(width: Int, height: Int, imagePixels: Int = 0) -> Int {
        100 << 20 + 300 * width * height + 8 * imagePixels
    }

    /// Loads and compiles the scene.
    /// - Throws: `RenderJobError.invalid` with every problem, one per line.
    public func load() throws -> LoadedJob {
        let (loaded, problems) = check()
        guard let loaded else { throw RenderJobError.invalid(problems.map(\.description).joined(separator: "\n")) }
        return loaded
    }
}

/// A scene loaded for a job, ready to render to any number of outputs.
public struct LoadedJob: Sendable {
    public let job: RenderJob
    /// The compiled timeline, with the scene's own canvas.
    public let timeline: Timeline
    /// The files the scene read besides itself (images and fonts).
    private let readFiles: [String]
    /// What every renderer of this scene draws with: its own fonts (`canvas.fonts`, seen by no
    /// other job of the process) and its drawn images' pixels.
    public let context: RenderContext
    /// What a video of odd pixel size becomes: padded (Lottie files) or refused.
    var oddFrameSize = OddFrameSize()

    /// `context` nil makes the scene's own.
    init(job: RenderJob, timeline: Timeline, readFiles: [String], context: RenderContext? = nil) {
        self.job = job
        self.timeline = timeline
        self.readFiles = readFiles
        self.context = context ?? RenderContext(canvas: timeline.canvas)
    }

    /// Every file the job reads besides the scene (images, fonts, Lottie files, the soundtrack) as absolute
    /// paths, sorted: a part made with another version of one must not join.
    public var referencedFiles: [String] { (readFiles + (soundtrack.map { [$0.file] } ?? [])).sorted() }

    /// The same loaded scene with other options for `plan` (segment, codec, crf …); it is not
    /// loaded again, so its limits stay those it was loaded with (its soundtrack follows the
    /// new options).
    public func with(options: RenderOptions) -> LoadedJob {
        var loaded = LoadedJob(
            job: RenderJob(scene: job.scene, options: options, outputs: job.outputs), timeline: timeline,
            readFiles: readFiles, context: context)
        loaded.oddFrameSize = oddFrameSize
        return loaded
    }

    /// SHA-256 of the scene file, and of every image and font file it read with its path when it
    /// read any: parts rendered from the same scene file but another version of one must not join.
    var sceneFingerprint: String {
        let scene = SHA256.hex(ofFileAt: job.scene) ?? ""
        guard !referencedFiles.isEmpty else { return scene }
        var hash = SHA256()
        hash.update("scene \(scene)\n")
        let folder = URL(fileURLWithPath: job.scene).deletingLastPathComponent().standardizedFileURL.path
        for path in referencedFiles {
            // Relative to the scene, so the same files at another mount point still match.
            let name = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
            hash.update("\(name) \(SHA256.hex(ofFileAt: path) ?? "")\n")
        }
        return hash.hex()
    }

    /// The scene's canvas with the job's fps, scale and motion blur applied.
    public var canvas: Canvas {
        var canvas = timeline.canvas
        if let fps = job.options.fps { canvas.fps = fps }
        if let scale = job.options.scale { canvas.scale = scale }
        if let blur = job.options.motionBlur { canvas.motionBlur = blur }
        return canvas
    }

    /// Plans a render to `path`, whose extension picks the format (`.mp4`, `.mov`, `.webm`, `.gif`,
    /// `NAME-%04d.png`, `.bgra`).
    /// - Throws: `RenderJobError.invalid` for options the format or scene cannot take.
    public func plan(output path: String) throws -> PlannedRender {
        let options = job.options
        let format: OutputFormat
        do { format = try OutputFormat(path: path, codec: options.codec) } catch {
            throw RenderJobError.invalid("\(error)")
        }
        var canvas = self.canvas
        var notes: [String] = []
        if let soundtrack, !format.holdsSound {
            // Asked for on the command line, a soundtrack that cannot be written is a mistake; in
            // the scene it is not (the same scene also makes GIF previews).
            if options.audio != nil {
                throw RenderJobError.invalid(
                    "--audio \(soundtrack.file): a \(format.displayName) has no sound; "
                        + "write .mp4 or .mov (AAC) or .webm (Opus) for a video with a soundtrack")
            }
            notes.append(
                "a \(format.displayName) has no sound: canvas.audio is left out (write .mp4, .mov or .webm to hear it)")
        }
        if case .video(_, .gif) = format {
            if let fps = options.fps {
                // "--fps 33.33" means 100/3: GIF rates are 100/n, which people write rounded.
                let n = (100 / fps).rounded()
                if n >= 1, abs(100 / n - fps) < 0.01 { canvas.fps = 100 / n }
            } else {
                let gifFPS = VideoSettings.gifFPS(notAbove: canvas.fps)
                if gifFPS != canvas.fps {
                    notes.append(
                        "GIF frame delays are whole hundredths of a second: rendering at \(JSONValue.format(gifFPS)) fps "
                            + "(the scene has \(JSONValue.format(canvas.fps)); --fps picks another 100/n)")
                }
                canvas.fps = gifFPS
            }
        }
        let fitted = oddFrameSize.fit(canvas, for: format)
        canvas = fitted.canvas
        if let note = fitted.note { notes.append(note) }
        var session = RenderSession(timeline: timeline.with(canvas: canvas), context: context)
        session.threads = options.threads
        guard !session.frames.isEmpty else {
            throw RenderJobError.invalid(
                "\(job.scene): \(JSONValue.format(canvas.duration)) s at \(JSONValue.format(canvas.fps)) fps is not a single frame"
            )
        }
        if let frames = options.frames {
            session.frames = try frames.range(frameCount: session.frames.count, fps: canvas.fps)
        }
        let chunkSeconds = options.chunkSeconds ?? ChunkGrid.defaultSeconds
        let grid = ChunkGrid(frames: session.frames, seconds: chunkSeconds, fps: canvas.fps)
        if let segment = options.segment {
            if case .video(_, .gif) = format {
                throw RenderJobError.invalid(
                    "--segment cannot split a GIF: its one palette is chosen from every frame of the clip, so parts "
                        + "would not join into the same file; render the whole GIF")
            }
            session.frames = try grid.frames(of: segment, chunkSeconds: chunkSeconds)
        }
        var output: RenderOutput
        do {
            output = try RenderOutput(
                path: path, format: format, canvas: canvas, crf: options.crf, preset: options.preset,
                startFrame: session.frames.lowerBound,
                pixelFormat: options.pixelFormat.map(VideoPixelFormat.init(named:)),
                dither: options.dither.map(GIFDither.init(named:)))
        } catch {
            throw oddFrameSize.refusal("\(error)", canvas: canvas, format: format)
        }
        output.replaceReadOnly = options.replaceReadOnly
        let identity = options.identity(for: format)
        if var settings = output.settings, settings.codec != .gif {
            // Every video is encoded on the chunk grid and records what it is, whole or a segment,
            // so the whole render and the concatenated segments are the same bytes.
            settings.chunkFrames = grid.chunkFrames
            settings.chunkOrigin = grid.frames.lowerBound
            settings.chunkEnd = grid.frames.upperBound
            let scene = sceneFingerprint
            var record = SegmentRecord(
                settings: settings, scene: scene, options: identity.compact, grid: grid,
                segment: options.segment ?? Segment(index: 0, count: 1), frames: session.frames)
            if format.holdsSound { record.audio = try soundtrackRecord() }
            settings.comment = record.json
            output.settings = settings
        }
        var planned = PlannedRender(output: output, session: session, notes: notes, identity: identity)
        if options.segment == nil, case .video(_, let codec) = format, codec != .gif {
            let count = ParallelSegments.count(
                asked: options.parallelSegments, threads: options.threads ?? FramePipeline.coreCount,
                chunks: grid.chunkCount,
                memoryPerRender: RenderJob.estimatedMemory(width: canvas.pixelWidth, height: canvas.pixelHeight),
                maxMemory: options.maxMemory)
            // A soundtrack is added when the parts are joined, so a render with one gets there
            // the way `reel concat` does, and the two give the same bytes.
            if count > 1 || (soundtrack != nil && format.holdsSound) {
                let folder = ParallelSegments.partsFolder(for: path)
                let ext = (path as NSString).pathExtension
                planned.partsFolder = folder
                planned.parts = try (0..<count).map { i in
                    var part = options
                    part.segment = Segment(index: i, count: count)
                    part.threads = max(1, (options.threads ?? FramePipeline.coreCount) / count)
                    return try with(options: part).plan(output: "\(folder)/part-\(i).\(ext)")
                }
            }
        }
        return planned
    }

    /// Draws the frame at `time` seconds (the job's scale applied); with `outline`, each layer's
    /// bounds, anchor point and name over it (`LayerOutline`).
    public func still(at time: Double, outline: Bool = false) -> PixelBuffer {
        frames(at: [time], canvas: canvas, outline: outline)[0]
    }

    /// A contact sheet (`reel sheet`): `count` frames spread evenly over the scene, first and
    /// last included, each labelled with its time and frame number, under `title` and the
    /// canvas's figures. Tiles are at most 480 points wide unless the options set a scale.
    public func sheet(count: Int, columns: Int, title: String) -> PixelBuffer {
        // A count kept in range cannot be refused.
        try! sheet(.count(min(max(count, 1), SheetFrames.maximumTiles)), columns: columns, title: title)
    }

    /// A contact sheet of the frames `picking` chooses (a count spread evenly, frame numbers, or
    /// times), each labelled with its time and frame number; with `outline`, layer outlines on
    /// every tile (`LayerOutline`).
    /// - Throws: `RenderJobError.invalid` for a frame or time outside the scene, or no frames.
    public func sheet(_ picking: SheetFrames, columns: Int, title: String, outline: Bool = false) throws -> PixelBuffer
    {
        let canvas = sheetCanvas
        let moments = try picking.moments(
            frameCount: max(canvas.frameCount, 1), fps: canvas.fps, duration: canvas.duration)
        // Tiles are independent: drawn on every core.
        let images = frames(at: moments.map(\.time), canvas: canvas, outline: outline)
        let tiles = zip(moments, images).map { (image: $1, label: Self.sheetLabel(time: $0.time, frame: $0.frame)) }
        let heading =
            "\(title)  \(timeline.canvas.pixelWidth)×\(timeline.canvas.pixelHeight)  "
            + "\(JSONValue.format(canvas.fps)) fps  \(JSONValue.format(canvas.duration)) s  \(canvas.frameCount) frames"
        return ContactSheet(columns: columns, title: heading).render(tiles)
    }

    /// The canvas a contact sheet's tiles are drawn on: the options' scale, or at most 480
    /// points wide.
    public var sheetCanvas: Canvas {
        var canvas = self.canvas
        canvas.scale = job.options.scale ?? min(canvas.scale, 480 / max(canvas.size.width, 1))
        return canvas
    }

    /// `count` frame numbers spread evenly over `0..<frameCount`, first and last included.
    static func sheetFrames(count: Int, of frameCount: Int) -> [Int] {
        let n = min(count, frameCount)
        guard n > 1 else { return [0] }
        return (0..<n).map { Int((Double($0) * Double(frameCount - 1) / Double(n - 1)).rounded()) }
    }

    /// `00:01.50  #90`: scene time as minutes, seconds and hundredths, then the frame number.
    static func sheetLabel(frame: Int, fps: Double) -> String {
        sheetLabel(time: Double(frame) / fps, frame: frame)
    }

    /// `00:02.20  #66`: the time shown, then the frame it falls in.
    static func sheetLabel(time: Double, frame: Int) -> String {
        let hundredths = Int((time * 100).rounded())
        return String(format: "%02d:%02d.%02d  #%d", hundredths / 6000, hundredths / 100 % 60, hundredths % 100, frame)
    }

    /// Draws the frames at `times` on every core, at `canvas` (for contact sheets: a smaller
    /// scale); with `outline`, layer outlines over each.
    public func frames(at times: [Double], canvas: Canvas, outline: Bool = false) -> [PixelBuffer] {
        let renderer = FrameRenderer(canvas: canvas, context: context)
        let images = times.map { _ in renderer.makeBuffer() }
        let timeline = self.timeline
        DispatchQueue.concurrentPerform(iterations: times.count) { i in
            // Outlines show hidden layers' sublayers too.
            guard outline else { return renderer.render(timeline, at: times[i], into: images[i]) }
            let tree = timeline.presentation(at: times[i])
            renderer.render(tree, into: images[i])
            LayerOutline.draw(tree, over: images[i], scale: canvas.scale)
        }
        return images
    }
}

/// A render of one job to one output, planned and checked, not started.
public struct PlannedRender: Sendable {
    /// Where and how it is written.
    public let output: RenderOutput
    /// The frames and the timeline with the final canvas.
    public let session: RenderSession
    /// Things the user may want to know (a GIF frame rate chosen for them).
    public let notes: [String]
    /// The options that decide the output's bytes, defaults resolved (see `RenderOptions.identity(for:)`).
    public let identity: JSONValue

    public var canvas: Canvas { session.timeline.canvas }

    /// Segments rendered at once and joined (`ParallelSegments`); empty for one render.
    public internal(set) var parts: [PlannedRender] = []
    /// The hidden folder the parts are written in.
    var partsFolder: String?

    /// What a finished render wrote.
    public struct Result: Sendable {
        public var frames: Int
        public var bytes: Int
        public var seconds: Double
        /// The soundtrack written, if any.
        public var audio: SegmentConcat.AudioResult?
    }

    /// Renders every frame, finishes the file and moves it into place; on any error or a stop,
    /// nothing is left behind.
    /// - Parameters:
    ///   - progress: called after each frame (and chunk) with the frames done.
    ///   - shouldStop: polled between frames, and once more before the file is moved into place.
    /// - Throws: `RenderJobError.failed` or `.interrupted`.
    public func run(
        progress: (RenderSession.Progress) -> Void = { _ in }, shouldStop: () -> Bool = { false }
    ) throws -> Result {
        if !parts.isEmpty { return try runParts(progress: progress, shouldStop: shouldStop) }
        let start = DispatchTime.now().uptimeNanoseconds
        let destination: any AtomicDestination, sink: any FrameSink
        do { (destination, sink) = try output.open() } catch { throw RenderJobError.failed("\(error)") }
        do {
            try session.run(into: sink, progress: progress, shouldStop: shouldStop)
            try sink.finish()
            // Finishing can take a moment (the encoder's delayed frames, moving the index to the
            // front): a stop asked for meanwhile still means "do not leave a file".
            if shouldStop() { throw RenderSession.Interrupted() }
            try destination.commit()
        } catch is RenderSession.Interrupted {
            sink.abort()
            destination.discard()
            throw RenderJobError.interrupted
        } catch {
            sink.abort()
            destination.discard()
            throw RenderJobError.failed("\(error)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Result(frames: session.frames.count, bytes: output.writtenBytes(by: sink), seconds: seconds)
    }
}

/// Decodes images with `FFmpegImageLoader` and remembers which files it read, for fingerprints.
final class RecordingImageLoader: SceneImageLoader, @unchecked Sendable {
    private let lock = NSLock()
    private var read: Set<String> = []
    private var decodedPixels = 0
    private let loader: FFmpegImageLoader

    init(loader: FFmpegImageLoader = FFmpegImageLoader()) { self.loader = loader }

    func loadImage(atPath path: String) throws -> CGImage {
        lock.withLock { _ = read.insert(path) }
        let image = try loader.loadImage(atPath: path)
        lock.withLock { decodedPixels += image.width * image.height }
        return image
    }

    func loadImage(bytes: [UInt8], format: ImageHeader.Format, name: String) throws -> CGImage {
        let image = try loader.loadImage(bytes: bytes, format: format, name: name)
        lock.withLock { decodedPixels += image.width * image.height }
        return image
    }

    /// `name` is the SVG file's path: its bytes are part of the job's fingerprint like an image's.
    func loadVector(bytes: [UInt8], name: String) throws -> CGImage {
        lock.withLock { _ = read.insert(name) }
        return try loader.loadVector(bytes: bytes, name: name)
    }

    var paths: [String] { lock.withLock { read.sorted() } }
    /// Pixels of every image decoded.
    var pixels: Int { lock.withLock { decodedPixels } }
}
