import Foundation
import ReelCore
import ReelRender
import Testing

/// Content an animation is changing (a gradient's colours, a path) is new in almost every frame:
/// it is drawn directly, not rasterised into the cache; content that stands still is cached.
@Suite("Animated content")
struct AnimatedContentTests {
    /// A 100-point red-to-blue gradient; `animated`: its colours turn to green-to-yellow over 1 s.
    /// Rendered at 0.5 s: the pixels rasterised and the frame's centre pixel.
    static func render(animated: Bool) throws -> (made: Int, centre: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 1, background: nil))
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0), CGColor(red: 0, green: 0, blue: 1)]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        if animated {
            let colors = CABasicAnimation(keyPath: "colors")
            colors.fromValue = layer.colors
            colors.toValue = [CGColor(red: 0, green: 1, blue: 0), CGColor(red: 1, green: 1, blue: 0)]
            colors.duration = 1
            layer.add(colors, forKey: "colors")
        }
        scene.rootLayer.addSublayer(layer)
        let t = try scene.compile()
        let renderer = FrameRenderer(canvas: t.canvas)
        let buffer = renderer.makeBuffer()
        renderer.render(t, at: 0.5, into: buffer)
        return (renderer.cache?.madePixels ?? -1, buffer.rgba(x: 50, y: 50))
    }

    @Test func animatedContentIsDrawnDirectly() throws {
        let animated = try Self.render(animated: true)
        #expect(animated.made == 0, "\(animated.made) pixels rasterised")
        // Halfway: the colours are (0.5, 0.5, 0) and (0.5, 0.5, 0.5), and their midpoint is
        // (0.5, 0.5, 0.25): 128, 128, 64 within rounding.
        let c = animated.centre
        #expect(abs(Int(c.r) - 128) <= 2 && abs(Int(c.g) - 128) <= 2 && abs(Int(c.b) - 64) <= 2, "\(c)")
        let still = try Self.render(animated: false)
        #expect(still.made >= 10_000, "a still gradient is rasterised (\(still.made) pixels)")
    }
}
