import CFFmpeg
import CReelPixels
import Foundation
import ReelCore

/// BGRA → yuv420p in one pass with AVX2, writing the bytes swscale writes for reel's encoder
/// (bicubic, full chroma input, bit-exact, full-range RGB to limited-range YUV) in about half
/// its time (1.8 against 3.8 ms a 1080p frame): swscale took about 7 % of a whole render's CPU
/// (profile of `tools/bench`'s typical scene).
///
/// It repeats swscale's arithmetic rather than calling it (CReelPixels/yuv420.c), so it is only
/// trusted after proving it: `matching(_:)` converts a test frame both ways and keeps this
/// converter only if every byte agrees; then the ColorConverter it matched converts with it.
/// Another swscale (a different version or build) that rounds differently keeps swscale, and
/// the files are the same either way.
final class YUV420Converter {
    private let converter: OpaquePointer
    let width: Int, height: Int

    /// The converter for `width` × `height` frames with swscale's table for `matrix`; nil when
    /// the CPU has no AVX2 or the size is unsupported (odd, under 32 × 16). Unchecked: use
    /// `matching(_:)`.
    init?(width: Int, height: Int, matrix: AVColorSpace) {
        // swscale's table for the matrix, and whether it is swscale's default one (then swscale
        // uses literal BT.601 constants instead of deriving them).
        guard let table = sws_getCoefficients(Int32(matrix.rawValue)),
              let standard = sws_getCoefficients(SWS_CS_DEFAULT) else { return nil }
        let isDefault = (0..<4).allSatisfy { table[$0] == standard[$0] }
        guard let converter = reel_yuv420_create(Int32(width), Int32(height), table, isDefault ? 1 : 0) else { return nil }
        self.converter = converter
        self.width = width
        self.height = height
    }

    deinit { reel_yuv420_destroy(converter) }

    /// A converter that writes what `reference` writes, or nil: `reference` is not the
    /// conversion this one repeats (BGRA full range → yuv420p limited range, bicubic with full
    /// chroma input), the CPU has no AVX2, the size is unsupported, or a test frame came out
    /// differently. The verdict is kept per size and matrix, so the test runs once a process.
    static func matching(_ reference: ColorConverter) -> YUV420Converter? {
        guard reference.sourceFormat == AV_PIX_FMT_BGRA, reference.sourceFullRange,
              reference.destinationFormat == AV_PIX_FMT_YUV420P, !reference.destinationFullRange,
              reference.flags == SWS_BICUBIC | SWS_FULL_CHR_H_INP else { return nil }
        let key = Verdict.Key(width: Int(reference.width), height: Int(reference.height), matrix: reference.matrix.rawValue)
        let known = Verdict.known(key)
        guard known != false,
              let candidate = YUV420Converter(width: key.width, height: key.height, matrix: reference.matrix) else { return nil }
        if known == true { return candidate }
        // A test that could not run (memory short) decides nothing: swscale converts this time.
        guard let agrees = candidate.test(against: reference) else { return nil }
        Verdict.record(key, agrees)
        return agrees ? candidate : nil
    }

    /// Converts a BGRA frame into an allocated, writable yuv420p AVFrame of the same size.
    func convert(_ buffer: PixelBuffer, into frame: UnsafeMutablePointer<AVFrame>) {
        let f = frame.pointee
        reel_yuv420_convert(converter, buffer.baseAddress.assumingMemoryBound(to: UInt8.self), buffer.stride,
                            f.data.0, Int(f.linesize.0), f.data.1, Int(f.linesize.1), f.data.2, Int(f.linesize.2))
    }

    /// Whether a frame of noise converts to the same bytes both ways. A random colour at every
    /// pixel reaches every coefficient, border and rounding step; that the bytes then agree for
    /// every picture rests on both sides doing the same integer arithmetic (which the tests
    /// check on harder content too).
    func agrees(with reference: ColorConverter) -> Bool { test(against: reference) == true }

    /// `agrees(with:)`, or nil when the test frames cannot be allocated.
    private func test(against reference: ColorConverter) -> Bool? {
        guard Int(reference.width) == width, Int(reference.height) == height else { return false }
        let frame = PixelBuffer(width: width, height: height)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let words = frame.baseAddress.assumingMemoryBound(to: UInt64.self)
        for i in 0..<frame.byteCount / 8 {  // PCG's multiplier; the high bits are the random ones
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            words[i] = state ^ (state >> 29)
        }
        guard let oursFrame = try? PreparedFrame(index: 0, width: width, height: height, format: AV_PIX_FMT_YUV420P, colors: nil),
              let theirsFrame = try? PreparedFrame(index: 0, width: width, height: height, format: AV_PIX_FMT_YUV420P, colors: nil),
              let ours = oursFrame.picture, let theirs = theirsFrame.picture
        else { return nil }
        // The frames own the pictures written and read below through raw pointers.
        return withExtendedLifetime((oursFrame, theirsFrame)) { samePlanes(frame, ours, theirs, reference) }
    }

    private func samePlanes(_ frame: PixelBuffer, _ ours: UnsafeMutablePointer<AVFrame>, _ theirs: UnsafeMutablePointer<AVFrame>,
                            _ reference: ColorConverter) -> Bool {
        convert(frame, into: ours)
        reference.convertWithSwscale(frame, into: theirs)
        let planes = [(ours.pointee.data.0, theirs.pointee.data.0, ours.pointee.linesize.0, theirs.pointee.linesize.0, width, height),
                      (ours.pointee.data.1, theirs.pointee.data.1, ours.pointee.linesize.1, theirs.pointee.linesize.1, width / 2, height / 2),
                      (ours.pointee.data.2, theirs.pointee.data.2, ours.pointee.linesize.2, theirs.pointee.linesize.2, width / 2, height / 2)]
        for (a, b, strideA, strideB, w, h) in planes {
            guard let a, let b else { return false }
            for row in 0..<h where memcmp(a + row * Int(strideA), b + row * Int(strideB), w) != 0 { return false }
        }
        return true
    }
}

/// The self-tests' verdicts, per frame size and matrix, for the whole process.
private enum Verdict {
    struct Key: Hashable { let width: Int, height: Int, matrix: UInt32 }
    nonisolated(unsafe) private static var verdicts: [Key: Bool] = [:]
    private static let lock = NSLock()

    static func known(_ key: Key) -> Bool? { lock.withLock { verdicts[key] } }
    static func record(_ key: Key, _ agrees: Bool) { lock.withLock { verdicts[key] = agrees } }
}
