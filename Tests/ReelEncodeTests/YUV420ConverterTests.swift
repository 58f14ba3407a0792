import CFFmpeg
import CReelPixels
import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelEncode

/// The C paths that convert for the encoder (scalar, and AVX2 where the CPU has it) must write
/// the bytes of the Swift reference, which defines Reel's conversion: these tests compare them on
/// content that reaches every part of the arithmetic (every channel's extremes, noise, single-pixel
/// detail, odd edges) at sizes around the vector width, with padded rows on both sides.
@Suite("Reel's yuv420p conversion: the C paths write the reference's bytes")
struct YUV420ConverterTests {
    static let vectorized = reel_pixels_vectorized() != 0

    /// A test picture: pixel (x, y) as premultiplied (B, G, R, A).
    typealias Pattern = @Sendable (Int, Int, inout SplitMix) -> (UInt8, UInt8, UInt8, UInt8)

    /// Test pictures, each stressing another part of the conversion.
    static let patterns: [(String, Pattern)] = [
        (
            "noise",
            { _, _, g in
                let a = UInt8(truncatingIfNeeded: g.next())
                return (
                    UInt8(truncatingIfNeeded: g.next()) & a, UInt8(truncatingIfNeeded: g.next()) & a,
                    UInt8(truncatingIfNeeded: g.next()) & a, a
                )
            }
        ),
        // Every pixel a corner of the RGB cube: the largest and smallest Y, Cb and Cr there are.
        (
            "cube corners",
            { _, _, g in
                let bits = g.next()
                return (bits & 1 == 0 ? 0 : 255, bits & 2 == 0 ? 0 : 255, bits & 4 == 0 ? 0 : 255, 255)
            }
        ),
        // Saturated primaries, black and white in 3-pixel bands.
        (
            "bands",
            { x, y, _ in
                let c: [(UInt8, UInt8, UInt8)] = [
                    (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (255, 0, 255), (0, 255, 255)
                ]
                let k = c[(x / 3 + y / 2) % c.count]
                return (k.0, k.1, k.2, 255)
            }
        ),
        ("one-pixel checkerboard", { x, y, _ in (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255) }),
        ("gradients", { x, y, _ in (UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255), 255) }),
        (
            "translucent",
            { x, y, _ in
                let a = UInt8((x * 7 + y * 3) & 255)
                return (UInt8(Int(a) * 3 / 4), a / 3, a, a)
            }
        )
    ]

    /// A BGRA picture `padding` bytes wider a row than its pixels; the padding is noise, which
    /// must never be read as pixels.
    struct Picture {
        let width: Int, height: Int, stride: Int
        var bytes: [UInt8]

        init(_ width: Int, _ height: Int, padding: Int = 0, _ pattern: Pattern) {
            (self.width, self.height, stride) = (width, height, width * 4 + padding)
            bytes = [UInt8](repeating: 0, count: stride * height)
            var generator = SplitMix(seed: UInt64(width * 65_537 + height))
            for y in 0..<height {
                for x in 0..<width {
                    let (b, g, r, a) = pattern(x, y, &generator)
                    (
                        bytes[y * stride + x * 4], bytes[y * stride + x * 4 + 1], bytes[y * stride + x * 4 + 2],
                        bytes[y * stride + x * 4 + 3]
                    ) = (b, g, r, a)
                }
                for i in width * 4..<stride { bytes[y * stride + i] = UInt8(truncatingIfNeeded: generator.next()) }
            }
        }

        var reference: YUV420Reference.Planes {
            bytes.withUnsafeBytes {
                YUV420Reference.convert($0.baseAddress!, stride: stride, width: width, height: height)
            }
        }

