import CFFmpeg
import CReelPixels
import Foundation
import ReelCore
@testable import ReelEncode
import ReelTestSupport
import Testing

/// The one-pass conversion stands in for swscale only if it writes swscale's bytes: these tests
/// compare the two on content that reaches every part of the arithmetic (extremes of every
/// channel, the filters' negative lobes, borders, odd chroma widths) at many sizes and matrices.
@Suite("The one-pass yuv420p conversion writes swscale's bytes")
struct YUV420ConverterTests {
    static let vectorized = reel_pixels_vectorized() != 0

    /// swscale's converter, as PictureConverter builds it unless told otherwise.
    func swscale(_ width: Int, _ height: Int, matrix: AVColorSpace = AVCOL_SPC_BT709,
                 flags: Int32 = SWS_BICUBIC | SWS_FULL_CHR_H_INP) throws -> ColorConverter {
        try ColorConverter(width: Int32(width), height: Int32(height), from: AV_PIX_FMT_BGRA, fullRange: true,
                           to: AV_PIX_FMT_YUV420P, fullRange: false, matrix: matrix, flags: flags)
    }

    /// Where `convert` and swscale's conversion of `frame` first differ ("Y (x, y): 81 vs 80"), or nil.
    func difference(_ frame: PixelBuffer, _ convert: (PixelBuffer, UnsafeMutablePointer<AVFrame>) -> Void,
                    reference: ColorConverter) throws -> String? {
        let ours = try PreparedFrame(index: 0, width: frame.width, height: frame.height, format: AV_PIX_FMT_YUV420P, colors: nil)
        let theirs = try PreparedFrame(index: 0, width: frame.width, height: frame.height, format: AV_PIX_FMT_YUV420P, colors: nil)
        defer { withExtendedLifetime((ours, theirs)) {} }  // they own the pictures read below
        convert(frame, ours.picture!)
        reference.convertWithSwscale(frame, into: theirs.picture!)
        let a = ours.picture!.pointee, b = theirs.picture!.pointee
        let planes = [("Y", a.data.0!, b.data.0!, a.linesize.0, b.linesize.0, frame.width, frame.height),
                      ("U", a.data.1!, b.data.1!, a.linesize.1, b.linesize.1, frame.width / 2, frame.height / 2),
                      ("V", a.data.2!, b.data.2!, a.linesize.2, b.linesize.2, frame.width / 2, frame.height / 2)]
        for (name, p, q, sp, sq, w, h) in planes {
            for y in 0..<h {
                for x in 0..<w where p[y * Int(sp) + x] != q[y * Int(sq) + x] {
                    return "\(name) (\(x), \(y)): \(p[y * Int(sp) + x]) vs swscale's \(q[y * Int(sq) + x])"
                }
            }
        }
        return nil
    }

    /// A test picture: pixel (x, y) as premultiplied (B, G, R, A).
    typealias Pattern = @Sendable (Int, Int, inout SplitMix) -> (UInt8, UInt8, UInt8, UInt8)

