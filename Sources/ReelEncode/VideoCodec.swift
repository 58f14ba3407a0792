import CFFmpeg

/// The video codecs Reel can write.
///
/// Everything codec-specific (encoder, pixel format, quality scale, presets, size rules) is a
/// property here; `VideoSettings.validate()` and the encoder ask, never assume.
public enum VideoCodec: String, Sendable, Equatable, CaseIterable {
    /// H.264 / AVC via libx264, 8-bit 4:2:0.
    case h264
    /// HEVC / H.265 via libx265, 8-bit 4:2:0.
    case hevc
    /// Apple ProRes 4444 via prores_ks, 10-bit 4:4:4 with a 16-bit alpha channel.
    case prores
    /// VP9 via libvpx, 8-bit 4:2:0, with an alpha channel when the frames are transparent.
    case vp9
    /// GIF: 256 colours from one palette chosen for the whole clip, ordered dithering.
    case gif

    /// The name people know the codec by, used in messages.
    public var displayName: String {
        switch self {
        case .h264: "H.264"
        case .hevc: "HEVC"
        case .prores: "ProRes 4444"
        case .vp9: "VP9"
        case .gif: "GIF"
        }
    }

    /// The FFmpeg encoder that produces this codec.
    var encoderName: String {
        switch self {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .prores: "prores_ks"
        case .vp9: "libvpx-vp9"
        case .gif: "gif"
        }
    }

    /// FFmpeg's name for the pixel format the encoder is fed (and the file stores).
    func pixelFormatName(alpha: Bool) -> String {
        switch self {
        case .h264, .hevc: "yuv420p"
        case .prores: "yuva444p10le"
        case .vp9: alpha ? "yuva420p" : "yuv420p"
        case .gif: "pal8"
        }
    }

    /// Whether the codec can store an alpha channel (`VideoSettings.alpha` asks for one).
    /// (GIF's alpha is one bit: pixels under half opacity are transparent.)
    /// The encoder threads used unless the settings say otherwise: fixed, so that the bitstream
    /// (which depends on x264's frame threads and x265's pools) never depends on the machine.
    /// Measured on a 2-core machine, 300 frames of the typical 1080p60 bench scene: 4 threads took
    /// 28.0 s of CPU against 29.3 s with x264's automatic 1.5 × cores (3 there), the same wall
    /// time within the noise of a shared machine, and 0.1 % more bytes. More threads only add
    /// memory and frame-thread losses; farms get their parallelism from segments instead.
    public var pinnedEncoderThreads: Int {
        switch self {
        case .h264, .hevc, .vp9, .prores: 4
        case .gif: 1
        }
    }

    /// Whether chunks need a fresh encoder: false for codecs whose every frame is independent.
    var restartsAtChunks: Bool { self == .h264 || self == .hevc || self == .vp9 }

    /// Whether the encoder sends frames out of display order (B-frames): x264 and x265.
    var reordersFrames: Bool { self == .h264 || self == .hevc }

    public var supportsAlpha: Bool { self == .prores || self == .vp9 || self == .gif }

    /// Whether chroma is subsampled 2:1 in both directions, which needs even frame sizes.
    public var subsamplesChroma: Bool {
        switch self {
        case .h264, .hevc, .vp9: true
        case .prores, .gif: false
        }
    }

    /// Whether the file is YUV with BT.709 colour tags (GIF is palette RGB and has none).
    var isYUV: Bool { self != .gif }

    /// The valid constant-rate-factor values (lower is better quality and larger files), or nil
    /// when the codec has no such knob (ProRes is intra-only at a fixed quality; GIF is lossless
    /// apart from its palette).
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .h264, .hevc: 0...51
        case .vp9: 0...63
        case .prores, .gif: nil
        }
    }

    /// The crf used when none is given.
    ///
    /// H.264 18 is visually lossless for motion graphics; HEVC 22 and VP9 28 give about the
    /// same quality (their scales differ) at a smaller size.
    public var defaultCRF: Int? {
        switch self {
        case .h264: 18
        case .hevc: 22
        case .vp9: 28
        case .prores, .gif: nil
        }
    }

    /// The speed/size presets, fastest first, or nil when the codec has none.
    ///
    /// x264 and x265 share these names. libvpx has numbered speeds instead; VP9 accepts the same
    /// names and maps them onto its speeds (`vp9Speed`), so scripts can pass one `--preset`.
    public var presets: [String]? {
        switch self {
        case .h264, .hevc, .vp9:
            ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        case .prores, .gif: nil
        }
    }

    /// The preset used when none is given, chosen by measurement on the typical bench scene
    /// (`tools/bench --presets`): for x264 at crf 18, `medium` is where the curve bends — `slow`
    /// saves under 2 % for 25 % more time, `faster` and `veryfast` need 8 % and 17 % more bytes
    /// for the same quality. x265's `medium` was both smaller (−15 %) and no slower than `fast`.
    public var defaultPreset: String? {
        switch self {
        case .h264, .hevc, .vp9: "medium"
        case .prores, .gif: nil
        }
    }

    /// libvpx's `cpu-used` for a preset name: 0 is slowest and best, 5 the fastest of its
    /// "good" quality mode (libvpx has fewer steps than x264, so neighbouring names share one).
    static func vp9Speed(preset: String) -> Int {
        switch preset {
        case "placebo", "veryslow": 0
        case "slower", "slow": 1
        case "medium": 2
        case "fast": 3
        case "faster": 4
        default: 5
        }
    }
}

/// The containers Reel writes, chosen by the output file's extension.
public enum VideoContainer: String, Sendable, Equatable, CaseIterable {
    case mp4, mov, webm, gif

    /// The codecs this container can hold, the default first.
    public var codecs: [VideoCodec] {
        switch self {
        case .mp4: [.h264, .hevc]
        case .mov: [.prores, .h264, .hevc]
        case .webm: [.vp9]
        case .gif: [.gif]
        }
    }

    /// The codec written when none is asked for.
    public var defaultCodec: VideoCodec { codecs[0] }

    /// The name people know the container by: "MP4", "MOV", "WebM", "GIF".
    public var displayName: String { self == .webm ? "WebM" : rawValue.uppercased() }

    /// The FFmpeg muxer that writes it (chosen by name, so a temporary file name works too).
    var muxerName: String { rawValue }

    /// Whether the muxer takes `+faststart` (moving the index to the front for streaming).
    var supportsFastStart: Bool { self == .mp4 || self == .mov }
}

/// The colour description written into YUV files and set on every frame: BT.709 primaries,
/// transfer and matrix, limited ("TV") range — what players assume for HD video, and the
/// matrix the BGRA→YUV conversion uses, so colours survive the round trip.
struct ColorDescription: Sendable {
    var primaries = AVCOL_PRI_BT709
    var transfer = AVCOL_TRC_BT709
    var matrix = AVCOL_SPC_BT709
    var range = AVCOL_RANGE_MPEG

    static let bt709 = ColorDescription()

    func apply(to frame: UnsafeMutablePointer<AVFrame>) {
        frame.pointee.color_primaries = primaries
        frame.pointee.color_trc = transfer
        frame.pointee.colorspace = matrix
        frame.pointee.color_range = range
    }

    func apply(to context: UnsafeMutablePointer<AVCodecContext>) {
        context.pointee.color_primaries = primaries
        context.pointee.color_trc = transfer
        context.pointee.colorspace = matrix
        context.pointee.color_range = range
    }
}
