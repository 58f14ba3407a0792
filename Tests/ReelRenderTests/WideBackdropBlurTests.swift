import Foundation
import ReelCore
import ReelRender
import Testing

/// Wide `backgroundFilters` blurs (σ > 16 device pixels), which run on a coarser grid: the
/// backdrop box-averaged down, blurred, and scaled back up bilinearly inside the layer. Expected
/// values come from the Gaussian, not from Reel: a red–blue edge blurred by σ is red in the
/// proportion Φ(d / σ) = ½(1 + erf(d / (σ√2))) at distance d from it.
@Suite struct WideBackdropBlurTests {
    func phi(_ d: Double, sigma: Double) -> Double { LayerFilterTests().phi(d, sigma: sigma) }

    /// A red frame, its right half covered in blue from x = 300, under a glass layer of `glass`.
    func backdrop(_ glass: String, scale: Double = 1) throws -> PixelBuffer {
        let halves =
            "{ frame: [0, 0, 600, 60], backgroundColor: red, sublayers: [{ frame: [300, 0, 300, 60], backgroundColor: blue }] }"
        return try renderScene(
            "reel: 1\ncanvas: { size: [600, 60], duration: 1, background: black, scale: \(scale) }\nlayers:\n  - \(halves)\n  - \(glass)\n"
        )
    }

    /// The largest difference, in 0…1, between the row's red and Φ across the glass's columns.
    func worstRed(_ buffer: PixelBuffer, y: Int, columns: Range<Int>, sigma: Double, scale: Double = 1) -> Double {
        columns.map { px in
            let x = (Double(px) + 0.5) / scale
            return abs(Double(buffer.rgba(x: px, y: y).r) / 255 - phi(300 - x, sigma: sigma))
        }.max() ?? 0
    }

    @Test(arguments: [(20.0, 1.0), (30.0, 1.0), (45.0, 1.0), (30.0, 2.0)])
    func aWideBackdropBlurHasTheGaussiansProfile(sigma: Double, scale: Double) throws {
        // The glass starts at an odd x so its pixels do not line up with the coarse grid's.
        let buffer = try backdrop(
            "{ frame: [101, -100, 398, 260], backgroundFilters: [{ name: gaussianBlur, inputRadius: \(sigma) }] }",
            scale: scale)
        let (from, to) = (Int(101 * scale), Int(499 * scale))
        for y in [0, Int(30 * scale), Int(60 * scale) - 1] {
            let worst = worstRed(buffer, y: y, columns: from..<to, sigma: sigma, scale: scale)
            // The three box blurs' own 2 % (see LayerFilterTests), and no more.
            #expect(worst <= 0.02, "σ \(sigma), scale \(scale), row \(y): largest difference from Φ \(worst)")
        }
        // Outside the glass the backdrop is as drawn, right up to its edge.
        #expect(buffer.rgba(x: from - 1, y: 30).r == 255)
        #expect(buffer.rgba(x: to, y: 30).b == 255)
    }

    @Test func aWideBackdropBlurTakesTheFramesEdgeAsRepeated() throws {
        // Glass over the whole frame: at the frame's edges the colour runs on, so the corners
        // stay the pure red and blue they are (no dark fringe from beyond the frame).
        let buffer = try backdrop(
            "{ frame: [-50, -50, 700, 160], backgroundFilters: [{ name: gaussianBlur, inputRadius: 30 }] }")
        for y in [0, 30, 59] {
            let left = buffer.rgba(x: 0, y: y), right = buffer.rgba(x: 599, y: y)
            #expect(left.r >= 254 && left.b <= 1 && left.a == 255, "left edge, row \(y): \(left)")
            #expect(right.b >= 254 && right.r <= 1 && right.a == 255, "right edge, row \(y): \(right)")
        }
        #expect(worstRed(buffer, y: 30, columns: 0..<600, sigma: 30) <= 0.02)
    }
}
