import CFFmpeg
import ReelCore

/// A conversion of rendered BGRA frames into pictures of one YUV format and size.
protocol PictureConversion {
    /// Converts a BGRA frame into an allocated, writable AVFrame of the conversion's format and size.
    func convert(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>)
}

/// The conversion Reel's encoder makes from its premultiplied BGRA frames to `format`: its own
/// (YUV420Converter) for yuv420p in BT.709 limited range — every H.264, HEVC and plain VP9 file —,
/// its dithered 10-bit one (YUV10Converter) for yuv420p10le and yuv422p10le, and swscale's (bicubic, chroma computed per pixel before subsampling, which keeps coloured
/// edges clean) for the rest: ProRes's 4:2:2 and 4:4:4, VP9 with alpha, other matrices and ranges.
/// `ColorRoundTrip` asks the same, so a scene compared with Reel's own video matches it.
/// - Throws: `EncodeError` when swscale cannot convert to `format`.
func encoderPictureConversion(
    width: Int, height: Int, to format: AVPixelFormat, fullRange: Bool,
    matrix: AVColorSpace
) throws -> any PictureConversion {
    if !fullRange, matrix == AVCOL_SPC_BT709 {
        if format == AV_PIX_FMT_YUV420P { return YUV420Converter() }
        if format == AV_PIX_FMT_YUV420P10LE || format == AV_PIX_FMT_YUV422P10LE { return YUV10Converter() }
    }
    return try ColorConverter(
        width: Int32(width), height: Int32(height), from: AV_PIX_FMT_BGRA, fullRange: true,
        to: format, fullRange: fullRange, matrix: matrix, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INP)
}
