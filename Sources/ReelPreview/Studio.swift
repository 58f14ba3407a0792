import Foundation
import Reel

/// The one scene a preview serves, and everything requests share: the last scene that loaded,
/// the problems of the latest load, and the pages listening for changes.
///
/// An actor so that reloads and renders never overlap: a reload swaps the scene between two
/// frames, never under one, and frames are drawn one at a time (a studio is one user; the
/// machine's other cores stay free for their editor and browser).
actor Studio {
    /// The scene file, as given on the command line (diagnostics name it so).
    let scene: String
    let options: RenderOptions

    /// The last scene that loaded without errors; frames keep coming from it while the file is broken.
    private(set) var loaded: LoadedJob?
    /// Problems (errors and warnings) of the latest load.
    private(set) var problems: [SceneProblem] = []
    /// Counts loads: a page asks for frames of a version, so a browser never shows a cached old one.
    private(set) var version = 0
    /// The version `loaded` came from: frames change only when it does.
    private(set) var frameVersion = 0
    private var stamps: FileStamps
    private var timingSVG: (version: Int, svg: String?)?
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var closed = false

    init(scene: String, options: RenderOptions) {
        self.scene = scene
        self.options = options
        let before = FileStamps([scene])
        let (loaded, problems) = Self.load(scene, options)
        self.loaded = loaded
        self.problems = problems
        version = 1
        frameVersion = loaded == nil ? 0 : 1
        stamps = Self.stamps(scene: scene, loaded: loaded, before: before)
    }

    /// Loads the scene, unless the path now names something reading could block on (a FIFO
    /// swapped in for the file) or a folder: the studio is an actor, so one blocked load would
    /// hold every route. The page shows why, over the last frame that loaded.
    private static func load(_ scene: String, _ options: RenderOptions) -> (LoadedJob?, [SceneProblem]) {
        switch InputFile.kind(atPath: scene) {
        case .special, .folder:
            return (nil, [SceneProblem(file: scene, message: InputFile.problem(atPath: scene) ?? "cannot be read")])
        case .regular, .missing:
            return RenderJob(scene: scene, options: options).check()
        }
    }

    /// Stamps of the scene and of what it read (while it is broken: what the last good one
    /// read), as they were `before` the load where known.
    private static func stamps(scene: String, loaded: LoadedJob?, before: FileStamps) -> FileStamps {
        FileStamps([scene] + (loaded?.referencedFiles ?? []), known: before)
    }

    /// Reloads when the scene or a file it read changed on disk since the last load, and tells
    /// every listening page. Returns whether it reloaded.
    @discardableResult
    func reloadIfChanged() -> Bool {
        let before = FileStamps(stamps.paths)
        guard !closed, before != stamps else { return false }
        let (fresh, problems) = Self.load(scene, options)
        version += 1
        self.problems = problems
        if let fresh {
            loaded = fresh
            frameVersion = version
        }
        stamps = Self.stamps(scene: scene, loaded: loaded, before: before)
        let event = state.compact
        for listener in listeners.values { listener.yield(event) }
        return true
    }

    /// Whether the latest load had no errors (its frames are the current file's).
    var isValid: Bool { !problems.contains { $0.severity == .error } }

    /// The studio's state as the page reads it (`GET /state` and each `/events` message).
    var state: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("version", .number(Double(version))),
            ("scene", .string(scene)),
            ("frameVersion", .number(Double(frameVersion))),
            ("valid", .bool(isValid)),
            // Exactly the lines `reel validate` prints.
            ("problems", .array(problems.map { .string($0.description) }))
        ]
        if let canvas = loaded?.canvas {
            pairs.append(
                (
                    "canvas",
                    .object([
                        ("width", .number(canvas.size.width)), ("height", .number(canvas.size.height)),
                        ("scale", .number(canvas.scale)),
                        ("pixelWidth", .number(Double(canvas.pixelWidth))),
                        ("pixelHeight", .number(Double(canvas.pixelHeight))),
                        ("fps", .number(canvas.fps)), ("duration", .number(canvas.duration)),
                        ("frameCount", .number(Double(canvas.frameCount)))
                    ])
                ))
        } else {
            pairs.append(("canvas", .null))
        }
        return .object(pairs)
    }

    /// The frame at `time` as PNG bytes, drawn at `scale` pixels per point (nil: the scene's own,
    /// as `reel still` draws it); nil while no version of the scene has loaded.
    func frame(at time: Double, scale: Double?) throws -> Data? {
        guard var job = loaded else { return nil }
        if let scale {
            var options = job.job.options
            options.scale = scale
            job = job.with(options: options)
        }
        return try PNGFile.encode(job.still(at: time))
    }

    enum InspectResult {
        case found(JSONValue)
        case unknownLayer(String)
        case notLoaded
    }

    /// `reel inspect --at time [--layer name]`'s JSON: the presentation tree at `time`, or one
    /// layer's values without its sublayers.
    func inspect(at time: Double, layer name: String?) -> InspectResult {
        guard let loaded else { return .notLoaded }
        let timeline = loaded.timeline
        guard let name else {
            return .found(InspectReport.json(timeline.presentation(at: time), context: loaded.context))
        }
        guard let found = timeline.presentation(at: time, layerNamed: name) else {
            return .unknownLayer(
                timeline.layerNames.contains(name)
                    ? "layer '\(name)' is not in the layer tree at \(JSONValue.format(time)) s"
                    : "unknown layer '\(name)'")
        }
        return .found(InspectReport.json(found, includeSublayers: false, context: loaded.context))
    }

    /// The timing diagram of the last good scene, drawn once per load; nil when there is none.
    func timing() -> String? {
        if let cached = timingSVG, cached.version == frameVersion { return cached.svg }
        let svg = loaded.flatMap { try? TimingDiagram(job: $0).svg() }
        timingSVG = (frameVersion, svg)
        return svg
    }

    /// The studio's state now and after every reload, until the studio closes.
    func listen() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        guard !closed else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        continuation.yield(state.compact)
        continuation.onTermination = { _ in Task { await self.stopListening(id) } }
        listeners[id] = continuation
        return stream
    }

    private func stopListening(_ id: UUID) { listeners[id] = nil }

    /// Ends every event stream, so the server's graceful shutdown is not held up by open pages.
    func close() {
        closed = true
        for listener in listeners.values { listener.finish() }
        listeners = [:]
    }
}
