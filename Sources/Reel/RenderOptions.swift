import Foundation
import ReelCore
import ReelEncode
import ReelScene

/// What a render may override in a scene, how it is encoded and what it may ask for: every option
/// of a job, whatever starts it — `reel render`, `reel batch` (and its manifests), `reel submit`,
/// the Swift API. Batch workers and farm nodes receive it whole, as JSON (`RenderJob`), so an
/// option given anywhere is the one in force where the frames are drawn.
///
/// nil always means "the scene's value" or "the codec's default".
public struct RenderOptions: Sendable, Hashable, Codable {
    /// Frames per second (default: the scene's `canvas.fps`; for GIF the nearest 100/n below it).
    public var fps: Double?
    /// Pixels per point (default: the scene's `canvas.scale`).
    public var scale: Double?
    /// Only these frames (0-based, inclusive; `last` nil runs to the end).
    public var frames: FrameSpan?
    /// Quality (H.264/HEVC 0…51, VP9 0…63); nil for the codec's default.
    public var crf: Int?
    /// Encoder speed, x264's names; nil for `medium`.
    public var preset: String?
    /// Codec within the container (`hevc` in .mp4, `h264` in .mov, …).
    public var codec: String?
    /// The stored pixel format (`--pix-fmt`: `yuv420p10le`, `yuv422p10le` …); nil for the codec's usual one.
    public var pixelFormat: String?
    /// A GIF's dithering (`--dither bayer|floyd-steinberg|none`); nil for Bayer.
    public var dither: String?
    /// Threads that draw frames; nil for one per core. The output does not depend on it.
    public var threads: Int?
    /// Limits on what the scene may ask for (`--max-frames` …).
    public var limits: SceneLimits
    /// Replace outputs even when they are read-only (`--force`, `-y`).
    public var replaceReadOnly = false
    /// The memory a render may need, in bytes: a scene whose render is estimated to need more is
    /// refused before it starts (`RenderJob.estimatedMemory`). nil: no check.
    public var maxMemory: Int?
    /// Render only this part of the frames (`--segment I/N`), for `reel concat` to join; nil: all.
    /// Not part of the identity: every segment of a render shares its options.
    public var segment: Segment?
    /// Seconds per independently encoded chunk (`--chunk-seconds`); nil for `ChunkGrid.defaultSeconds`.
    public var chunkSeconds: Double?
    /// Segments of a video rendered at once and joined (`--parallel-segments`), for machines with
    /// more cores than one render uses; nil: one per six cores. The output does not depend on it.
    public var parallelSegments: Int?
    /// A soundtrack file (`--audio`) replacing the scene's `canvas.audio`, played from its start
    /// at volume 1 without fades; nil: the scene's. An absolute path (the CLI makes it one).
    public var audio: String?
    /// A shutter (`--motion-blur ANGLE[:SAMPLES]`) replacing the scene's `canvas.motionBlur`;
    /// nil: the scene's.
    public var motionBlur: MotionBlur?

    public init(
        fps: Double? = nil, scale: Double? = nil, frames: FrameSpan? = nil, crf: Int? = nil,
        preset: String? = nil, codec: String? = nil, threads: Int? = nil, limits: SceneLimits = SceneLimits(),
        parallelSegments: Int? = nil
    ) {
        self.parallelSegments = parallelSegments
        self.fps = fps
        self.scale = scale
        self.frames = frames
        self.crf = crf
        self.preset = preset
        self.codec = codec
        self.threads = threads
        self.limits = limits
    }

