import Foundation
import ReelCore
import ReelScene
import Testing

/// Causes of differences from lottie-ios's Core Animation snapshots that no warning named: each
/// expectation is from the Lottie format or from how lottie-ios builds its layers.
@Suite("Lottie: fidelity")
struct LottieFidelityTests {
    static let red = [255, 0, 0]
    static let blue = [0, 0, 255]

    @Test func aGradientPaintsPathsWhereverTheyAreInTheirGroup() throws {
        // A square centred on its group's origin (so at negative group coordinates), the group
        // moved to (100, 100): the gradient, red at the square's left to blue at its right,
        // paints all of it.
        let shapes = """
            {"ty": "gr", "it": [
              {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
              {"ty": "gf", "t": 1, "s": {"a": 0, "k": [-50, 0]}, "e": {"a": 0, "k": [50, 0]}, "o": {"a": 0, "k": 100},
               "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}},
              {"ty": "tr", "p": {"a": 0, "k": [100, 100]}}]}
            """
        let frame = try render(lottie(shapeLayer("gradient", shapes: shapes)), at: 0)
        #expect(isColor(frame, 52, 60, gradientRed), "top left quarter: \(frame.rgba(x: 52, y: 60))")
        #expect(isColor(frame, 148, 60, gradientBlue), "top right quarter: \(frame.rgba(x: 148, y: 60))")
        #expect(isColor(frame, 52, 140, gradientRed), "bottom left quarter: \(frame.rgba(x: 52, y: 140))")
        #expect(isColor(frame, 148, 140, gradientBlue))
        #expect(frame.rgba(x: 40, y: 100).a == 0, "only inside the path")
    }

    @Test func aLayerLastingToTheEndIsShownOnTheLastFrame() throws {
        // lottie-ios clamps a layer's out key time to the animation's end, and a discrete
        // animation shows the value before its last key time there: frame `op` (30, at 3 s)
        // still shows the layers whose `op` is the animation's.
        let text = lottie(
            shapeLayer("late", shapes: "", ip: 10, op: 30) + ", " + shapeLayer("early", shapes: "", ip: 10, op: 20))
        let timeline = try loadLottie(text).scene.compile()
        #expect(timeline.presentation(at: 3, layerNamed: "late")?.state.isHidden == false)
        #expect(timeline.presentation(at: 2.9, layerNamed: "late")?.state.isHidden == false)
        #expect(timeline.presentation(at: 3, layerNamed: "early")?.state.isHidden == true)
    }

    @Test func anEllipseStartsAtTheTopAndRunsClockwise() throws {
        // Trimmed to its first eighth, a circle of radius 50 around (100, 100) is stroked from
        // 12 o'clock to half past one: through the point at 22.5°, not its mirror image.
        let shapes = """
            {"ty": "el", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [100, 100]}},
            {"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6}},
            {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 12.5}, "o": {"a": 0, "k": 0}}
            """
        let frame = try render(lottie(shapeLayer("arc", shapes: shapes)), at: 0)
        let angle = 22.5 * Double.pi / 180
        let (x, y) = (100 + 50 * sin(angle), 100 - 50 * cos(angle))
        #expect(isColor(frame, Int(x.rounded()), Int(y.rounded()), Self.red))
        #expect(frame.rgba(x: Int((200 - x).rounded()), y: Int(y.rounded())).a == 0, "not anticlockwise")
        #expect(frame.rgba(x: 150, y: 100).a == 0, "not from 3 o'clock")
    }

    @Test func aFillBesideGroupsPaintsTheirPaths() throws {
        // The layer's list draws no path of its own: its fill paints the paths of its group, as
        // lottie-ios lends it.
        let shapes = """
            {"ty": "gr", "it": [
              {"ty": "rc", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
              {"ty": "tr"}]},
            {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}
            """
        let frame = try render(lottie(shapeLayer("lent", shapes: shapes)), at: 0)
        #expect(isColor(frame, 100, 100, Self.blue), "\(frame.rgba(x: 100, y: 100))")
        #expect(frame.rgba(x: 60, y: 100).a == 0)
    }
}
