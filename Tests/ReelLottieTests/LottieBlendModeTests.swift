import Foundation
import ReelCore
import ReelScene
import Testing

/// Blend modes (`bm`) become the compositing filters lottie-ios's Core Animation engine sets:
/// Core Image's blend filters by name, in Lottie's order (1 multiply … 15 luminosity).
@Suite struct LottieBlendModeTests {
    func layerNamed(_ name: String, in layer: CALayer) -> CALayer? {
        if layer.name == name { return layer }
        return (layer.sublayers ?? []).lazy.compactMap { self.layerNamed(name, in: $0) }.first
    }

    @Test(arguments: [(1, "multiplyBlendMode"), (2, "screenBlendMode"), (10, "differenceBlendMode")])
    func aBlendModeIsTheLayersCompositingFilterAndAWarning(mode: Int, filter: String) throws {
        let text = lottie(
            shapeLayer("blended", shapes: square(x: 50, y: 50, side: 20, rgb: [1, 0, 0]), extra: #", "bm": \#(mode)"#))
        let loaded = try loadLottie(text)
        let layer = try #require(layerNamed("blended", in: loaded.scene.rootLayer))
        #expect(layer.compositingFilter as? String == filter)
        #expect(
            loaded.warnings.map(\.message) == ["layers[0]: blend modes ('\(filter)') are not drawn yet; drawn normally"]
        )
    }

    @Test func theNormalBlendModeIsNoFilterAndNoWarning() throws {
        let text = lottie(
            shapeLayer("plain", shapes: square(x: 50, y: 50, side: 20, rgb: [1, 0, 0]), extra: #", "bm": 0"#))
        let loaded = try loadLottie(text)
        #expect(try #require(layerNamed("plain", in: loaded.scene.rootLayer)).compositingFilter == nil)
        #expect(loaded.warnings.isEmpty)
    }
}
