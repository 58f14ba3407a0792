import ReelCore
import Testing

@testable import ReelRender

/// The projective warp's sampler against values worked out by hand: pixel centres map through
/// the homography, bilinear weights, padded edges, coverage, and nothing outside the mask.
@Suite("Projective sampler")
struct ProjectiveSamplerTests {
    /// Warps a `w`×`h` image (pixels row by row) into a `w`×`h` output with a uniform mask.
    private func warp(_ image: [UInt32], w: Int, h: Int, map: Homography, coverage: [UInt8]? = nil) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: w * h)
        let mask = coverage ?? [UInt8](repeating: 255, count: w * h)
        image.withUnsafeBufferPointer { src in
            mask.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer { o in
                    ProjectiveSampler.warp(
                        image: src.baseAddress!, imageStride: w, imageWidth: w, imageHeight: h,
                        mask: m.baseAddress!, maskStride: w,
                        out: o.baseAddress!, outStride: w, width: w, height: h, map: map)
                }
            }
        }
        return out
    }

    private func translation(_ dx: Double, _ dy: Double) -> Homography {
        Homography(m: [[1, 0, 0], [0, 1, 0], [dx, dy, 1]])
    }

    @Test func identityCopiesEveryPixel() {
        let image: [UInt32] = (0..<12).map { UInt32($0) &* 0x0102_0304 | 0xFF00_0000 }
        #expect(warp(image, w: 4, h: 3, map: .identity) == image)
    }

    @Test func halfPixelShiftAveragesNeighboursAndPadsTheEdge() {
        // One row: 0, 200, 100 in every channel. Sampling half a pixel to the right averages
        // each pixel with the next; the last one repeats the edge.
        let v: [UInt32] = [0, 200, 100].map { UInt32($0) * 0x0101_0101 }
        let out = warp(v, w: 3, h: 1, map: translation(0.5, 0))
        #expect(out == [100, 150, 100].map { UInt32($0) * 0x0101_0101 })
    }

    @Test func quarterWeightsFollowTheFraction() {
        let v: [UInt32] = [0, 255].map { UInt32($0) * 0x0101_0101 }
        // Pixel 0's centre samples at 0.25: a quarter of the way to 255, rounded.
        let out = warp(v, w: 2, h: 1, map: translation(0.25, 0))
        #expect(out[0] == 64 * 0x0101_0101)
    }

    @Test func projectiveMapDividesByW() {
        // Scale ½ as a homogeneous map (w = 2): the output pixel centre x + 0.5 samples the
        // image at (x + 0.5) / 2 − 0.5.
        let image: [UInt32] = (0..<4).map { UInt32($0 * 80) * 0x0101_0101 }
        let halving = Homography(m: [[1, 0, 0], [0, 1, 0], [0, 0, 2]])
        let out = warp(image, w: 4, h: 1, map: halving)
        // x = 3 → 1.25: between 80 and 160, a quarter of the way.
        #expect(out[3] == 100 * 0x0101_0101)
        // x = 0 → −0.25: padded, the edge pixel.
        #expect(out[0] == 0)
    }

    @Test func coverageScalesAndZeroCoverageIsLeftAlone() {
        let image = [UInt32](repeating: 0xFF80_4020, count: 3)
        let out = warp(image, w: 3, h: 1, map: .identity, coverage: [0, 128, 255])
        #expect(out[0] == 0)
        // Each byte × 128/255, rounded: FF→80, 80→40, 40→20, 20→10.
        #expect(out[1] == 0x8040_2010)
        #expect(out[2] == 0xFF80_4020)
    }

    @Test func overCompositesWithPixmansRoundingOnlyInsideTheBox() {
        // A half-transparent pixel (premultiplied 80 40 20 10) over opaque white: each channel
        // 255 · (255 − 128) / 255 = 127 (0x7F) plus the source's. Only rows 1–2 and columns 1–2
        // of the 4 × 4 output are drawn; the rest keeps its white.
        let image = [UInt32](repeating: 0x8040_2010, count: 16)
        var out = [UInt32](repeating: 0xFFFF_FFFF, count: 16)
        let mask = [UInt8](repeating: 255, count: 16)
        image.withUnsafeBufferPointer { src in
            mask.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer { o in
                    ProjectiveSampler.warp(
                        image: src.baseAddress!, imageStride: 4, imageWidth: 4, imageHeight: 4,
                        mask: m.baseAddress!, maskStride: 4, out: o.baseAddress!, outStride: 4,
                        width: 4, height: 4, map: .identity, rows: 1..<3, columns: 1..<3, over: true)
                }
            }
        }
        for y in 0..<4 {
            for x in 0..<4 {
                let inside = (1..<3).contains(x) && (1..<3).contains(y)
                #expect(out[y * 4 + x] == (inside ? 0xFFBF_9F8F : 0xFFFF_FFFF), "pixel (\(x), \(y))")
            }
        }
    }
}
