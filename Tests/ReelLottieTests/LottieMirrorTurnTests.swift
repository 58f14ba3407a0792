import Foundation
import ReelCore
import ReelScene
import Testing

/// A negative x scale still mirrors while an animated rotation turns the layer (issue_2270's
/// bow: a mirrored ribbon that swings). Expected pixels follow Bodymovin's transform rule, by
/// hand: (x, y) → (sx·x, sy·y), then turned r clockwise about the anchor, then placed.
@Suite struct LottieMirrorTurnTests {
    /// A rotation of 0 at frame 0 easing linearly to 90 at frame 10 (1 s at 10 fps).
    static let turning = """
        {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [90]}]}
        """

    @Test func aMirroredLayerStaysMirroredWhileItsRotationAnimates() throws {
        let text = LottieNegativeScaleTests.marked(scale: #"{"a": 0, "k": [-100, 100]}"#, rotation: Self.turning)
        // Unturned: (50, 0) → (−50, 0); (0, 50) stays below.
        try LottieNegativeScaleTests.expectMarks(text, at: 0, red: (50, 100), blue: (100, 150))
        // Turned 90°: (−50, 0) → (0, −50); (0, 50) → (−50, 0).
        try LottieNegativeScaleTests.expectMarks(text, at: 1, red: (100, 50), blue: (50, 100))
    }

    @Test func aMirroredGroupStaysMirroredWhileItsRotationAnimates() throws {
        // The same marks in a group whose own transform mirrors and turns, in a plain layer.
        let marks = [
            square(x: 50, y: 0, side: 20, rgb: [1, 0, 0]), square(x: 0, y: 50, side: 20, rgb: [0, 0, 1])
        ].joined(separator: ",")
        let group = """
            {"ty": "gr", "it": [\(marks),
              {"ty": "tr", "p": {"a": 0, "k": [100, 100]}, "a": {"a": 0, "k": [0, 0]},
               "s": {"a": 0, "k": [-100, 100]}, "r": \(Self.turning), "o": {"a": 0, "k": 100}}]}
            """
        let text = lottie(shapeLayer("group", shapes: group))
        try LottieNegativeScaleTests.expectMarks(text, at: 0, red: (50, 100), blue: (100, 150))
        try LottieNegativeScaleTests.expectMarks(text, at: 1, red: (100, 50), blue: (50, 100))
    }
}
