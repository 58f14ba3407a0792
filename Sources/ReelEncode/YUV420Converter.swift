import CFFmpeg
import CReelPixels
import ReelCore

/// Reel's own BGRA → yuv420p conversion (BT.709, limited range; YUV420Reference defines it), as
/// the encoder runs it: CReelPixels/yuv420.c, sixteen pixels at a time with AVX2 where the CPU
/// has it, in plain loops otherwise, the same bytes either way.
///
/// Reel converts rather than swscale so that a scene's bytes do not depend on which libswscale
/// is installed: swscale's output is its own internal arithmetic, which changes between builds.
/// Stateless, so one value serves every thread.
struct YUV420Converter: PictureConversion {
    let coefficients = YUV420Coefficients.bt709

    /// Converts a BGRA frame into an allocated, writable yuv420p AVFrame of the same size.
    func convert(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>) {
        let f = frame.pointee
        precondition(
            Int(f.width) == buffer.width && Int(f.height) == buffer.height && f.format == AV_PIX_FMT_YUV420P.rawValue,
            "a \(buffer.width)×\(buffer.height) frame converted into a different picture")
        let planes = ReelYUVPlanes(
            y: f.data.0, u: f.data.1, v: f.data.2,
            yStride: Int(f.linesize.0), uStride: Int(f.linesize.1), vStride: Int(f.linesize.2))
        convert(buffer.baseAddress, stride: buffer.stride, width: buffer.width, height: buffer.height, into: planes)
    }

    /// Converts `width` × `height` BGRA pixels, `stride` bytes a row, into `planes`: with AVX2 when
    /// the CPU has it and `vectorized`, otherwise in plain C loops (`vectorized: false` lets
    /// the tests reach that path on any CPU).
    func convert(
        _ pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int, into planes: ReelYUVPlanes,
        vectorized: Bool = true
    ) {
        var k = coefficients.forC, planes = planes
        let source = pixels.assumingMemoryBound(to: UInt8.self)
        let (w, h) = (Int32(width), Int32(height))
        if vectorized, reel_yuv420_convert_avx2(&k, source, stride, w, h, &planes) != 0 { return }
        reel_yuv420_convert_scalar(&k, source, stride, w, h, &planes)
    }
}
