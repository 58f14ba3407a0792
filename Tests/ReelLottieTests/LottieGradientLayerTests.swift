import Foundation
import ReelCore
import ReelScene
import Testing

/// Gradient layers as lottie-ios sets them up: drawn 10,000 points past their shape layer's
/// bounds (its `CALayer.veryLargeLayerPadding`), since the paths they paint may lie far
/// outside, and with their stops' locations animated as well as their colours.
@Suite struct LottieGradientLayerTests {
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
        #expect(isColor(frame, 100, 52, gradientRed), "the line's red end")
        #expect(isColor(frame, 100, 148, gradientBlue), "its blue end")
        #expect(frame.rgba(x: 100, y: 170).a == 0, "nothing past its end")
        #expect(frame.rgba(x: 130, y: 100).a == 0, "nothing beside it")
    }
}

extension LottieGradientLayerTests {
    @Test func gradientStopsMoveWhenTheirLocationsAnimate() throws {
        // Red at 0 and 0.5, blue at 1, moving to red at 0 and 0.1, blue at 0.2 by frame 10
        // (1 s), linearly, along x over a 200-point square: then everything from x 40 on is blue.
        let shapes = """
            {"ty": "rc", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 0, "k": 0}},
            {"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [200, 0]}, "o": {"a": 0, "k": 100},
             "g": {"p": 3, "k": {"a": 1, "k": [
               {"t": 0, "s": [0, 1, 0, 0, 0.5, 1, 0, 0, 1, 0, 0, 1], "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}},
               {"t": 10, "s": [0, 1, 0, 0, 0.1, 1, 0, 0, 0.2, 0, 0, 1]}]}}}
            """
        let text = lottie(shapeLayer("moving", shapes: shapes))
        let start = try render(text, at: 0)
        #expect(isColor(start, 90, 100, gradientRed), "red up to the middle at first")
        let end = try render(text, at: 1)
        #expect(isColor(end, 10, 100, gradientRed), "red before 0.1")
        #expect(isColor(end, 100, 100, gradientBlue), "blue past 0.2")
    }
}
