import ReelCore
import Testing

@testable import ReelRender

/// The projective sampler's AVX2 loop (four pixels' points stepped and divided at once) against
/// its scalar loop: the same bytes for a card in perspective, partial coverage, spans of every
/// length mod 4, replaced and composited over. (On CPUs without AVX2 both run the scalar loop.)
@Suite("Projective sampler, vectorized")
struct ProjectiveSamplerVectorTests {
    /// Deterministic pseudo-random words (a 64-bit LCG's high half).
    private struct Noise {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
    }

    /// `width` × `height` output of a 37 × 29 premultiplied image through `map`, over a
    /// background (`over`) or replacing it.
    private func warp(map: Homography, width: Int, height: Int, over: Bool, vectorized: Bool) -> [UInt32] {
        var noise = Noise(state: 35)
        let image: [UInt32] = (0..<(37 * 29)).map { _ in
            // Premultiplied: each colour channel at most the alpha; some texels flat, some clear.
            let p = noise.next(), a = p >> 24
            if a < 40 { return 0 }
            if a < 80 { return 0xFF20_4060 }
            return a << 24 | min((p >> 16) & 0xFF, a) << 16 | min((p >> 8) & 0xFF, a) << 8 | min(p & 0xFF, a)
        }
        // A ragged run per row: clear ends of varying length, partial coverage inside.
        var mask = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let a = y % 7, b = width - 1 - (y * 3) % 11
            for x in a...max(a, b) { mask[y * width + x] = noise.next() % 5 == 0 ? UInt8(noise.next() % 256) : 255 }
        }
        var out = (0..<(width * height)).map { _ in over ? noise.next() | 0xFF00_0000 : 0 }
        image.withUnsafeBufferPointer { src in
            mask.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer { o in
                    ProjectiveSampler.warp(
                        image: src.baseAddress!, imageStride: 37, imageWidth: 37, imageHeight: 29,
                        mask: m.baseAddress!, maskStride: width, out: o.baseAddress!, outStride: width,
                        width: width, height: height, map: map, over: over, vectorized: vectorized)
                }
            }
        }
        return out
    }

    /// Output pixels → image pixels of a card turned about its vertical axis under a perspective
    /// (w varies along rows and columns), shifted so part of it samples past the image's edges.
    private let tilted = Homography(m: [[0.61, 0.07, 0.0021], [-0.05, 0.52, 0.0009], [-3.3, -2.1, 0.93]])

    @Test(arguments: [false, true])
    func vectorLoopMakesTheScalarLoopsBytes(over: Bool) {
        for width in 61...64 {
            let scalar = warp(map: tilted, width: width, height: 45, over: over, vectorized: false)
            let vector = warp(map: tilted, width: width, height: 45, over: over, vectorized: true)
            // Counted, not listed: a broken loop differs in thousands of pixels.
            #expect(zip(vector, scalar).filter { $0 != $1 }.count == 0, "width \(width)")
            // The map reaches the image: something was drawn that a broken loop would get wrong.
            #expect(Set(scalar).count > 500)
        }
    }

    @Test func pointsBehindTheEyeAreLeftAlone() {
        // w = 1 − x/20 crosses zero mid-row: from column 20 on, no pixel is written, vectorized
        // or not.
        let crossing = Homography(m: [[1, 0, -0.05], [0, 1, 0], [0, 0, 1]])
        for vectorized in [false, true] {
            let out = warp(map: crossing, width: 40, height: 8, over: false, vectorized: vectorized)
            for y in 0..<8 {
                for x in 20..<40 { #expect(out[y * 40 + x] == 0, "pixel (\(x), \(y))") }
            }
            #expect(out[3 * 40 + 10] != 0)
        }
    }
}
