import Foundation
import ReelCore
import ReelScene
import Testing

/// A value made of several properties (a rectangle of a position and a size) follows each
/// property's own keyframes, easing and holds, as the Lottie format animates each property on
/// its own; Core Animation gets the shared keyframes, or a sample at every frame.
@Suite struct LottieCombinedKeyframesTests {
    /// A red rectangle whose position and size (JSON properties) animate.
    static func rectangle(position: String, size: String) -> String {
        let shapes = """
            {"ty": "gr", "it": [
              {"ty": "rc", "p": \(position), "s": \(size), "r": {"a": 0, "k": 0}},
              {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
               "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
            """
        return lottie(shapeLayer("rectangle", shapes: shapes))
    }

    @Test func aHeldSizeStaysHeldWhileThePositionMoves() throws {
        // The size holds at 20 × 20 from frame 0 to 10; the position moves linearly from x = 60 at
        // frame 0 to 140 at frame 20. Frame 5 (0.5 s): x = 80, still 20 wide: 70…90.
        let text = Self.rectangle(
            position: """
                {"a": 1, "k": [{"t": 0, "s": [60, 100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                               {"t": 20, "s": [140, 100]}]}
                """,
            size: #"{"a": 1, "k": [{"t": 0, "s": [20, 20], "h": 1}, {"t": 10, "s": [100, 20]}]}"#)
        let frame = try render(text, at: 0.5)
        #expect(isColor(frame, 80, 100, [255, 0, 0]))
        #expect(isColor(frame, 88, 100, [255, 0, 0]))
        #expect(frame.rgba(x: 95, y: 100).a == 0, "held at 20 wide, not half way to 100")
        #expect(frame.rgba(x: 65, y: 100).a == 0, "held at 20 wide, not half way to 100")
    }
}
