import Foundation
import ReelCore
import ReelScene
import Testing

/// Negative scales mirror a layer (Bodymovin's transform: scaled, then rotated about the anchor,
/// then placed at the position). Expected pixels follow from that rule, worked out by hand: a
/// point (x, y) of the layer goes to (sx·x, sy·y), then turns by r clockwise (y points down).
@Suite struct LottieNegativeScaleTests {
    static let red = [255, 0, 0], blue = [0, 0, 255]

    /// A layer anchored at its origin and placed at the canvas centre, with a red square 50 to
    /// the right of the anchor and a blue one 50 below it.
    static func marked(scale: String, rotation: String = "{\"a\": 0, \"k\": 0}") -> String {
        let ks = """
            {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [100, 100]}, "s": \(scale), "r": \(rotation)}
            """
        let shapes = [
            square(x: 50, y: 0, side: 20, rgb: [1, 0, 0]), square(x: 0, y: 50, side: 20, rgb: [0, 0, 1])
        ].joined(separator: ",")
        return lottie(shapeLayer("marked", shapes: shapes, ks: ks))
    }

    /// Where the red and blue squares' centres land, at scene time `t`.
    static func expectMarks(
        _ text: String, at t: Double = 0, red: (Int, Int), blue: (Int, Int),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = try render(text, at: t)
        #expect(isColor(frame, red.0, red.1, Self.red), "red at \(red)", sourceLocation: sourceLocation)
        #expect(isColor(frame, blue.0, blue.1, Self.blue), "blue at \(blue)", sourceLocation: sourceLocation)
    }

    @Test func bothAxesNegativeIsAHalfTurn() throws {
        // (50, 0) → (−50, 0); (0, 50) → (0, −50).
        try Self.expectMarks(
            Self.marked(scale: #"{"a": 0, "k": [-100, -100]}"#), red: (50, 100), blue: (100, 50))
    }

    @Test func negativeXMirrorsHorizontallyBeforeTheRotation() throws {
        // Scale (−1, 1), then 90° clockwise: (50, 0) → (−50, 0) → (0, −50); (0, 50) → (−50, 0).
        try Self.expectMarks(
            Self.marked(scale: #"{"a": 0, "k": [-100, 100]}"#, rotation: #"{"a": 0, "k": 90}"#),
            red: (100, 50), blue: (50, 100))
    }

    @Test func bothAxesNegativeWithARotation() throws {
        // Scale (−1, −1), then 90° clockwise: (50, 0) → (−50, 0) → (0, −50); (0, 50) → (0, −50) → (50, 0).
        try Self.expectMarks(
            Self.marked(scale: #"{"a": 0, "k": [-100, -100]}"#, rotation: #"{"a": 0, "k": 90}"#),
            red: (100, 50), blue: (150, 100))
    }
}
