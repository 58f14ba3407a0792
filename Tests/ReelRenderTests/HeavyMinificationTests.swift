import Foundation
import ReelCore
import ReelRender
import Testing

/// Images shrunk many times over (a Lottie's 500-pixel asset shown at a tenth of its size, a
/// photo as a thumbnail) must average every pixel they cover, as Core Animation's area-averaged
/// minification does, however large the factor.
@Suite("Heavily minified images")
struct HeavyMinificationTests {
    /// A checkerboard of 1-pixel black and white squares (period 2) shrunk about `factor` times:
    /// every device pixel covers about as many black as white pixels, so the area average is
    /// 50 % grey everywhere. Sampling, or a filter narrower than the footprint, shows moiré. The
    /// image is a few pixels wider than `factor` × the layer so that device pixels fall at every
    /// phase of the pattern (at an exact factor a bilinear tap lands between two squares).
    @Test(arguments: [8, 20, 40])
    func aCheckerboardShrunkManyTimesIsEvenGrey(factor: Int) throws {
        let side = 64
        let scene = Scene(canvas: Canvas(size: CGSize(width: 96, height: 96), duration: 1, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 16, y: 16, width: Double(side), height: Double(side))
        layer.contents = checkerboard(size: side * factor + 5)
        scene.rootLayer.addSublayer(layer)
        let frame = try renderScene(scene, caching: false)
        var worst = 0
        for y in 20..<76 {
            for x in 20..<76 {
                worst = max(worst, abs(Int(frame.premultipliedRGBA(x: x, y: y).g) - 128))
            }
        }
        #expect(worst <= 8, "worst deviation from mid-grey at \(factor)×: \(worst)")
    }
}
