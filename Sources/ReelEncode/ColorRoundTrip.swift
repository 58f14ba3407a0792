import CFFmpeg
import ReelCore

/// What a lossless encoder and `VideoDecoder` would give back for a rendered frame: BGRA into a
/// video's YUV pixel format (its chroma subsampling, matrix and range, as Reel's encoder converts)
/// and back (as the decoder converts).
///
/// `reel diff` puts a scene's frames through this before comparing them with a video, so the
/// comparison sees only the codec's own loss: 4:2:0 chroma at a sharp coloured edge, or a flat
/// colour landing one level off in limited range, is the format, not a difference.
public final class ColorRoundTrip {
    private let toVideo: any PictureConversion
    private let fromVideo: ColorConverter
    private let format: AVPixelFormat
    private let alpha: Bool
    private let width: Int, height: Int

    /// The round trip through the format of `decoder`'s stream, or nil when there is nothing to
    /// model: RGB and palette formats (PNG, GIF: their loss is not a colour conversion), grey, or
    /// a format swscale does not know.
    public init?(matching decoder: VideoDecoder) {
        let format = av_get_pix_fmt(decoder.pixelFormatName)
        guard format != AV_PIX_FMT_NONE, let descriptor = av_pix_fmt_desc_get(format) else { return nil }
        let flags = descriptor.pointee.flags
        guard flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0, flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0,
            descriptor.pointee.nb_components >= 3
        else { return nil }
        let fullRange = decoder.colorTags.range == "pc" || decoder.pixelFormatName.hasPrefix("yuvj")
        let matrix = av_color_space_from_name(decoder.colorTags.matrix)
        let space = matrix >= 0 ? AVColorSpace(rawValue: UInt32(matrix)) : AVCOL_SPC_UNSPECIFIED
        let (w, h) = (Int32(decoder.width), Int32(decoder.height))
        do {
            // The encoder's conversion (PictureConverter) one way, the decoder's the other.
            toVideo = try encoderPictureConversion(
                width: decoder.width, height: decoder.height, to: format,
                fullRange: fullRange, matrix: space)
            fromVideo = try ColorConverter(
                width: w, height: h, from: format, fullRange: fullRange, to: AV_PIX_FMT_BGRA, fullRange: true,
                matrix: space, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP)
        } catch {
            return nil
        }
        self.format = format
        alpha = flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        (width, height) = (decoder.width, decoder.height)
    }

    /// `buffer` (premultiplied BGRA of the video's size) as it comes back from the video's format.
    /// - Throws: `EncodeError` when the intermediate picture cannot be allocated or the size differs.
    public func apply(_ buffer: PixelBuffer) throws -> PixelBuffer {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError(
                "A \(buffer.width)×\(buffer.height) frame cannot go through a \(width)×\(height) video's colours")
        }
        var picture = av_frame_alloc()
        defer { av_frame_free(&picture) }
        guard let frame = picture else { throw EncodeError("Allocating a picture failed: out of memory") }
        frame.pointee.format = format.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        _ = try check(av_frame_get_buffer(frame, 0), "Allocating a \(width)×\(height) picture")
        let source = PixelBuffer(width: width, height: height)
        source.baseAddress.copyMemory(from: buffer.baseAddress, byteCount: buffer.byteCount)
        // Formats with alpha hold straight colour (PictureConverter un-premultiplies first).
        if alpha { unpremultiplyAlpha(source) }
        toVideo.convert(source, into: frame)
        let out = PixelBuffer(width: width, height: height)
        fromVideo.convert(UnsafePointer(frame), into: out)
        if alpha { premultiplyAlpha(out) }
        return out
    }
}
