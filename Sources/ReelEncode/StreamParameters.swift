import CFFmpeg

/// What a video stream's header says about its frames, as the demuxer read it from the file:
/// what `reel concat` holds a part's record to, since a record is only text and can be edited.
public struct StreamParameters: Sendable, Equatable {
    /// FFmpeg's codec name ("h264", "hevc", "vp9", "prores": `VideoCodec`'s raw values).
    public var codec: String
    public var width: Int
    public var height: Int
    /// FFmpeg's pixel format name, or nil when the header names none.
    public var pixelFormat: String?
    /// The codec's global header (H.264 and HEVC parameter sets, …); empty when there is none.
    public var extradata: [UInt8]

    public init(codec: String, width: Int, height: Int, pixelFormat: String?, extradata: [UInt8]) {
        (self.codec, self.width, self.height) = (codec, width, height)
        (self.pixelFormat, self.extradata) = (pixelFormat, extradata)
    }

    init(_ par: AVCodecParameters) {
        let format = AVPixelFormat(rawValue: par.format)
        self.init(
            codec: ffmpegName(avcodec_get_name(par.codec_id)), width: Int(par.width), height: Int(par.height),
            pixelFormat: format == AV_PIX_FMT_NONE ? nil : ffmpegName(av_get_pix_fmt_name(format)),
            extradata: par.extradata.map {
                Array(UnsafeBufferPointer(start: $0, count: Int(max(0, par.extradata_size))))
            }
                ?? [])
    }

    /// How `other` differs from these parameters, in words ("pixel format yuv444p instead of
    /// yuv420p"); nil when it does not.
    public func difference(_ other: StreamParameters) -> String? {
        if other.codec != codec { return "codec \(other.codec) instead of \(codec)" }
        if other.width != width || other.height != height {
            return "frame size \(other.width)×\(other.height) instead of \(width)×\(height)"
        }
        if other.pixelFormat != pixelFormat {
            return "pixel format \(other.pixelFormat ?? "none") instead of \(pixelFormat ?? "none")"
        }
        if other.extradata != extradata {
            return "a different codec header (extradata)"
        }
        return nil
    }
}
