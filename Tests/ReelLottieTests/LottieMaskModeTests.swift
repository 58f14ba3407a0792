import Foundation
import ReelCore
import ReelScene
import Testing

/// Mask modes and inversion, as lottie-ios's Core Animation engine combines them: additive masks
/// add up; each subtracted or intersecting mask after them cuts what they leave; an inverted
/// mask covers its path's outside. Each case masks a red square covering the 200 × 200 canvas.
@Suite struct LottieMaskModeTests {
    static let red = [255, 0, 0]

    /// A mask of mode `mode` over the rectangle (x0, y0)–(x1, y1).
    func mask(_ mode: String, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, inverted: Bool = false) -> String {
        """
        {"mode": "\(mode)", "inv": \(inverted), "o": {"a": 0, "k": 100},
         "pt": {"a": 0, "k": {"c": true, "v": [[\(x0), \(y0)], [\(x1), \(y0)], [\(x1), \(y1)], [\(x0), \(y1)]],
          "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}
        """
    }

    /// Which of the four 100-point quadrants (top left, top right, bottom left, bottom right)
    /// show red with these masks.
    func quadrants(_ masks: [String]) throws -> [Bool] {
        let extra = #", "masksProperties": ["# + masks.joined(separator: ",") + "]"
        let frame = try render(
            lottie(shapeLayer("masked", shapes: square(x: 100, y: 100, side: 200, rgb: [1, 0, 0]), extra: extra)),
            at: 0)
        for (x, y) in [(50, 50), (150, 50), (50, 150), (150, 150)] {
            let c = frame.rgba(x: x, y: y)
            #expect(c.a == 0 || isColor(frame, x, y, Self.red), "neither red nor clear at \(x), \(y): \(c)")
        }
        return [(50, 50), (150, 50), (50, 150), (150, 150)].map { isColor(frame, $0.0, $0.1, Self.red) }
    }

    @Test func aSubtractedMaskTakesAwayWhatItCovers() throws {
        #expect(try quadrants([mask("s", 0, 0, 100, 100)]) == [false, true, true, true])
    }

    @Test func anInvertedAdditiveMaskShowsOnlyItsOutside() throws {
        #expect(try quadrants([mask("a", 0, 0, 100, 100, inverted: true)]) == [false, true, true, true])
    }

    @Test func aSubtractionAfterAnAdditionCutsIt() throws {
        // The top half, less the top-left quadrant.
        #expect(try quadrants([mask("a", 0, 0, 200, 100), mask("s", 0, 0, 100, 100)]) == [false, true, false, false])
    }

    @Test func anIntersectionKeepsOnlyWhatBothCover() throws {
        // The left half and the top half: the top-left quadrant.
        #expect(try quadrants([mask("a", 0, 0, 100, 200), mask("i", 0, 0, 200, 100)]) == [true, false, false, false])
    }

    @Test func additiveMasksAddUp() throws {
        #expect(try quadrants([mask("a", 0, 0, 100, 100), mask("a", 100, 100, 200, 200)]) == [true, false, false, true])
    }

    @Test func aMaskOfModeNoneIsLeftOut() throws {
        #expect(try quadrants([mask("n", 0, 0, 100, 100), mask("a", 100, 0, 200, 100)]) == [false, true, false, false])
    }
}

extension LottieMaskModeTests {
    @Test func maskOpacityIsAWarningAndTheMaskDrawnOpaque() throws {
        let halfOpaque = mask("a", 0, 0, 100, 100).replacingOccurrences(
            of: #""o": {"a": 0, "k": 100}"#, with: #""o": {"a": 0, "k": 50}"#)
        let extra = #", "masksProperties": ["# + halfOpaque + "]"
        let text = lottie(shapeLayer("masked", shapes: square(x: 100, y: 100, side: 200, rgb: [1, 0, 0]), extra: extra))
        let warnings = try loadLottie(text).warnings.map(\.message)
        #expect(warnings == ["layers[0].masksProperties[0]: mask opacity is not supported; the mask is drawn opaque"])
        #expect(try quadrants([halfOpaque]) == [true, false, false, false])
        #expect(try render(text, at: 0).rgba(x: 50, y: 50).a == 255)
    }
}