        /// The C path's planes, written with rows `padding` bytes longer than the plane into
        /// buffers filled with a marker; nil (and a recorded issue) if a byte outside the planes changed.
        func converted(vectorized: Bool, padding: Int = 0) -> YUV420Reference.Planes? {
            var out = YUV420Reference.Planes(width: width, height: height)
            let (cw, ch) = (out.chromaWidth, out.chromaHeight)
            let (yStride, cStride) = (width + padding, cw + padding)
            let marker: UInt8 = 0xA5, guardBytes = 64
            var y = [UInt8](repeating: marker, count: yStride * height + guardBytes)
            var u = [UInt8](repeating: marker, count: cStride * ch + guardBytes), v = u
            y.withUnsafeMutableBufferPointer { yp in
                u.withUnsafeMutableBufferPointer { up in
                    v.withUnsafeMutableBufferPointer { vp in
                        let planes = ReelYUVPlanes(
                            y: yp.baseAddress, u: up.baseAddress, v: vp.baseAddress,
                            yStride: yStride, uStride: cStride, vStride: cStride)
                        bytes.withUnsafeBytes {
                            YUV420Converter().convert(
                                $0.baseAddress!, stride: stride, width: width, height: height,
                                into: planes, vectorized: vectorized)
                        }
                    }
                }
            }
            var untouched = true
            for (plane, all, w, h, rowStride) in [
                (\YUV420Reference.Planes.y, y, width, height, yStride),
                (\.u, u, cw, ch, cStride), (\.v, v, cw, ch, cStride)
            ] {
                for i in all.indices {
                    let (row, column) = (i / rowStride, i % rowStride)
                    if row < h, column < w {
                        out[keyPath: plane][row * w + column] = all[i]
                    } else if all[i] != marker {
                        untouched = false
                    }
                }
            }
            return untouched ? out : nil
        }
    }

    /// Where two conversions first differ ("U (3, 1): 81 vs 80"), or nil.
    static func difference(_ a: YUV420Reference.Planes, _ b: YUV420Reference.Planes) -> String? {
        for (name, p, q, w) in [
            ("Y", a.y, b.y, a.width), ("U", a.u, b.u, a.chromaWidth), ("V", a.v, b.v, a.chromaWidth)
        ] {
            if let i = p.indices.first(where: { p[$0] != q[$0] }) {
                return "\(name) (\(i % w), \(i / w)): \(p[i]) vs \(q[i])"
            }
        }
        return nil
    }

    /// Checks `path` against the reference on every pattern at every size.
    func check(vectorized: Bool) {
        // Around the vector width (16 pixels), odd on either side, from a single pixel up.
        let sizes = [
            (1, 1), (1, 2), (2, 1), (3, 3), (5, 7), (15, 2), (16, 2), (17, 3), (31, 9), (32, 16), (33, 17),
            (47, 5), (48, 16), (100, 50), (322, 18), (786, 87)
        ]
        for (width, height) in sizes {
            for (name, pattern) in Self.patterns {
                for (sourcePadding, planePadding) in [(0, 0), (12, 7)] {
                    let picture = Picture(width, height, padding: sourcePadding, pattern)
                    let label = "\(name) at \(width)×\(height), padding \(sourcePadding)/\(planePadding)"
                    guard let ours = picture.converted(vectorized: vectorized, padding: planePadding) else {
                        Issue.record("\(label): wrote outside the planes")
                        continue
                    }
                    let difference = Self.difference(ours, picture.reference)
                    #expect(difference == nil, "\(label): \(difference ?? "") (ours vs the reference)")
                }
            }
        }
    }

    @Test("the scalar C path, on every pattern, odd sizes and padded rows included")
    func scalarPath() { check(vectorized: false) }

    @Test(
        "the AVX2 path, on every pattern, odd sizes and padded rows included",
        .enabled(if: vectorized, "the CPU has no AVX2"))
    func vectorPath() { check(vectorized: true) }

