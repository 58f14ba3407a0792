import CFFmpeg
import ReelCore

/// A swscale context with its colour matrix and ranges set explicitly.
///
/// swscale's default matrix is BT.601, which shifts greens and reds visibly when the file is
/// tagged (and played back) as BT.709; so every conversion here states both ends' matrix and
/// range. `SWS_BITEXACT | SWS_ACCURATE_RND` keep the output identical from run to run and
/// machine to machine (no CPU-dependent SIMD rounding).
final class ColorConverter: PictureConversion {
    private let context: OpaquePointer
    /// The size and format this converter was built for (a decoder rebuilds it when they change).
    let width: Int32, height: Int32, sourceFormat: AVPixelFormat

    /// Builds a same-size converter.
    /// - Parameters:
    ///   - matrix: the YUV↔RGB matrix of the YUV side. swscale takes one table per side, but only
    ///     the YUV side's is meaningful; RGB→RGB conversions that swscale routes through YUV
    ///     internally (e.g. 16-bit RGBA → BGRA) shift colours unless both tables agree, so the
    ///     same table goes to both.
    ///   - sourceFullRange / destinationFullRange: 0…255 (true) or 16…235 "limited" (false).
    init(
        width: Int32, height: Int32,
        from sourceFormat: AVPixelFormat, fullRange sourceFullRange: Bool,
        to destinationFormat: AVPixelFormat, fullRange destinationFullRange: Bool,
        matrix: AVColorSpace, flags: Int32
    ) throws {
        let names =
            "\(ffmpegName(av_get_pix_fmt_name(sourceFormat))) to \(ffmpegName(av_get_pix_fmt_name(destinationFormat)))"
        guard
            let context = sws_getContext(
                width, height, sourceFormat, width, height, destinationFormat,
                flags | SWS_BITEXACT | SWS_ACCURATE_RND, nil, nil, nil)
        else {
            throw EncodeError("swscale cannot convert \(names) at \(width)×\(height) pixels")
        }
        self.context = context
        self.width = width
        self.height = height
        self.sourceFormat = sourceFormat
        // sws_getCoefficients takes AVColorSpace values and falls back to BT.601 for unspecified ones.
        let table = sws_getCoefficients(Int32(matrix.rawValue))
        let status = sws_setColorspaceDetails(
            context, table, sourceFullRange ? 1 : 0, table, destinationFullRange ? 1 : 0,
            0, 1 << 16, 1 << 16)  // brightness 0, contrast and saturation 1.0 in 16.16 fixed point
        if status < 0 {  // (self is whole by now: deinit frees the context)
            throw EncodeError("swscale cannot set the colour matrix for converting \(names)")
        }
    }

    deinit { sws_freeContext(context) }

    /// Converts a BGRA frame into an already allocated, writable AVFrame of the destination format.
    func convert(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>) {
        let source: [UnsafePointer<UInt8>?] = [
            UnsafePointer(buffer.baseAddress.assumingMemoryBound(to: UInt8.self)), nil, nil, nil
        ]
        let sourceStrides: [Int32] = [Int32(buffer.stride), 0, 0, 0]
        let f = frame.pointee
        let destination = [f.data.0, f.data.1, f.data.2, f.data.3]
        let destinationStrides = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
        sws_scale(context, source, sourceStrides, 0, height, destination, destinationStrides)
    }

    /// Converts a decoded AVFrame into a BGRA buffer of the same size.
    func convert(_ frame: UnsafePointer<AVFrame>, into buffer: PixelBuffer) {
        let f = frame.pointee
        let source: [UnsafePointer<UInt8>?] = [f.data.0, f.data.1, f.data.2, f.data.3].map {
            $0.map { UnsafePointer($0) }
        }
        let sourceStrides = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
        let destination: [UnsafeMutablePointer<UInt8>?] = [
            buffer.baseAddress.assumingMemoryBound(to: UInt8.self), nil, nil, nil
        ]
        let destinationStrides: [Int32] = [Int32(buffer.stride), 0, 0, 0]
        sws_scale(context, source, sourceStrides, 0, height, destination, destinationStrides)
    }
}
