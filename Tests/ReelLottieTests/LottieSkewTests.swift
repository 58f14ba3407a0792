import Foundation
import ReelCore
import ReelScene
import Testing

/// Skew (`sk`, `sa`) in a transform: the Lottie format shears x by `−tan(sk) × y` about the
/// anchor (axis `sa` 0), after the scale and before the rotation and the position.
@Suite struct LottieSkewTests {
    /// A group holding an 80 × 80 red square centred on its anchor, placed at (100, 100) with
    /// skew `sk` (a property's JSON).
    func skewedSquare(_ sk: String, sa: Double = 0, r: Double = 0) -> String {
        lottie(
            shapeLayer(
                "skewed",
                shapes: """
                    {"ty": "gr", "it": [
                      {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [80, 80]}, "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
                      {"ty": "tr", "p": {"a": 0, "k": [100, 100]}, "a": {"a": 0, "k": [0, 0]},
                       "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": \(r)}, "o": {"a": 0, "k": 100},
                       "sk": \(sk), "sa": {"a": 0, "k": \(sa)}}]}
                    """))
    }

    /// Skew 30°: a row at local y is moved by −tan 30° × y, so the row 35 above the centre spans
    /// x 80.2…160.2 and the row 35 below spans 39.8…119.8 (unskewed, both span 60…140).
    func expectSkewed30(_ frame: PixelBuffer, _ comment: Comment) {
        #expect(frame.rgba(x: 155, y: 65).a == 255, "top right, moved right: \(comment)")
        #expect(frame.rgba(x: 65, y: 65).a == 0, "top left, no longer covered: \(comment)")
        #expect(frame.rgba(x: 45, y: 135).a == 255, "bottom left, moved left: \(comment)")
        #expect(frame.rgba(x: 135, y: 135).a == 0, "bottom right, no longer covered: \(comment)")
    }

    @Test func aStaticSkewShearsTheSquareWithoutWarning() throws {
        let text = skewedSquare(#"{"a": 0, "k": 30}"#)
        #expect(try loadLottie(text).warnings.isEmpty, "skew is mapped, not reported")
        expectSkewed30(try render(text, at: 0), "sk 30")
    }

    @Test func anAnimatedSkewIsPlayedAsTransformKeyframes() throws {
        let text = skewedSquare(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [30]}]}"#)
        let start = try render(text, at: 0)
        for (x, y) in [(65, 65), (135, 135)] {
            #expect(start.rgba(x: x, y: y).a == 255, "unskewed at frame 0: (\(x), \(y)) is inside")
        }
        expectSkewed30(try render(text, at: 1), "sk 30 at frame 10")
    }

    /// Axis 90° shears along y instead (the shear turned by the axis, as lottie-web's
    /// `skewFromAxis`): a column at local x moves by tan 30° × x, so the column 35 right of the
    /// centre spans y 80.2…160.2.
    @Test func theSkewAxisTurnsTheShear() throws {
        let frame = try render(skewedSquare(#"{"a": 0, "k": 30}"#, sa: 90), at: 0)
        #expect(frame.rgba(x: 135, y: 155).a == 255, "right column moved down")
        #expect(frame.rgba(x: 135, y: 65).a == 0, "right column's top uncovered")
    }

    /// The shear comes before the rotation: sheared by 30° then turned 90° clockwise, (x, y) goes
    /// to (−y, x − tan 30° × y), so the column 35 right of the centre spans y 80.2…160.2 (turned
    /// first, then sheared, it would span 60…140).
    @Test func theShearIsAppliedBeforeTheRotation() throws {
        let frame = try render(skewedSquare(#"{"a": 0, "k": 30}"#, r: 90), at: 0)
        #expect(frame.rgba(x: 135, y: 155).a == 255, "right column moved down")
        #expect(frame.rgba(x: 135, y: 65).a == 0, "right column's top uncovered")
    }
}
