/// The video codecs Reel can write.
///
/// Only H.264 exists today. Everything codec-specific (encoder, pixel format, quality scale,
/// presets, size rules) is a property here, so adding HEVC, ProRes, VP9 or GIF means adding a
/// case and filling in its answers; `VideoSettings.validate()` and the encoder ask, never assume.
public enum VideoCodec: String, Sendable, Equatable, CaseIterable {
    /// H.264 / AVC via libx264, 8-bit 4:2:0, in MP4.
    case h264

    /// The name people know the codec by, used in messages.
    public var displayName: String {
        switch self {
        case .h264: "H.264"
        }
    }

    /// The FFmpeg encoder that produces this codec.
    var encoderName: String {
        switch self {
        case .h264: "libx264"
        }
    }

    /// The FFmpeg pixel format the encoder is fed (and the file stores).
    var pixelFormatName: String {
        switch self {
        case .h264: "yuv420p"
        }
    }

    /// Whether chroma is subsampled 2:1 in both directions, which needs even frame sizes.
    var subsamplesChroma: Bool {
        switch self {
        case .h264: true
        }
    }

    /// The container format FFmpeg writes (by muxer name, independent of the file's extension).
    var containerName: String {
        switch self {
        case .h264: "mp4"
        }
    }

    /// The valid constant-rate-factor values (lower is better quality and larger files).
    public var crfRange: ClosedRange<Int> {
        switch self {
        case .h264: 0...51
        }
    }

    /// The encoder's speed/size presets, fastest first.
    public var presets: [String] {
        switch self {
        case .h264:
            ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        }
    }
}

/// How to encode a video: frame size, frame rate, codec and quality.
///
/// Values are plain data; call `validate()` (the encoder does) to get a readable error for
/// combinations the codec cannot handle before any file is created.
public struct VideoSettings: Sendable, Equatable {
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames per second, e.g. 60 or 29.97 (stored exactly as `frameRate`).
    public var fps: Double
    /// The codec to write.
    public var codec: VideoCodec
    /// Constant rate factor: the quality target (0 is lossless for H.264, 18 looks lossless, 23 is x264's default).
    public var crf: Int
    /// The encoder's speed/size trade-off, one of `codec.presets`.
    public var preset: String

    /// Creates settings; defaults are H.264 at crf 18 with the "medium" preset.
    public init(width: Int, height: Int, fps: Double, codec: VideoCodec = .h264, crf: Int = 18, preset: String = "medium") {
        self.width = width
        self.height = height
        self.fps = fps
        self.codec = codec
        self.crf = crf
        self.preset = preset
    }

    /// The frame rate as an exact fraction (see `FrameRate.init(fps:)`).
    /// - Throws: `EncodeError` if `fps` is not a usable frame rate.
    public var frameRate: FrameRate {
        get throws { try FrameRate(fps: fps) }
    }

    /// Checks that the codec can encode these settings.
    /// - Throws: `EncodeError` describing the first problem found and how to fix it.
    public func validate() throws {
        guard width > 0, height > 0 else {
            throw EncodeError("The frame size must be positive; got \(width)×\(height) pixels")
        }
        // No player decodes bigger H.264 (the highest level stops at 8192×4320), and a typo such as
        // 19200 would otherwise surface as an obscure encoder error or an out-of-memory.
        guard width <= VideoSettings.maximumDimension, height <= VideoSettings.maximumDimension else {
            throw EncodeError(
                "\(codec.displayName) frames can be at most \(VideoSettings.maximumDimension) pixels on a side; "
                    + "the frame is \(width)×\(height) pixels")
        }
        if codec.subsamplesChroma, !width.isMultiple(of: 2) || !height.isMultiple(of: 2) {
            throw EncodeError(
                "\(codec.displayName) with \(codec.pixelFormatName) needs even dimensions; "
                    + "the frame is \(width)×\(height) pixels")
        }
        _ = try frameRate
        guard codec.crfRange.contains(crf) else {
            throw EncodeError(
                "crf \(crf) is out of range: \(codec.displayName) accepts \(codec.crfRange.lowerBound)…"
                    + "\(codec.crfRange.upperBound) (lower is better quality; 18 is visually lossless)")
        }
        guard codec.presets.contains(preset) else {
            throw EncodeError(
                "Unknown preset \"\(preset)\" for \(codec.displayName) (\(codec.encoderName)); "
                    + "choose one of: \(codec.presets.joined(separator: ", "))")
        }
    }

    /// The largest width or height accepted.
    public static let maximumDimension = 16384
}
