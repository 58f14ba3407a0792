import CFFmpeg
import ReelCore

/// Converts rendered BGRA frames into the pictures a YUV encoder takes (yuv420p, yuva420p,
/// yuva444p10le), on a worker thread.
///
/// Colour goes through the encoder's conversion to the BT.709 limited-range matrix the file is
/// tagged with (`encoderPictureConversion`: Reel's own for yuv420p, swscale's for the rest).
/// For formats with alpha the colour is un-premultiplied first, since FFmpeg's alpha formats
/// (and every player of ProRes 4444 and VP9 alpha) are straight; without alpha the premultiplied
/// colour is used as is, which is the frame composited over black.
///
/// One converter per thread: it may own a swscale context, which is not thread-safe.
final class PictureConverter: FrameConverter, @unchecked Sendable {
    private let width: Int
    private let height: Int
    private let format: AVPixelFormat
    private let straightAlpha: Bool
    private let conversion: any PictureConversion

    /// - Parameters:
    ///   - format: the encoder's pixel format.
    ///   - alpha: whether `format` has an alpha channel (then colour is un-premultiplied first).
    init(width: Int, height: Int, format: AVPixelFormat, alpha: Bool) throws {
        self.width = width
        self.height = height
        self.format = format
        self.straightAlpha = alpha
        // Reel's frames are full-range RGB; the file is limited-range BT.709.
        conversion = try encoderPictureConversion(
            width: width, height: height, to: format, fullRange: false,
            matrix: AVCOL_SPC_BT709)
    }

    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError(
                "Frame \(index) is \(buffer.width)×\(buffer.height) pixels but the video is \(width)×\(height)")
        }
        let (frame, picture) = try PreparedFrame.writable(
            reusing: recycled, index: index, width: width, height: height,
            format: format, colors: .bt709)
        if straightAlpha { unpremultiplyAlpha(buffer) }
        conversion.convert(buffer, into: picture)
        return frame
    }
}
