import Foundation
import ReelCore
import ReelScene
import Testing

/// A gradient is drawn 10,000 points past its shape layer's bounds, as lottie-ios pads its
/// gradient layers (`CALayer.veryLargeLayerPadding`): the paths it paints may lie far outside.
@Suite struct LottieGradientReachTests {
    static let red = [255, 0, 0], blue = [0, 0, 255]

    @Test func aGradientStrokePaintsAPathFarBeyondTheLayersBounds() throws {
        // The layer's origin is 5,000 points below the canvas, so its vertical line from
        // y −4,950 to −4,850 (its coordinates) runs from y 50 to 150 on the canvas at x 100,
        // 4,850 points outside the layer's 200 × 200 bounds. The gradient goes red to blue
        // along the line.
        let shapes = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, -4950], [0, -4850]],
              "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}},
            {"ty": "gs", "t": 1, "s": {"a": 0, "k": [0, -4950]}, "e": {"a": 0, "k": [0, -4850]},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "o": {"a": 0, "k": 100},
             "w": {"a": 0, "k": 20}, "lc": 1, "lj": 1}
            """
        let ks = #"{"p": {"a": 0, "k": [100, 5000]}, "a": {"a": 0, "k": [0, 0]}}"#
        let frame = try render(lottie(shapeLayer("trail", shapes: shapes, ks: ks)), at: 0)
        #expect(isColor(frame, 100, 52, Self.red), "the line's red end")
        #expect(isColor(frame, 100, 148, Self.blue), "its blue end")
        #expect(frame.rgba(x: 100, y: 170).a == 0, "nothing past its end")
        #expect(frame.rgba(x: 130, y: 100).a == 0, "nothing beside it")
    }
}