    /// Test pictures, each stressing another part of the conversion.
    static let patterns: [(String, Pattern)] = [
        ("noise", { _, _, g in
            let a = UInt8(truncatingIfNeeded: g.next())
            return (UInt8(truncatingIfNeeded: g.next()) & a, UInt8(truncatingIfNeeded: g.next()) & a, UInt8(truncatingIfNeeded: g.next()) & a, a)
        }),
        // Saturated primaries, black and white in 3-pixel bands: the extremes of every channel,
        // and the bicubic filter's negative lobes at full swing.
        ("bands", { x, y, _ in
            let c: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (255, 0, 255), (0, 255, 255)]
            let k = c[(x / 3 + y / 2) % c.count]
            return (k.0, k.1, k.2, 255)
        }),
        ("one-pixel checkerboard", { x, y, _ in (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255) }),
        ("gradients", { x, y, _ in (UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255), 255) }),
        ("translucent", { x, y, _ in
            let a = UInt8((x * 7 + y * 3) & 255)
            return (UInt8(Int(a) * 3 / 4), a / 3, a, a)
        }),
    ]

    static func picture(_ width: Int, _ height: Int, _ pattern: Pattern) -> PixelBuffer {
        let frame = PixelBuffer(width: width, height: height)
        var generator = SplitMix(seed: UInt64(width * 65_537 + height))
        for y in 0..<height {
            let row = (frame.baseAddress + y * frame.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let (b, g, r, a) = pattern(x, y, &generator)
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (b, g, r, a)
            }
        }
        return frame
    }

    @Test("every pattern at sizes from the smallest supported to 1080p, odd chroma widths and heights included",
          .enabled(if: vectorized, "the one-pass conversion needs AVX2 (without it, swscale converts)"))
    func sameBytesAsSwscale() throws {
        // 34 × 18: chroma 17 × 9; 786 × 86: chroma 393 wide, as the notification bench scene's.
        let sizes = [(32, 16), (34, 18), (48, 200), (66, 40), (100, 50), (130, 34), (322, 18), (786, 86), (1920, 1080)]
        for (width, height) in sizes {
            let fast = try #require(YUV420Converter(width: width, height: height, matrix: AVCOL_SPC_BT709))
            let reference = try swscale(width, height)
            for (name, pattern) in Self.patterns where width * height < 500_000 || name == "noise" {
                let difference = try difference(Self.picture(width, height, pattern), fast.convert, reference: reference)
                #expect(difference == nil, "\(name) at \(width)×\(height): \(difference ?? "")")
            }
        }
    }

    @Test("every colour matrix swscale has, its default BT.601 table (literal constants) included",
          .enabled(if: vectorized, "the one-pass conversion needs AVX2 (without it, swscale converts)"))
    func everyMatrix() throws {
        let matrices = [AVCOL_SPC_BT709, AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC, AVCOL_SPC_SMPTE240M, AVCOL_SPC_BT2020_NCL]
        for matrix in matrices {
            let fast = try #require(YUV420Converter(width: 96, height: 64, matrix: matrix))
            let reference = try swscale(96, 64, matrix: matrix)
            for (name, pattern) in Self.patterns {
                let difference = try difference(Self.picture(96, 64, pattern), fast.convert, reference: reference)
                #expect(difference == nil, "\(name), matrix \(matrix.rawValue): \(difference ?? "")")
            }
        }
    }

    @Test("it stands in only for the conversion it repeats, and only after a test frame agrees",
          .enabled(if: vectorized, "the one-pass conversion needs AVX2 (without it, swscale converts)"))
    func selfTest() throws {
        let candidate = try #require(YUV420Converter(width: 64, height: 32, matrix: AVCOL_SPC_BT709))
        #expect(candidate.agrees(with: try swscale(64, 32)))
        // A conversion that rounds differently (bilinear chroma) fails the test frame…
        let bilinear = try swscale(64, 32, flags: SWS_BILINEAR | SWS_FULL_CHR_H_INP)
        #expect(!candidate.agrees(with: bilinear))
        // …and is never matched; nor are other formats, ranges or sizes it does not handle.
        #expect(YUV420Converter.matching(bilinear) == nil)
        #expect(YUV420Converter.matching(try ColorConverter(
            width: 64, height: 32, from: AV_PIX_FMT_BGRA, fullRange: true, to: AV_PIX_FMT_YUV420P, fullRange: true,
            matrix: AVCOL_SPC_BT709, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INP)) == nil)
        #expect(YUV420Converter.matching(try ColorConverter(
            width: 64, height: 32, from: AV_PIX_FMT_BGRA, fullRange: true, to: AV_PIX_FMT_YUV444P, fullRange: false,
            matrix: AVCOL_SPC_BT709, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INP)) == nil)
        #expect(YUV420Converter.matching(try swscale(30, 16)) == nil)  // under 32 wide: swscale
        #expect(YUV420Converter.matching(try swscale(64, 32)) != nil)
    }

    @Test("the encoder's converter converts with it, and its frames are swscale's",
          .enabled(if: vectorized, "the one-pass conversion needs AVX2 (without it, swscale converts)"))
    func encoderUsesIt() throws {
        let converter = try swscale(320, 240)  // what PictureConverter builds for yuv420p
        #expect(converter.convertsInOnePass)
        #expect(!(try swscale(320, 240, flags: SWS_BILINEAR | SWS_FULL_CHR_H_INP)).convertsInOnePass)
        let difference = try difference(Self.picture(320, 240, Self.patterns[0].1), converter.convert, reference: converter)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
