import Foundation

/// A scene built in Swift renders in one call, through the same job as `reel render`, `still`
/// and `sheet` (every format and option of `RenderOptions`):
///
/// ```swift
/// let scene = Scene(canvas: Canvas(size: CGSize(width: 640, height: 360), duration: 3))
/// // … layers and scene.at(…) entries …
/// try scene.render(to: "clip.mp4")                        // or .webm, .mov, .gif, frame-%04d.png
/// try scene.render(to: "clip.gif", options: RenderOptions(fps: 25, scale: 0.5))
/// let frame = try scene.still(at: 1.5)                    // a PixelBuffer
/// try scene.still(at: 1.5, to: "frame.png")
/// try scene.sheet(to: "sheet.png")                        // frames with timecodes, for review
/// try scene.sheet(to: "keys.png", picking: .times([0.5, 1, 2.2]), outline: true)
/// ```
extension Scene {
    /// Renders every frame to `path`, whose extension picks the format; the file appears whole
    /// or not at all.
    /// - Parameters:
    ///   - path: the output file; `.mp4`, `.mov`, `.webm`, `.gif` or a `name-%04d.png` sequence.
    ///   - options: every option of `reel render` (frame rate, scale, frames, quality, codec…).
    ///   - progress: called after each frame (and chunk) with the frames done.
    ///   - shouldStop: polled between frames; true stops the render and leaves nothing behind.
    /// - Throws: `RenderJobError` (options the format cannot take, a scene that does not compile,
    ///   an encoder failure, or `.interrupted`).
    @discardableResult
    public func render(
        to path: String, options: RenderOptions = RenderOptions(),
        progress: (RenderSession.Progress) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) throws -> PlannedRender.Result {
        try loadedJob(options).plan(output: path).run(progress: progress, shouldStop: shouldStop)
    }

    /// Renders to `path` off the caller's thread; cancelling the task stops the render and leaves
    /// nothing behind (`RenderJobError.interrupted`).
    /// - Parameters:
    ///   - path: the output file; its extension picks the format.
    ///   - options: every option of `reel render`.
    @discardableResult
    public func render(to path: String, options: RenderOptions = RenderOptions()) async throws -> PlannedRender.Result {
        let planned = try loadedJob(options).plan(output: path)
        let stop = StopFlag()
        return try await withTaskCancellationHandler {
            try await Task.detached { try planned.run(shouldStop: { stop.isSet }) }.value
        } onCancel: {
            stop.set()
        }
    }

    /// The frame at scene time `time` (the options' scale applied); with `outline`, each
    /// layer's bounds, anchor point and name drawn over it, as `reel still --outline` does.
    public func still(at time: Double, outline: Bool = false, options: RenderOptions = RenderOptions()) throws
        -> PixelBuffer
    {
        try loadedJob(options).still(at: time, outline: outline)
    }

    /// The frame at scene time `time`, written to `path` as a PNG.
    public func still(at time: Double, to path: String, outline: Bool = false, options: RenderOptions = RenderOptions())
        throws
    {
        try PNGFile.write(still(at: time, outline: outline, options: options), to: path)
    }

    /// A contact sheet: `count` frames spread over the scene, first and last included, each
    /// labelled with its time and frame number, written to `path` as a PNG (see `reel sheet`).
    public func sheet(to path: String, count: Int = 12, columns: Int = 4, options: RenderOptions = RenderOptions())
        throws
    {
        try PNGFile.write(loadedJob(options).sheet(count: count, columns: columns, title: "Scene"), to: path)
    }

    /// A contact sheet of chosen frames — `.frames([0, 30, 60])` or `.times([0.5, 1, 2.2])` —
    /// written to `path` as a PNG (see `reel sheet --frames` and `--at`); with `outline`, layer
    /// outlines on every tile.
    /// - Throws: `RenderJobError.invalid` for a frame or time outside the scene.
    public func sheet(
        to path: String, picking: SheetFrames, columns: Int = 4, outline: Bool = false,
        options: RenderOptions = RenderOptions()
    ) throws {
        try PNGFile.write(
            loadedJob(options).sheet(picking, columns: columns, title: "Scene", outline: outline), to: path)
    }

    /// The scene compiled as a render job (a Swift scene has no file: nothing to fingerprint
    /// but its frames and its soundtrack, and no images read through the job).
    func loadedJob(_ options: RenderOptions) throws -> LoadedJob {
        do { try options.validate() } catch { throw RenderJobError.invalid("\(error)") }
        let timeline: Timeline
        do { timeline = try compile() } catch { throw RenderJobError.invalid("\(error)") }
        let loaded = LoadedJob(
            job: RenderJob(scene: "(Swift scene)", options: options), timeline: timeline, readFiles: [])
        if let problem = loaded.soundtrackProblem(audioLocation: nil), problem.severity == .error {
            throw RenderJobError.invalid(problem.description)
        }
        return loaded
    }
}

/// Set once from a cancellation handler, read by the render between frames.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