    /// Checks the values that can be checked without a scene: the one place they are checked, so
    /// the command line, a job file read on a farm node and the Swift API refuse the same values
    /// with the same message.
    /// - Throws: `RenderJobError.invalid` naming the option as the command line spells it.
    public func validate() throws {
        let whole: [(OptionRange, Int?)] = [
            (.maxFrames, limits.maxFrames), (.maxPixels, limits.maxPixels), (.maxFileSize, limits.maxFileBytes),
            (.maxImagePixels, limits.maxImagePixels), (.maxDepth, limits.maxDepth), (.crf, crf), (.threads, threads),
            (.parallelSegments, parallelSegments)
        ]
        let fractional: [(OptionRange, Double?)] = [(.fps, fps), (.scale, scale), (.chunkSeconds, chunkSeconds)]
        if let message = whole.lazy.compactMap({ range, value in value.flatMap(range.refusal) }).first
            ?? fractional.lazy.compactMap({ range, value in value.flatMap(range.refusal) }).first
        {
            throw RenderJobError.invalid(message)
        }
        if let message = motionBlur?.refusal("--motion-blur") { throw RenderJobError.invalid(message) }
        do { _ = try pixelFormat.map(VideoPixelFormat.init(named:)) } catch {
            throw RenderJobError.invalid("--pix-fmt: \(error)")
        }
        do { _ = try dither.map(GIFDither.init(named:)) } catch { throw RenderJobError.invalid("--dither: \(error)") }
    }

    /// The options that decide an output's bytes, with defaults resolved for `format` (so `--crf 18`
    /// and no `--crf` on H.264 are the same), as a canonical JSON object. `threads` is left out: the
    /// output does not depend on it.
    public func identity(for format: OutputFormat) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("format", .string(format.identityName))]
        var crf = self.crf, preset = self.preset
        if case .video(_, let codec) = format {
            crf = crf ?? codec.defaultCRF
            preset = preset ?? codec.defaultPreset
        }
        if let fps { pairs.append(("fps", .number(fps))) }
        if let scale { pairs.append(("scale", .number(scale))) }
        if let frames { pairs.append(("frames", .string(frames.description))) }
        if let crf { pairs.append(("crf", .number(Double(crf)))) }
        if let preset { pairs.append(("preset", .string(preset))) }
        if let motionBlur { pairs.append(("motionBlur", .string(motionBlur.flag))) }
        if let pixelFormat { pairs.append(("pixelFormat", .string(pixelFormat.lowercased()))) }
        if let dither { pairs.append(("dither", .string(dither.lowercased()))) }
        // The file's bytes are in the scene fingerprint and the output record; its name is here,
        // so pointing --audio at another file counts as other options.
        if let audio, format.holdsSound { pairs.append(("audio", .string(audio))) }
        // The chunk grid decides where keyframes go, so it decides the bytes of every video but a GIF.
        if case .video(_, let codec) = format, codec != .gif {
            pairs.append(("chunkSeconds", .number(chunkSeconds ?? ChunkGrid.defaultSeconds)))
        }
        return .object(pairs)
    }
}

extension FrameSpan {
    /// The frames as a range, checked against the scene's frame count.
    /// - Throws: `RenderJobError.invalid` when the span is outside the scene.
    public func range(frameCount: Int, fps: Double) throws -> Range<Int> {
        let last = self.last ?? frameCount - 1
        guard first < frameCount, last < frameCount else {
            throw RenderJobError.invalid(
                "--frames \(self.last.map { "\(first)-\($0)" } ?? "\(first)-") is outside the scene: it has \(frameCount) frames "
                    + "(0-\(frameCount - 1)) at \(JSONValue.format(fps)) fps")
        }
        return first..<(last + 1)
    }
}

extension OutputFormat {
    /// Whether the format can carry a soundtrack (MP4, MOV, WebM).
    public var holdsSound: Bool {
        if case .video(let container, _) = self { return container.audioCodec != nil }
        return false
    }

    /// A stable name for fingerprints: "mp4/h264", "png-sequence".
    var identityName: String {
        switch self {
        case .video(let container, let codec): "\(container.rawValue)/\(codec.rawValue)"
        case .pngSequence: "png-sequence"
        case .rawBGRA: "bgra"
        }
    }
}
