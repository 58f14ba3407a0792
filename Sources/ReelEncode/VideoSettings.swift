import ReelCore

/// How to encode a video: frame size, frame rate, codec, container and quality.
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
    /// The container to write it in.
    public var container: VideoContainer
    /// Constant rate factor, the quality target (lower is better and larger), or nil for codecs
    /// without one. H.264: 0 is lossless, 18 looks lossless, 23 is x264's default.
    public var crf: Int?
    /// The encoder's speed/size trade-off, one of `codec.presets`, or nil for codecs without presets.
    public var preset: String?
    /// Keep the frames' alpha channel (VP9; ProRes 4444 always has one). Without it, frames are
    /// what they look like over black.
    public var alpha: Bool
    /// The scene frame number of the first frame: timestamps start there, so a segment rendered
    /// with `--frames A-B` keeps its place in the scene's timeline.
    public var startFrame: Int
    /// Threads the encoder uses; nil for the codec's fixed count (`VideoCodec.pinnedEncoderThreads`),
    /// never the number of cores.
    ///
    /// The encoded bits depend on it (x264 and x265 plan their frame threads around it), so it
    /// is deliberately separate from the number of threads that draw frames, and never taken
    /// from the machine: the same scene and options give the same file everywhere.
    public var encoderThreads: Int?
    /// Frames per independently encoded chunk, or nil for one encoder over the whole file.
    ///
    /// Each chunk is encoded by a fresh encoder, so it starts with a keyframe and no frame
    /// refers across its edges (a closed GOP): a chunk's packets are the same whether it is
    /// encoded in the whole render or in a segment of it, which is what makes segments join
    /// into a copy of the whole (see `chunkOrigin`). Intra-only codecs (ProRes) ignore it.
    public var chunkFrames: Int?
    /// The frame number the chunk grid starts at: the first frame of the whole render, also
    /// when this file holds only a segment of it.
    public var chunkOrigin = 0
    /// The frame after the whole render's last (nil: unknown): a last chunk of at most half
    /// `chunkFrames` before it joins the chunk before (see `ChunkGrid`).
    public var chunkEnd: Int?
    /// Text stored as the container's `comment` tag (Reel's segment metadata), or nil.
    public var comment: String?
    /// The pixel format stored (`--pix-fmt`: 10-bit, ProRes 422 HQ), or nil for the codec's usual one.
    public var pixelFormat: VideoPixelFormat?
    /// A GIF's dithering (`--dither`), or nil for the default, `GIFDither.bayer`.
    public var dither: GIFDither?

    /// Creates settings; nil `crf`/`preset` mean the codec's defaults, a nil container the
    /// codec's usual one (MP4 for H.264 and HEVC, MOV for ProRes, WebM for VP9).
    public init(
        width: Int, height: Int, fps: Double, codec: VideoCodec = .h264, container: VideoContainer? = nil,
        crf: Int? = nil, preset: String? = nil, alpha: Bool = false
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.codec = codec
        self.container = container ?? VideoContainer.allCases.first { $0.defaultCodec == codec } ?? .mp4
        self.crf = crf ?? codec.defaultCRF
        self.preset = preset ?? codec.defaultPreset
        self.alpha = alpha
        self.startFrame = 0
        self.encoderThreads = nil
    }

    /// The frame rate as an exact fraction (see `FrameRate.init(fps:)`).
    /// - Throws: `EncodeError` if `fps` is not a usable frame rate.
    public var frameRate: FrameRate {
        get throws { try FrameRate(fps: fps) }
    }

    /// Whether the encoder is fed (and the file stores) an alpha channel.
    var storesAlpha: Bool {
        codec == .prores ? pixelFormat != .yuv422p10le : alpha && codec.supportsAlpha
    }

    /// FFmpeg's name for the pixel format the encoder is fed and the file stores.
    var pixelFormatName: String { pixelFormat?.rawValue ?? codec.pixelFormatName(alpha: storesAlpha) }

    /// Checks that the codec can encode these settings.
    /// - Throws: `EncodeError` describing the first problem found and how to fix it.
    public func validate() throws {
        guard width > 0, height > 0 else {
            throw EncodeError("The frame size must be positive; got \(width)×\(height) pixels")
        }
        // A typo such as 19200 would otherwise surface as an obscure encoder error or an out-of-memory.
        let maximum = VideoSettings.maximumDimension
        guard width <= maximum, height <= maximum else {
            throw EncodeError(
                "\(codec.displayName) frames can be at most \(maximum) pixels on a side; "
                    + "the frame is \(width)×\(height) pixels")
        }
        guard container.codecs.contains(codec) else {
            throw EncodeError(
                "\(container.displayName) files cannot hold \(codec.displayName); "
                    + "choose one of: \(container.codecs.map(\.rawValue).joined(separator: ", "))")
        }
        if codec.subsamplesChroma, !width.isMultiple(of: 2) || !height.isMultiple(of: 2) {
            throw EncodeError(
                "\(codec.displayName) with \(pixelFormatName) needs even dimensions; "
                    + "the frame is \(width)×\(height) pixels (canvas size × scale: make both even, "
                    + "or write ProRes .mov, GIF or PNG, which take any size)")
        }
        let rate = try frameRate
        if codec == .gif, VideoSettings.gifDelay(rate) == nil {
            throw EncodeError(
                "GIF frame delays are whole hundredths of a second, at least 2 (browsers slow down "
                    + "shorter ones), so the frame rate must be 100/n: 50, 33.33, 25, 20, 10, …; got \(rate.fps.formatted)"
            )
        }
        try validateQuality()
        try pixelFormat?.validate(for: codec, alpha: alpha)
        if let dither, codec != .gif {
            throw EncodeError("--dither \(dither.rawValue) is for GIF; \(codec.displayName) has no palette")
        }
        if alpha, !codec.supportsAlpha {
            throw EncodeError(
                "\(codec.displayName) cannot store an alpha channel; use ProRes 4444 (.mov) or VP9 (.webm)")
        }
        if let chunkFrames, chunkFrames < 1 {
            throw EncodeError("A chunk must be at least one frame; got \(chunkFrames)")
        }
        guard startFrame >= 0 else {
            throw EncodeError("The first frame number must not be negative; got \(startFrame)")
        }
        if let encoderThreads, !(1...VideoSettings.maximumThreads).contains(encoderThreads) {
            throw EncodeError(
                "The encoder thread count must be 1…\(VideoSettings.maximumThreads); got \(encoderThreads)")
        }
    }

    private func validateQuality() throws {
        if let crf {
            guard let range = codec.crfRange else {
                throw EncodeError("\(codec.displayName) has no crf setting (its quality is fixed); leave crf out")
            }
            guard range.contains(crf) else {
                throw EncodeError(
                    "crf \(crf) is out of range: \(codec.displayName) accepts \(range.lowerBound)…\(range.upperBound) "
                        + "(lower is better quality\(codec == .h264 ? "; 18 is visually lossless" : ""))")
            }
        }
        if let preset {
            guard let presets = codec.presets else {
                throw EncodeError("\(codec.displayName) has no presets; leave the preset out")
            }
            guard presets.contains(preset) else {
                throw EncodeError(
                    "Unknown preset \"\(preset)\" for \(codec.displayName) (\(codec.encoderName)); "
                        + "choose one of: \(presets.joined(separator: ", "))")
            }
        }
    }

    /// The GIF frame delay in hundredths of a second for a frame rate, or nil when the rate has no
    /// exact delay of at least 2 (shorter delays are slowed down to 0.1 s by browsers).
    static func gifDelay(_ rate: FrameRate) -> Int? {
        let hundredths = 100 * rate.denominator
        guard hundredths.isMultiple(of: rate.numerator) else { return nil }
        let delay = hundredths / rate.numerator
        return delay >= 2 ? delay : nil
    }

    /// The highest GIF frame rate at or below `fps`: 100/n frames per second for a whole n ≥ 2
    /// (60 → 50, 30 → 25, 24 → 20), since GIF delays are whole hundredths of a second.
    public static func gifFPS(notAbove fps: Double) -> Double {
        let n = max(2, (100 / fps - 1e-9).rounded(.up))
        return 100 / n
    }

    /// The largest width or height accepted.
    public static let maximumDimension = ImageHeader.maxSide
    /// The most encoder threads accepted.
    public static let maximumThreads = 64
}

extension Double {
    /// A short decimal for messages: "60", "29.97", "33.33".
    var formatted: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
