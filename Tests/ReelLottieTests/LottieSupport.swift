import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// A Lottie document of `w × h` at `fr` frames per second from frame `ip` to `op`, with the
/// given layers (JSON text). The file name says nothing of Lottie: it is recognised by content.
func lottie(
    _ layers: String, w: Int = 200, h: Int = 200, fr: Double = 10, ip: Double = 0, op: Double = 30,
    assets: String = "[]"
)
    -> String
{
    """
    {"v": "5.7.4", "fr": \(fr), "ip": \(ip), "op": \(op), "w": \(w), "h": \(h), "nm": "test", "assets": \(assets),
     "layers": [\(layers)]}
    """
}

/// A shape layer (`ty: 4`) with a transform and shape items (JSON text).
func shapeLayer(
    _ name: String, shapes: String, ks: String = "{}", ip: Double = 0, op: Double = 30, st: Double = 0,
    extra: String = ""
) -> String {
    """
    {"ty": 4, "nm": "\(name)", "ip": \(ip), "op": \(op), "st": \(st), "ks": \(ks), "shapes": [\(shapes)]\(extra)}
    """
}

/// A square of `side` centred on (x, y), filled with an opaque RGB colour (0…1).
func square(x: Double, y: Double, side: Double, rgb: [Double]) -> String {
    """
    {"ty": "gr", "it": [
      {"ty": "rc", "p": {"a": 0, "k": [\(x), \(y)]}, "s": {"a": 0, "k": [\(side), \(side)]}, "r": {"a": 0, "k": 0}},
      {"ty": "fl", "c": {"a": 0, "k": [\(rgb[0]), \(rgb[1]), \(rgb[2]), 1]}, "o": {"a": 0, "k": 100}},
      {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
       "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
    """
}

/// Decodes Lottie text through the one scene loader, failing the test with its diagnostics.
func loadLottie(
    _ text: String, images: SceneImageLoader? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> LoadedScene {
    do {
        return try SceneLoader.decode(text: text, file: "anim.json", images: images)
    } catch let error as SceneLoadError {
        Issue.record("the Lottie did not decode:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The frame at scene time `t`.
func render(_ text: String, at t: Double, images: SceneImageLoader? = nil) throws -> PixelBuffer {
    try render(loadLottie(text, images: images), at: t)
}

/// The frame of a loaded scene at scene time `t`.
func render(_ loaded: LoadedScene, at t: Double) throws -> PixelBuffer {
    let timeline = try loaded.scene.compile()
    let renderer = FrameRenderer(canvas: timeline.canvas, caching: false)
    let buffer = renderer.makeBuffer()
    renderer.render(timeline, at: t, into: buffer)
    return buffer
}

/// Pure sRGB red and blue as gradient stops show in Apple's Core Animation: clipped to Generic
/// RGB's gamut, which lifts their weakest channels (LottieGradientColorTests).
let gradientRed = [255, 39, 0], gradientBlue = [10, 49, 255]

/// Whether the pixel at (x, y) is opaque and close to `rgb` (0…255).
func isColor(_ buffer: PixelBuffer, _ x: Int, _ y: Int, _ rgb: [Int]) -> Bool {
    let c = buffer.rgba(x: x, y: y)
    return c.a > 200 && abs(Int(c.r) - rgb[0]) < 40 && abs(Int(c.g) - rgb[1]) < 40 && abs(Int(c.b) - rgb[2]) < 40
}

/// The y of a CSS-style cubic Bézier easing (0,0)-(c1)-(c2)-(1,1) at x, by bisection on the
/// curve's parameter: an independent evaluation of the curve the keyframe's `o`/`i` describe.
func bezierEasing(_ c1: (Double, Double), _ c2: (Double, Double), at x: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if coordinate(c1.0, c2.0, mid) < x { low = mid } else { high = mid }
    }
    return coordinate(c1.1, c2.1, (low + high) / 2)
}
