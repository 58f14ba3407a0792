import Foundation
import ReelCore
import ReelEncode
import ReelRender

/// Frames read one batch after another — decoded from a video or drawn from a scene — so a
/// comparison holds a few frames at a time, however long the clip.
public protocol FrameSource: AnyObject {
    /// The file the frames come from (for messages).
    var path: String { get }
    /// Frame size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// Frames per second, or nil when the file does not say (a still image).
    var fps: Double? { get }
    /// The number of frames, when it is known before reading them (a scene's).
    var frameCount: Int? { get }
    /// The next frames, at most `count` of them; fewer only at the end.
    /// - Throws: the decoder's error for a file that cannot be read.
    func next(_ count: Int) throws -> [PixelBuffer]
    /// How many frames are left after those read (read through without comparing, for messages).
    func countRemaining() throws -> Int
}

/// The frames of a video, an image, or a sequence of image files in order, decoded with
/// `VideoDecoder` (premultiplied BGRA, colours as the stream declares them): only the formats
/// Reel reads, chosen by extension, within its pixel limit (`MediaInput`).
public final class VideoFrames: FrameSource {
    public let path: String
    public let width: Int, height: Int
    public let fps: Double?
    public var frameCount: Int? { nil }
    private var files: [String]
    private var decoder: VideoDecoder?
    private let firstDecoder: VideoDecoder

    /// Opens the first of `files` (a video, or one image per frame).
    /// - Throws: `EncodeError` when it cannot be opened or has no video stream.
    public init(files: [String]) throws {
        precondition(!files.isEmpty, "no files to read")
        path = files[0]
        self.files = Array(files.dropFirst())
        let first = try VideoDecoder(path: path)
        (decoder, firstDecoder) = (first, first)
        // An image has no frame rate, whatever FFmpeg's image reader assumes (25 fps).
        let isImage = MediaInput.isStillImage(path)
        (width, height, fps) = (first.width, first.height, isImage ? nil : first.frameRate?.fps)
    }

    /// Opens one video or image file.
    public convenience init(path: String) throws { try self.init(files: [path]) }

    /// The colour round trip of this video's pixel format (nil for RGB, palette and grey ones).
    public func colorRoundTrip() -> ColorRoundTrip? { ColorRoundTrip(matching: firstDecoder) }

    public func next(_ count: Int) throws -> [PixelBuffer] {
        var frames: [PixelBuffer] = []
        while frames.count < count, let frame = try nextFrame() { frames.append(frame) }
        return frames
    }

    public func countRemaining() throws -> Int {
        var n = 0
        while try nextFrame() != nil { n += 1 }
        return n
    }

    private func nextFrame() throws -> PixelBuffer? {
        while true {
            if let decoder, let frame = try decoder.nextFrame() { return frame }
            guard !files.isEmpty else { return nil }
            decoder = try VideoDecoder(path: files.removeFirst())
        }
    }
}

/// A loaded scene's frames, drawn as `reel render` draws them (the job's scale and fps), each
/// batch on every core.
public final class SceneFrames: FrameSource {
    public let path: String
    public let width: Int, height: Int
    public let fps: Double?
    public let frameCount: Int?
    /// The scene's compiled timeline (`reel diff` compares two scenes' animations).
    public let timeline: Timeline
    private let renderer: FrameRenderer
    private var nextIndex = 0
    /// Applied to every frame drawn: set to a video's colour round trip to compare with it.
    public var colors: ColorRoundTrip?

    public init(_ loaded: LoadedJob) {
        let canvas = loaded.canvas
        path = loaded.job.scene
        (width, height, fps, frameCount) = (canvas.pixelWidth, canvas.pixelHeight, canvas.fps, canvas.frameCount)
        timeline = loaded.timeline.with(canvas: canvas)
        renderer = FrameRenderer(canvas: canvas, context: loaded.context)
    }

    public func next(_ count: Int) throws -> [PixelBuffer] {
        let indices = nextIndex..<min(nextIndex + count, frameCount ?? 0)
        nextIndex = indices.upperBound
        let (draw, timeline) = (renderer, self.timeline)
        let images = indices.map { _ in draw.makeBuffer() }
        DispatchQueue.concurrentPerform(iterations: images.count) { i in
            draw.render(timeline, at: timeline.canvas.time(ofFrame: indices.lowerBound + i), into: images[i])
        }
        guard let colors else { return images }
        return try images.map(colors.apply)
    }

    /// Compares in `video`'s colours from now on: each frame goes through the video's YUV format
    /// and back (`ColorRoundTrip`), so what a lossless encoder would give is equal to the frame.
    public func matchColors(of video: VideoFrames) {
        colors = video.colorRoundTrip()
    }

    public func countRemaining() throws -> Int {
        defer { nextIndex = frameCount ?? 0 }
        return (frameCount ?? 0) - nextIndex
    }
}