    @Test("a 1080p frame of noise, every path")
    func fullHD() throws {
        let picture = Picture(1920, 1080, Self.patterns[0].1)
        let reference = picture.reference
        for vectorized in Self.vectorized ? [false, true] : [false] {
            let ours = try #require(picture.converted(vectorized: vectorized))
            #expect(
                Self.difference(ours, reference) == nil,
                "vectorized \(vectorized): \(Self.difference(ours, reference) ?? "")")
        }
    }

    /// SHA-256 of a conversion's planes, Y then U then V, tightly packed.
    static func hash(_ planes: YUV420Reference.Planes) -> String {
        var hasher = SHA256()
        for plane in [planes.y, planes.u, planes.v] { plane.withUnsafeBytes { hasher.update($0) } }
        return hasher.hex()
    }

    /// The conversion is Reel's, not a library's: these fixed frames convert to these bytes on
    /// every machine, whatever libswscale is installed. The hashes were computed once by the Swift
    /// reference (`Self.hash(Picture(…).reference)` for each frame, printed and pasted here) when
    /// the conversion was defined; a change to the conversion's arithmetic changes them, and
    /// must come with a docs/color.md change and new hashes.
    @Test("fixed frames convert to pinned bytes, by the reference and by the encoder's path")
    func pinnedHashes() throws {
        let frames: [(String, Picture, String)] = [
            (
                "noise 64×36", Picture(64, 36, Self.patterns[0].1),
                "c1a3886c71d4ce4417784bae658a61d2ccda6e7d4f9d2243ac8071212fffb255"
            ),
            (
                "cube corners 97×35", Picture(97, 35, Self.patterns[1].1),
                "38ed2acbdcb296945c18a43bebf83b43be340fed0924d46ff353ad39a83f8772"
            ),
            (
                "bands 130×34", Picture(130, 34, Self.patterns[2].1),
                "d823a7d5291106b09cd72a897323e65922bf526aa292ea60f92059d6ae552b3d"
            ),
            (
                "gradients 256×256", Picture(256, 256, Self.patterns[4].1),
                "502badfb9c576bd6fd40296983d6cb2b0d92d835e5fa159108aa5c45592e4959"
            ),
            (
                "translucent 33×17", Picture(33, 17, Self.patterns[5].1),
                "5e066d4f8b1397a410e42a52bd3831fc013c1d18be382ec46b3b121c045a5fbc"
            )
        ]
        for (name, picture, expected) in frames {
            let reference = Self.hash(picture.reference)
            #expect(reference == expected, "\(name) by the reference: \(reference)")
            for vectorized in Self.vectorized ? [false, true] : [false] {
                let ours = Self.hash(try #require(picture.converted(vectorized: vectorized)))
                #expect(ours == expected, "\(name), vectorized \(vectorized): \(ours)")
            }
        }
    }

    @Test("the encoder converts yuv420p BT.709 limited range with it, and other formats with swscale")
    func encoderUsesIt() throws {
        let mp4 = try encoderPictureConversion(
            width: 64, height: 32, to: AV_PIX_FMT_YUV420P, fullRange: false, matrix: AVCOL_SPC_BT709)
        #expect(mp4 is YUV420Converter)
        // 10-bit 4:2:0 and 4:2:2 get Reel's dithered conversion; 4:4:4 with alpha stays swscale's.
        for format in [AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUV422P10LE] {
            #expect(
                try encoderPictureConversion(
                    width: 64, height: 32, to: format, fullRange: false, matrix: AVCOL_SPC_BT709) is YUV10Converter)
        }
        #expect(
            try encoderPictureConversion(
                width: 64, height: 32, to: AV_PIX_FMT_YUVA444P10LE, fullRange: false,
                matrix: AVCOL_SPC_BT709) is ColorConverter)
        #expect(
            try encoderPictureConversion(
                width: 64, height: 32, to: AV_PIX_FMT_YUV420P, fullRange: false,
                matrix: AVCOL_SPC_SMPTE170M) is ColorConverter)
        #expect(
            try encoderPictureConversion(
                width: 64, height: 32, to: AV_PIX_FMT_YUV420P, fullRange: true,
                matrix: AVCOL_SPC_BT709) is ColorConverter)

        // What the encoder's converter makes of a frame is the reference's conversion.
        let (width, height) = (98, 34)
        let picture = Picture(width, height, Self.patterns[0].1)
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            (buffer.baseAddress + y * buffer.stride).copyMemory(
                from: Array(picture.bytes[y * picture.stride..<y * picture.stride + width * 4]),
                byteCount: width * 4)
        }
        let converter = try PictureConverter(width: width, height: height, format: AV_PIX_FMT_YUV420P, alpha: false)
        let frame = try converter.prepare(buffer, index: 0, reusing: nil)
        let f = try #require(frame.picture).pointee
        var ours = YUV420Reference.Planes(width: width, height: height)
        for (plane, data, stride, w, h) in [
            (\YUV420Reference.Planes.y, f.data.0!, f.linesize.0, width, height),
            (\.u, f.data.1!, f.linesize.1, width / 2, height / 2),
            (\.v, f.data.2!, f.linesize.2, width / 2, height / 2)
        ] {
            for row in 0..<h { for x in 0..<w { ours[keyPath: plane][row * w + x] = data[row * Int(stride) + x] } }
        }
        withExtendedLifetime(frame) {}
        #expect(Self.difference(ours, picture.reference) == nil, "\(Self.difference(ours, picture.reference) ?? "")")
    }
}
