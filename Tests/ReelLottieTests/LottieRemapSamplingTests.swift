import Foundation
import ReelCore
import ReelScene
import Testing

/// A remapped precomp's values are sampled as lottie-ios's Core Animation engine samples them: at
/// each whole frame from the animation's `ip` up to, not at, its `op`, linearly between, the last
/// sample holding to the end (Core Animation's fill keeps a keyframe animation's last value).
extension LottiePrecompTimeTests {
    /// At 10 fps, 40 frames: a precomp whose red square's centre moves linearly from x = 0 at its
    /// frame 0 to x = 100 at its frame 10 (y = 50), in to its frame 40, remapped by `tm`.
    func remapped(tm: String) -> String {
        let ks = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 50]}, {"t": 10, "s": [100, 50]}]}}"#
        let inner = shapeLayer("mover", shapes: square(x: 0, y: 0, side: 20, rgb: [1, 0, 0]), ks: ks, op: 40)
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        let layer =
            #"{"ty": 0, "nm": "pre", "refId": "comp", "w": 200, "h": 100, "ip": 0, "op": 40, "ks": {}, "tm": \#(tm)}"#
        return lottie(layer, op: 40, assets: assets)
    }

    @Test func aRemappingsLastFrameShowsTheSampleOfTheFrameBefore() throws {
        // tm holds 0.2 s (the precomp's frame 2, x = 20) to frame 39, then jumps to 1 s (its
        // frame 10, x = 100) at frame 40, the animation's op: the last sample is frame 39's.
        let tm = #"{"a": 1, "k": [{"t": 0, "s": [0.2]}, {"t": 39, "s": [0.2]}, {"t": 40, "s": [1]}]}"#
        let text = remapped(tm: tm)
        for t in [3.9, 3.95, 4.0] {
            let x = try #require(try squareCentre(text, at: t))
            #expect(abs(x - 20) <= 1, "at \(t) s: \(x)")
        }
    }
}
