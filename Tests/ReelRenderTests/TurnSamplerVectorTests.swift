import Foundation
import ReelTestSupport
import Testing

@testable import ReelRender

/// Turned rasters sampled four pixels at a time and flat runs composited eight at a time (AVX2)
/// are the Swift loops' bytes: random rasters, turns, scales, offsets, opacities, backgrounds and
/// flat interiors, each drawn both ways. The pixels must never depend on the CPU.
@Suite("Turned rasters in vector instructions", .enabled(if: PixelLoops.vectorized, "the CPU has no AVX2"))
struct TurnSamplerVectorTests {
    /// A premultiplied pixel: each colour channel at most the alpha.
    private func premultiplied(_ random: inout SplitMix) -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &random)
        return a << 24 | UInt32.random(in: 0...a, using: &random) << 16 | UInt32.random(in: 0...a, using: &random) << 8
            | UInt32.random(in: 0...a, using: &random)
    }

    @Test func turnedRastersAreTheScalarLoopsBytes() {
        var random = SplitMix(seed: 42)
        var differing = 0, drawn = 0
        for _ in 0..<300 {
            let w = Int.random(in: 1...40, using: &random), h = Int.random(in: 1...40, using: &random)
            // Noise, with runs of one colour (the equal-texel shortcut of the scalar loop) and
            // opaque, translucent and transparent pixels.
            var image = [UInt32](repeating: 0, count: w * h)
            var current = premultiplied(&random)
            for i in image.indices {
                if Int.random(in: 0..<4, using: &random) == 0 { current = premultiplied(&random) }
                image[i] = Bool.random(using: &random) ? current : premultiplied(&random)
            }
            // Now and then a flat rectangle, passed on as the raster's flat interior.
            var flat: FlatInterior?
            if w >= 10, h >= 4, Bool.random(using: &random) {
                let x0 = Int.random(in: 0...(w - 9), using: &random), y0 = Int.random(in: 0...(h - 3), using: &random)
                let rect = FlatInterior.Rect(
                    x0: x0, y0: y0, x1: Int.random(in: (x0 + 8)...w, using: &random),
                    y1: Int.random(in: (y0 + 2)...h, using: &random))
                let color = Bool.random(using: &random) ? premultiplied(&random) | 0xFF00_0000 : premultiplied(&random)
                for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 { image[y * w + x] = color } }
                flat = FlatInterior(rects: [rect], color: color)
            }
            // A turn (often small, as a wobbling card's), a scale, an offset.
            let angle =
                Bool.random(using: &random)
                ? Double.random(in: -0.2...0.2, using: &random) : Double.random(in: -4...4, using: &random)
            let scale = Double.random(in: 0.3...3, using: &random)
            let (c, s) = (cos(angle) / scale, sin(angle) / scale)
            let (ow, oh) = (Int.random(in: 1...64, using: &random), Int.random(in: 1...48, using: &random))
            let (x0, y0) = (
                Double.random(in: -20...Double(w + 10), using: &random),
                Double.random(in: -20...Double(h + 10), using: &random)
            )
            let alpha = Bool.random(using: &random) ? 255 : UInt16.random(in: 0...255, using: &random)
            let background = (0..<(ow * oh)).map { _ in premultiplied(&random) }

            func draw(vector: Bool) -> [UInt32] {
                var out = background
                image.withUnsafeBufferPointer { img in
                    out.withUnsafeMutableBufferPointer { o in
                        TurnSampler.turn(
                            image: img.baseAddress!, imageStride: w, imageWidth: w, imageHeight: h,
                            out: o.baseAddress!, outStride: ow, width: ow, height: oh,
                            xx: c, xy: s, yx: -s, yy: c, x0: x0, y0: y0, alpha: alpha, flat: flat, vectorSpans: vector)
                    }
                }
                return out
            }
            let (scalar, vector) = (draw(vector: false), draw(vector: true))
            differing += zip(scalar, vector).filter { $0 != $1 }.count
            drawn += zip(scalar, background).filter { $0 != $1 }.count
        }
        #expect(differing == 0)
        // The draws really drew (not two untouched backgrounds agreeing).
        #expect(drawn > 20_000)
    }

    @Test func spansOfEveryLengthAndAlignmentStayInsideTheirRow() {
        // Rows of 1…19 pixels at every offset in a guarded buffer: the groups of four (and the
        // flat runs' eight) must neither drop the tail nor write past it.
        let w = 16, h = 16
        let noise = (0..<(w * h)).map { i in UInt32(0x8040_2010) &+ UInt32(i % 7) }
        let plain = [UInt32](repeating: 0x8040_2010, count: w * h)
        let flat = FlatInterior(rects: [FlatInterior.Rect(x0: 0, y0: 0, x1: w, y1: h)], color: 0x8040_2010)
        for count in 1...19 {
            for offset in 0..<8 {
                for flatInterior in [nil, flat] {
                    let image = flatInterior == nil ? noise : plain
                    let guardWord: UInt32 = 0xDEAD_BEEF
                    func draw(vector: Bool) -> [UInt32] {
                        var out = [UInt32](repeating: guardWord, count: 32)
                        for i in offset..<(offset + count) { out[i] = 0xFF00_00FF }
                        image.withUnsafeBufferPointer { img in
                            out.withUnsafeMutableBufferPointer { o in
                                // Upright but for a hair of a turn, the raster covering the row.
                                TurnSampler.turn(
                                    image: img.baseAddress!, imageStride: w, imageWidth: w, imageHeight: h,
                                    out: o.baseAddress! + offset, outStride: 32, width: count, height: 1,
                                    xx: 0.5, xy: 1e-6, yx: -1e-6, yy: 0.5, x0: 2, y0: 6, alpha: 200, flat: flatInterior,
                                    vectorSpans: vector)
                            }
                        }
                        return out
                    }
                    let (scalar, vector) = (draw(vector: false), draw(vector: true))
                    #expect(scalar == vector, "count \(count), offset \(offset), flat \(flatInterior != nil)")
                    #expect(
                        vector[..<offset].allSatisfy { $0 == guardWord }
                            && vector[(offset + count)...].allSatisfy { $0 == guardWord })
                    #expect(vector[offset..<(offset + count)].allSatisfy { $0 != 0xFF00_00FF })
                }
            }
        }
    }
}
