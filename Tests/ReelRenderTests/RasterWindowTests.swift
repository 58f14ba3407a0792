import Foundation
import ReelCore
import ReelRender
import Testing

/// A layer far larger than what shows of it (a Lottie gradient padded 2000 points past the shape
/// that masks it, a huge backdrop) is rasterised only where it can show, and draws the same.
@Suite("Raster windows")
struct RasterWindowTests {
    /// A red-to-blue axial gradient of `size` points at `origin` (shifted by `shift`), masked to
    /// the 60-point square at `maskAt` in its own bounds when given.
    static func gradient(origin: CGPoint, size: Double, shift: Double, maskAt: CGPoint?) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: origin.x + shift, y: origin.y + shift, width: size, height: size)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0), CGColor(red: 0, green: 0, blue: 1)]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        if let maskAt {
            let mask = CAShapeLayer()
            mask.frame = CGRect(origin: maskAt, size: CGSize(width: 60, height: 60))
            mask.path = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
            layer.mask = mask
        }
        return layer
    }

    /// Two 1000-point gradients: one masked to a square at (69.75, 69.75) of the frame, one
    /// unmasked with only its left 50 points in the 200-point frame. `shift` moves both, and
    /// the frame grows by four times it (room for the whole of both at a shift of 400).
    static func render(shift: Double) throws -> (PixelBuffer, RenderCache) {
        let side = 200 + 4 * shift
        let scene = Scene(canvas: Canvas(size: CGSize(width: side, height: side), duration: 1, background: nil))
        scene.rootLayer.addSublayer(
            gradient(origin: CGPoint(x: -400.25, y: -400.25), size: 1000, shift: shift, maskAt: CGPoint(x: 470, y: 470))
        )
        scene.rootLayer.addSublayer(gradient(origin: CGPoint(x: 150, y: -400), size: 1000, shift: shift, maskAt: nil))
        let t = try scene.compile()
        let renderer = FrameRenderer(canvas: t.canvas)
        let buffer = renderer.makeBuffer()
        renderer.render(t, at: 0, into: buffer)
        return (buffer, renderer.cache!)
    }

    @Test func aHugeLayerIsRasterisedOnlyWhereItCanShow() throws {
        let (frame, cache) = try Self.render(shift: 0)
        // Whole, the two gradients are two million pixels. What can show: the masked one within
        // its mask's 62 px (on a 64 px grid: 128 × 128), the mask's square (61 × 61), the other's
        // 50 × 200 px in the frame (64 × 256 on the grid). Without the mask's extent the first
        // would be the frame's 256 × 256.
        #expect(cache.madePixels < 50_000, "\(cache.madePixels) pixels rasterised")
        // Core Animation's axial gradient at the square's pixel (100, 100): x = 500.75 of 1000 points.
        let t = 500.75 / 1000
        let p = frame.premultipliedRGBA(x: 100, y: 100)
        #expect(abs(Double(p.r) - 255 * (1 - t)) <= 2 && p.g == 0 && abs(Double(p.b) - 255 * t) <= 2, "\(p)")
        #expect(p.a == 255)
        // Outside the mask, where the unmasked gradient does not reach: nothing.
        #expect(frame.premultipliedRGBA(x: 40, y: 40).a == 0)
        // The unmasked one at x = 175: 25 points into it.
        let q = frame.premultipliedRGBA(x: 175, y: 100)
        #expect(abs(Double(q.r) - 255 * (1 - 25.5 / 1000)) <= 2 && abs(Double(q.b) - 255 * 25.5 / 1000) <= 2, "\(q)")
    }

    @Test func aWindowDrawsWhatTheWholeRasterDraws() throws {
        // Shifted 400 px into a 1800-pixel frame, the unmasked gradient shows whole: its raster
        // is made whole, as it was before windows. The frames must agree pixel for pixel.
        let (small, _) = try Self.render(shift: 0)
        let (large, cache) = try Self.render(shift: 400)
        #expect(cache.madePixels >= 1_000_000, "the shifted gradient was not rasterised whole")
        var differing = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = small.premultipliedRGBA(x: x, y: y), b = large.premultipliedRGBA(x: x + 400, y: y + 400)
                if a != b { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
