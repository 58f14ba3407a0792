import CFFmpeg
import CReelPixels
import ReelCore

/// Reel's BGRA → 10-bit conversion (yuv420p10le for HEVC Main 10 and VP9 profile 2,
/// yuv422p10le for ProRes 422 HQ): the yuv420p matrix (`YUV420Coefficients`, BT.709 limited
/// range) at four times the scale, with an ordered dither (CReelPixels/yuv10.c).
///
/// Why dither: Reel's frames have 8 bits, so an undithered conversion would use only every
/// fourth 10-bit code and keep the 8-bit steps as they are. An 8×8 Bayer offset of up to half
/// an 8-bit step, added before rounding, spreads each step over the codes between, so a dark
/// gradient's band edges become a fine, still pattern that the eye (and the encoder's
/// transforms) average away. It depends on the pixel's position only: deterministic, and an
/// area that does not change stays byte-identical from frame to frame.
/// Stateless, so one value serves every thread.
struct YUV10Converter: PictureConversion {
    let coefficients = YUV420Coefficients.bt709

    func convert(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>) {
        let f = frame.pointee
        let chromaRows: Int32 = f.format == AV_PIX_FMT_YUV420P10LE.rawValue ? 2 : 1
        precondition(
            Int(f.width) == buffer.width && Int(f.height) == buffer.height
                && (chromaRows == 2 || f.format == AV_PIX_FMT_YUV422P10LE.rawValue),
            "a \(buffer.width)×\(buffer.height) frame converted into a different picture")
        func plane(_ p: UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt16>? {
            UnsafeMutableRawPointer(p)?.assumingMemoryBound(to: UInt16.self)
        }
        var planes = ReelYUV16Planes(
            y: plane(f.data.0), u: plane(f.data.1), v: plane(f.data.2),
            yStride: Int(f.linesize.0), uStride: Int(f.linesize.1), vStride: Int(f.linesize.2))
        var k = coefficients.forC
        reel_yuv10_convert(
            &k, buffer.baseAddress.assumingMemoryBound(to: UInt8.self), buffer.stride,
            Int32(buffer.width), Int32(buffer.height), &planes, chromaRows)
    }
}
