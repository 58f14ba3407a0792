import CFFmpeg
import ReelCore

/// Decoded frames to premultiplied BGRA with each frame's own matrix and range, keeping one
/// converter while frames keep their format (a video's frames, or one image's).
struct FrameConversion {
    private var converter: ColorConverter?
    private var converterKey: ConverterKey?

    /// What a converter depends on; frames may change any of it mid-stream.
    private struct ConverterKey: Equatable {
        var width: Int32, height: Int32, format: Int32, matrix: UInt32, fullRange: Bool
    }

    /// The frame as premultiplied BGRA. `label` names the frame in errors ("Frame 3 of a.mp4"),
    /// `name` the file in size errors; frames over `maxPixels` are refused.
    mutating func convert(_ frame: UnsafeMutablePointer<AVFrame>, label: String, name: String, maxPixels: Int)
        throws -> PixelBuffer
    {
        let f = frame.pointee
        let pixelFormat = AVPixelFormat(rawValue: f.format)
        guard let descriptor = av_pix_fmt_desc_get(pixelFormat), f.width > 0, f.height > 0 else {
            throw EncodeError("\(label) has no usable pixel format or size")
        }
        try MediaInput.checkFrame(name, width: Int(f.width), height: Int(f.height), maxPixels: maxPixels)
        let flags = descriptor.pointee.flags
        let isRGB = flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
        let isGray = !isRGB && descriptor.pointee.nb_components <= 2
        let formatName = ffmpegName(descriptor.pointee.name)
        // YUV is limited range unless tagged otherwise (or a legacy "yuvj" format); RGB, palettes and
        // untagged grey (PNG) are full range.
        let fullRange =
            f.color_range == AVCOL_RANGE_JPEG || formatName.hasPrefix("yuvj") || isRGB
            || (isGray && f.color_range != AVCOL_RANGE_MPEG)
        let key = ConverterKey(
            width: f.width, height: f.height, format: f.format, matrix: f.colorspace.rawValue, fullRange: fullRange)
        if key != converterKey {
            converter = nil
            // FULL_CHR_H_INT interpolates 4:2:0 chroma per output pixel instead of repeating it;
            // FULL_CHR_H_INP keeps full chroma for RGB sources that swscale routes through YUV.
            converter = try ColorConverter(
                width: f.width, height: f.height,
                from: pixelFormat, fullRange: fullRange, to: AV_PIX_FMT_BGRA, fullRange: true,
                matrix: f.colorspace, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP)
            converterKey = key
        }
        let buffer = PixelBuffer(width: Int(f.width), height: Int(f.height))
        converter?.convert(UnsafePointer(frame), into: buffer)
        if flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0 {
            premultiplyAlpha(buffer)
        }
        return buffer
    }
}
