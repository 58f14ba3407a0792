import Foundation
import ReelCore
import ReelScene
import Testing

/// A precomp's own time: stretch (`sr`) and time remapping (`tm`). Expected positions follow
/// from the Lottie format: a precomp's frame is `(frame − st) / sr` of its composition's, or
/// `tm × fr` when remapped, `tm` being seconds of the precomp at that frame.
@Suite struct LottiePrecompTimeTests {
    /// At 10 fps: a precomp holding a 20-point red square whose centre moves linearly from
    /// x = 0 at its frame 0 to x = 100 at its frame 10, visible from its frame 0 to 10 (y = 50).
    func document(precomp fields: String, op: Double = 40) -> String {
        let ks = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 50]}, {"t": 10, "s": [100, 50]}]}}"#
        let inner = shapeLayer("mover", shapes: square(x: 0, y: 0, side: 20, rgb: [1, 0, 0]), ks: ks, op: 10)
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        let layer =
            #"{"ty": 0, "nm": "pre", "refId": "comp", "w": 200, "h": 100, "ip": 0, "op": 40, "ks": {}\#(fields)}"#
        return lottie(layer, op: op, assets: assets)
    }

    /// Where the square is at scene time `t`: the x of the red pixels' middle along y = 50, nil when none.
    func squareCentre(_ text: String, at t: Double) throws -> Double? {
        let frame = try render(text, at: t)
        let red = (0..<200).filter { isColor(frame, $0, 50, [255, 0, 0]) }
        guard let first = red.first, let last = red.last else { return nil }
        return Double(first + last + 1) / 2
    }

    @Test func aStretchedPrecompPlaysSlowerAndStaysInLonger() throws {
        // sr 2: at frame 10 of the composition the precomp is at its frame 5 (x = 50); its layer,
        // out at the precomp's frame 10, is in up to the composition's frame 20.
        let text = document(precomp: #", "st": 0, "sr": 2"#)
        let middle = try #require(try squareCentre(text, at: 1.0))
        #expect(abs(middle - 50) <= 1, "\(middle)")
        let later = try #require(try squareCentre(text, at: 1.5))
        #expect(abs(later - 75) <= 1, "\(later)")
        #expect(try squareCentre(text, at: 2.5) == nil, "out after the precomp's frame 10 (composition's 20)")
    }

    @Test func aStretchAppliesAfterTheStartTime() throws {
        // st 4, sr 0.5: the composition's frame 7 is the precomp's (7 − 4) / 0.5 = 6 (x = 60).
        let text = document(precomp: #", "st": 4, "sr": 0.5"#)
        let x = try #require(try squareCentre(text, at: 0.7))
        #expect(abs(x - 60) <= 1, "\(x)")
    }

    @Test func aFasterPrecompsLayerLeavesAtItsOutPointInThePrecompsTime() throws {
        // sr 0.5: a layer out at the precomp's frame 50 (after the scene's end, frame 40) is out
        // at the composition's frame 25.
        let inner = shapeLayer("still", shapes: square(x: 50, y: 50, side: 20, rgb: [1, 0, 0]), op: 50)
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        let layer = #"{"ty": 0, "refId": "comp", "w": 200, "h": 100, "ip": 0, "op": 40, "sr": 0.5, "ks": {}}"#
        let text = lottie(layer, op: 40, assets: assets)
        #expect(try squareCentre(text, at: 2.4) != nil)
        #expect(try squareCentre(text, at: 2.6) == nil)
    }

    @Test func aRemappedPrecompShowsTheSecondItsRemappingNames() throws {
        // tm runs linearly from 1 s at frame 0 to 0 s at frame 20: backwards at half speed.
        let tm = #", "tm": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 20, "s": [0]}]}"#
        let text = document(precomp: tm)
        // Frame 5: 0.75 s, the precomp's frame 7.5.
        let early = try #require(try squareCentre(text, at: 0.5))
        #expect(abs(early - 75) <= 1, "\(early)")
        // Frame 12: 0.4 s, its frame 4.
        let late = try #require(try squareCentre(text, at: 1.2))
        #expect(abs(late - 40) <= 1, "\(late)")
        // Frame 0: 1 s, the precomp's frame 10, where its layer is already out.
        #expect(try squareCentre(text, at: 0) == nil)
    }

    @Test func aConstantRemappingFreezesThePrecomp() throws {
        let text = document(precomp: #", "tm": {"a": 0, "k": 0.3}"#)
        for t in [0.0, 1.0, 3.5] {
            let x = try #require(try squareCentre(text, at: t))
            #expect(abs(x - 30) <= 1, "at \(t) s: \(x)")
        }
    }

    @Test func aStretchOrRemappingIsNoLongerAWarning() throws {
        let loaded = try loadLottie(document(precomp: #", "sr": 2, "tm": {"a": 0, "k": 0.3}"#))
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
    }
}
