import Foundation
import ReelCore
import ReelScene
import Testing

/// Inverted alpha mattes (`tt: 2`): the layer shows only where its matte (the `td` layer before
/// it) is transparent; the matte itself is not drawn.
@Suite struct LottieInvertedMatteTests {
    /// A red square of side 160 under an inverted matte: a square of side 60 at the centre, at
    /// `opacity` percent.
    func document(matteOpacity opacity: Double = 100) -> String {
        let matte = shapeLayer(
            "matte", shapes: square(x: 100, y: 100, side: 60, rgb: [0, 0, 1]),
            ks: #"{"o": {"a": 0, "k": \#(opacity)}}"#, extra: #", "td": 1"#)
        let shown = shapeLayer(
            "shown", shapes: square(x: 100, y: 100, side: 160, rgb: [1, 0, 0]), extra: #", "tt": 2"#)
        return lottie(matte + "," + shown)
    }

    @Test func theLayerShowsOutsideItsMatteAndNotInside() throws {
        let text = document()
        #expect(try loadLottie(text).warnings.isEmpty)
        let frame = try render(text, at: 0)
        #expect(frame.rgba(x: 100, y: 100).a == 0, "inside the matte: cut out")
        #expect(frame.rgba(x: 80, y: 120).a == 0, "inside the matte: cut out")
        #expect(isColor(frame, 40, 40, [255, 0, 0]), "outside the matte: drawn")
        #expect(isColor(frame, 100, 60, [255, 0, 0]), "outside the matte: drawn")
        #expect(frame.rgba(x: 5, y: 5).a == 0, "outside the layer itself: nothing")
    }

    @Test func aTranslucentMatteLeavesThatMuchOfTheLayer() throws {
        // The inverted alpha is 1 − αmatte: a matte at 25 % leaves three quarters of the layer.
        let frame = try render(document(matteOpacity: 25), at: 0)
        let inside = frame.rgba(x: 100, y: 100)
        #expect(abs(Int(inside.a) - 191) <= 3 && inside.r >= 250 && inside.g <= 2, "\(inside)")
        #expect(isColor(frame, 40, 40, [255, 0, 0]))
    }
}
