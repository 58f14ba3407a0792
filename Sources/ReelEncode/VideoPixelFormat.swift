/// The pixel format a video file stores (`--pix-fmt`), when not the codec's usual one.
///
/// 10-bit formats keep dark gradients free of bands on good displays: Reel draws in 8 bits and
/// dithers the conversion to 10 (see `YUV10Converter`), and the encoder's own 10-bit arithmetic
/// loses less in flat areas. The format also picks the profile: HEVC Main 10, VP9 profile 2,
/// ProRes 422 HQ for `yuv422p10le` (ProRes 4444 otherwise).
public enum VideoPixelFormat: String, Sendable, Equatable, CaseIterable {
    /// 8-bit 4:2:0: H.264, HEVC and VP9's default.
    case yuv420p
    /// 10-bit 4:2:0: HEVC Main 10 (libx265) or VP9 profile 2 (libvpx-vp9).
    case yuv420p10le
    /// 10-bit 4:2:2: ProRes 422 HQ (prores_ks profile 3), without alpha.
    case yuv422p10le
    /// 10-bit 4:4:4 with 16-bit alpha: ProRes 4444, ProRes's default.
    case yuva444p10le

    /// The formats `codec` can store, its default first.
    public static func choices(for codec: VideoCodec) -> [VideoPixelFormat] {
        switch codec {
        case .h264: [.yuv420p]
        case .hevc, .vp9: [.yuv420p, .yuv420p10le]
        case .prores: [.yuva444p10le, .yuv422p10le]
        case .gif: []
        }
    }

    /// Whether samples have 10 bits (and the conversion to them is dithered).
    public var isTenBit: Bool { self != .yuv420p }

    /// The profile name shown in messages and by ffprobe, for the formats that pick one.
    public func profileName(for codec: VideoCodec) -> String? {
        switch (codec, self) {
        case (.hevc, .yuv420p10le): "Main 10"
        case (.vp9, .yuv420p10le): "Profile 2"
        case (.prores, .yuv422p10le): "422 HQ"
        case (.prores, .yuva444p10le): "4444"
        default: nil
        }
    }

    /// Parses a `--pix-fmt` value.
    /// - Throws: `EncodeError` listing the formats for an unknown name.
    public init(named name: String) throws {
        guard let format = VideoPixelFormat(rawValue: name.lowercased()) else {
            throw EncodeError(
                "Unknown pixel format '\(name)'; choose one of: "
                    + VideoPixelFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = format
    }

    /// Checks that `codec` can store this format (with `alpha` when the frames keep theirs).
    /// - Throws: `EncodeError` saying which codec or format to choose instead.
    func validate(for codec: VideoCodec, alpha: Bool) throws {
        let choices = VideoPixelFormat.choices(for: codec)
        guard choices.contains(self) else {
            // H.264's 10-bit profile (High 10) plays in neither browsers nor Apple's players.
            let hint =
                self == .yuv420p10le
                ? "; for 10-bit 4:2:0 use --codec hevc (.mp4, .mov) or vp9 (.webm)"
                : self == .yuv422p10le ? "; for ProRes 422 HQ write a .mov with --codec prores" : ""
            let allowed =
                choices.isEmpty ? "no --pix-fmt" : "--pix-fmt " + choices.map(\.rawValue).joined(separator: " or ")
            throw EncodeError("\(codec.displayName) cannot store \(rawValue); it takes \(allowed)\(hint)")
        }
        if alpha, codec == .vp9, isTenBit {
            throw EncodeError(
                "VP9 keeps an alpha channel only in 8 bits (yuva420p); leave out --pix-fmt \(rawValue), "
                    + "or use ProRes 4444 (.mov) for 10-bit video with alpha")
        }
    }
}
