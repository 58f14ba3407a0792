import Foundation
import ReelCore
import ReelScene
import Testing

/// Blend modes (`bm`) become the compositing filters lottie-ios's Core Animation engine sets:
/// Core Image's blend filters by name, in Lottie's order (1 multiply … 15 luminosity), which
/// the renderer draws.
@Suite struct LottieBlendModeTests {
    func layerNamed(_ name: String, in layer: CALayer) -> CALayer? {
        if layer.name == name { return layer }
        return (layer.sublayers ?? []).lazy.compactMap { self.layerNamed(name, in: $0) }.first
    }

    @Test(arguments: [(1, "multiplyBlendMode"), (2, "screenBlendMode"), (10, "differenceBlendMode")])
    func aBlendModeIsTheLayersCompositingFilter(mode: Int, filter: String) throws {
        let text = lottie(
            shapeLayer("blended", shapes: square(x: 50, y: 50, side: 20, rgb: [1, 0, 0]), extra: #", "bm": \#(mode)"#))
        let loaded = try loadLottie(text)
        let layer = try #require(layerNamed("blended", in: loaded.scene.rootLayer))
        #expect(layer.compositingFilter as? String == filter)
        #expect(loaded.warnings.isEmpty, "drawn, so nothing to warn about")
    }

    @Test func aMultipliedLayerIsDrawnMultipliedWithTheLayersBelow() throws {
        // The first layer is on top: (1, 0.5, 0) multiplied with (0.5, 0.5, 1) is (0.5, 0.25, 0)
        // where they overlap (W3C compositing: B(Cb, Cs) = Cb·Cs); outside, each as it is.
        let top = shapeLayer("top", shapes: square(x: 100, y: 100, side: 60, rgb: [1, 0.5, 0]), extra: #", "bm": 1"#)
        let below = shapeLayer("below", shapes: square(x: 60, y: 100, side: 60, rgb: [0.5, 0.5, 1]))
        let frame = try render(lottie(top + "," + below), at: 0)
        let overlap = frame.rgba(x: 85, y: 100)
        #expect(abs(Int(overlap.r) - 128) <= 2 && abs(Int(overlap.g) - 64) <= 2 && overlap.b <= 2 && overlap.a == 255)
        #expect(isColor(frame, 120, 100, [255, 128, 0]) && isColor(frame, 40, 100, [128, 128, 255]))
    }

    @Test func theNormalBlendModeIsNoFilterAndNoWarning() throws {
        let text = lottie(
            shapeLayer("plain", shapes: square(x: 50, y: 50, side: 20, rgb: [1, 0, 0]), extra: #", "bm": 0"#))
        let loaded = try loadLottie(text)
        #expect(try #require(layerNamed("plain", in: loaded.scene.rootLayer)).compositingFilter == nil)
        #expect(loaded.warnings.isEmpty)
    }
}
