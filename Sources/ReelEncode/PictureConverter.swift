import CFFmpeg
import ReelCore

/// Converts rendered BGRA frames into the pictures a YUV encoder takes (yuv420p, yuva420p,
/// yuva444p10le), on a worker thread.
///
/// Colour goes through swscale's conversion with the BT.709 limited-range matrix the file is
/// tagged with (for yuv420p on AVX2 CPUs, the same bytes in one pass: YUV420Converter).
/// For formats with alpha the colour is un-premultiplied first, since FFmpeg's alpha formats
/// (and every player of ProRes 4444 and VP9 alpha) are straight; without alpha the premultiplied
/// colour is used as is, which is the frame composited over black.
///
/// One converter per thread: it owns a swscale context, which is not thread-safe.
final class PictureConverter: FrameConverter, @unchecked Sendable {
    private let width: Int
    private let height: Int
    private let format: AVPixelFormat
    private let straightAlpha: Bool
    private let scaler: ColorConverter

    /// - Parameters:
    ///   - format: the encoder's pixel format.
    ///   - alpha: whether `format` has an alpha channel (then colour is un-premultiplied first).
    init(width: Int, height: Int, format: AVPixelFormat, alpha: Bool) throws {
        self.width = width
        self.height = height
        self.format = format
        self.straightAlpha = alpha
        // Reel's frames are full-range RGB; the file is limited-range BT.709. FULL_CHR_H_INP
        // computes chroma per pixel before subsampling it, which keeps coloured edges clean.
        scaler = try ColorConverter(
            width: Int32(width), height: Int32(height),
            from: AV_PIX_FMT_BGRA, fullRange: true, to: format, fullRange: false,
            matrix: AVCOL_SPC_BT709, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INP)
    }

    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError("Frame \(index) is \(buffer.width)×\(buffer.height) pixels but the video is \(width)×\(height)")
        }
        let (frame, picture) = try PreparedFrame.writable(reusing: recycled, index: index, width: width, height: height,
                                                          format: format, colors: .bt709)
        if straightAlpha { unpremultiplyAlpha(buffer) }
        scaler.convert(buffer, into: picture)
        return frame
    }
}
