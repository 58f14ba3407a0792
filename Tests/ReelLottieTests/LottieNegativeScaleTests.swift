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

    /// Linear keyframes (JSON text) of `values` at `frames`.
    static func keyframes(_ values: [String], at frames: [Double]) -> String {
        let keys = zip(values, frames).map { value, frame in
            #"{"t": \#(frame), "s": \#(value), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}"#
        }
        return #"{"a": 1, "k": [\#(keys.joined(separator: ", "))]}"#
    }

    @Test func anAnimatedNegativeXScaleMirrorsBeforeAnAnimatedRotation() throws {
        // Frame 0: scale (−1, 1), then 90° clockwise, as the fixed case above. Frame 30 (3 s):
        // scale (−0.5, 0.5), no rotation: (50, 0) → (−25, 0); (0, 50) → (0, 25).
        let text = Self.marked(
            scale: Self.keyframes(["[-100, 100]", "[-50, 50]"], at: [0, 30]),
            rotation: Self.keyframes(["[90]", "[0]"], at: [0, 30]))
        try Self.expectMarks(text, at: 0, red: (100, 50), blue: (50, 100))
        try Self.expectMarks(text, at: 3, red: (75, 100), blue: (100, 125))
    }

    @Test func componentsOnTheirOwnKeyframesMoveEachOnTheirOwn() throws {
        // Scale from (−1, 1) at frame 0 to (−0.5, 0.5) at frame 10, the position from x = 60 at
        // frame 0 to 140 at frame 20. Frame 5 (0.5 s): scale (−0.75, 0.75), position (80, 100):
        // (50, 0) → (−37.5, 0) → (42.5, 100); (0, 50) → (0, 37.5) → (80, 137.5).
        let ks = """
            {"a": {"a": 0, "k": [0, 0]}, "p": \(Self.keyframes(["[60, 100]", "[140, 100]"], at: [0, 20])),
             "s": \(Self.keyframes(["[-100, 100]", "[-50, 50]"], at: [0, 10])), "r": {"a": 0, "k": 0}}
            """
        let shapes = [
            square(x: 50, y: 0, side: 20, rgb: [1, 0, 0]), square(x: 0, y: 50, side: 20, rgb: [0, 0, 1])
        ].joined(separator: ",")
        try Self.expectMarks(
            lottie(shapeLayer("marked", shapes: shapes, ks: ks)), at: 0.5, red: (42, 100), blue: (80, 137))
    }

    @Test func aLoneHoldOfAMirroredLayerShowsItUntransformed() throws {
        // lottie-ios plays the hold from frame 10 to 20 as a keyframe animation of one value,
        // which Core Animation does not apply: the layer shows its own transform, the identity,
        // so the marks sit at their own coordinates. Before and after it the layer is mirrored.
        let position = """
            {"a": 1, "k": [
              {"t": 0, "s": [60, 100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
              {"t": 10, "s": [100, 100], "h": 1},
              {"t": 20, "s": [100, 100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
              {"t": 30, "s": [140, 100]}]}
            """
        let ks = """
            {"a": {"a": 0, "k": [0, 0]}, "p": \(position), "s": {"a": 0, "k": [-100, 100]}, "r": {"a": 0, "k": 0}}
            """
        let shapes = [
            square(x: 50, y: 0, side: 20, rgb: [1, 0, 0]), square(x: 0, y: 50, side: 20, rgb: [0, 0, 1])
        ].joined(separator: ",")
        let text = lottie(shapeLayer("marked", shapes: shapes, ks: ks))
        // Frame 5: at (80, 100), mirrored: (50, 0) → (30, 100); (0, 50) → (80, 150).
        try Self.expectMarks(text, at: 0.5, red: (30, 100), blue: (80, 150))
        try Self.expectMarks(text, at: 1.5, red: (50, 5), blue: (5, 50))
        // Frame 25: at (120, 100), mirrored again.
        try Self.expectMarks(text, at: 2.5, red: (70, 100), blue: (120, 150))
    }
}
