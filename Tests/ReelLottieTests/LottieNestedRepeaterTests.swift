import Foundation
import ReelCore
import ReelScene
import Testing

/// A repeater inside a group repeats the items listed before it in that group, in the group's
/// own space (Lottie's rule: a repeater copies what is above it in its list), so the group's
/// transform moves every copy; what comes after it is drawn once. Expected positions are
/// worked out by hand from the transforms.
@Suite struct LottieNestedRepeaterTests {
    static let red = [255, 0, 0], blue = [0, 0, 255]

    /// A group moved by (0, 100) holding a 20-point red square centred on (20, 20), a repeater
    /// of three copies, each 50 points right of the one before, then a blue square centred on
    /// (20, 60).
    static let shapes = """
        {"ty": "gr", "nm": "rays", "it": [
          {"ty": "rc", "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
          {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
          {"ty": "rp", "nm": "copies", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
           "tr": {"ty": "tr", "p": {"a": 0, "k": [50, 0]}, "a": {"a": 0, "k": [0, 0]},
                  "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
                  "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}},
          \(square(x: 20, y: 60, side: 20, rgb: [0, 0, 1])),
          {"ty": "tr", "p": {"a": 0, "k": [0, 100]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
           "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
        """

    @Test func aRepeaterInAGroupCopiesTheGroupsItemsInsideItsTransform() throws {
        let frame = try render(lottie(shapeLayer("group", shapes: Self.shapes)), at: 0)
        for x in [20, 70, 120] { #expect(isColor(frame, x, 120, Self.red), "a copy at x \(x), y 120") }
        #expect(frame.rgba(x: 170, y: 120).a == 0, "no fourth copy")
        #expect(frame.rgba(x: 45, y: 120).a == 0, "nothing between copies")
        #expect(frame.rgba(x: 20, y: 20).a == 0, "the group's transform moves the copies")
        #expect(isColor(frame, 20, 160, Self.blue), "the item after the repeater, once")
        #expect(frame.rgba(x: 70, y: 160).a == 0, "not copied")
    }

    @Test func aRepeaterInAGroupIsNotAWarning() throws {
        let loaded = try loadLottie(lottie(shapeLayer("group", shapes: Self.shapes)))
        let messages = loaded.warnings.map(\.message)
        #expect(!messages.contains { $0.contains("repeater") }, "\(messages)")
    }

    @Test func aFillAfterTheRepeaterPaintsTheCopies() throws {
        // Path, repeater, then the fill: the fill is below the repeater in the list, so it paints
        // both copies of the square (at x 20 and 70).
        let shapes = """
            {"ty": "gr", "it": [
              {"ty": "rc", "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
              {"ty": "rp", "c": {"a": 0, "k": 2}, "o": {"a": 0, "k": 0}, "m": 1,
               "tr": {"ty": "tr", "p": {"a": 0, "k": [50, 0]}, "a": {"a": 0, "k": [0, 0]},
                      "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}}},
              {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
               "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
            """
        let frame = try render(lottie(shapeLayer("painted", shapes: shapes)), at: 0)
        for x in [20, 70] { #expect(isColor(frame, x, 20, Self.red), "a painted copy at x \(x)") }
        #expect(frame.rgba(x: 120, y: 20).a == 0, "two copies only")
    }
}
