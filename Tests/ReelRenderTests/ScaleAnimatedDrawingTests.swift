import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// A layer whose scale an animation changes has a new device size every frame: a raster of it
/// would be made, copied and composited once and never reused. It is drawn directly, and the
/// frame stays the one the raster would have given.
@Suite("Scale-animated layers")
struct ScaleAnimatedDrawingTests {
    static let scene = """
        reel: 1
        canvas: { size: [160, 120], fps: 30, duration: 1, background: "#101020" }
        layers:
          - { name: halo, class: gradient, type: radial, frame: [20, 10, 120, 100], colors: ["#FFB86B", "#FF6B6B00"],
              startPoint: [0.5, 0.5], endPoint: [1, 1] }
        timeline:
          - at: 0
            add: { layer: halo, key: s, animation: { keyPath: transform.scale, fromValue: 0.8, toValue: 1.2, duration: 1 } }
        """

    @Test func aLayerWhoseScaleAnimatesMakesNoRasterAndDrawsTheSameFrame() throws {
        let t = try SceneLoader.decode(text: Self.scene, file: "s.yaml").scene.compile()
        let cached = FrameRenderer(canvas: t.canvas), direct = FrameRenderer(canvas: t.canvas, caching: false)
        for time in [0.1, 0.4, 0.7] {
            let a = cached.makeBuffer(), b = direct.makeBuffer()
            cached.render(t, at: time, into: a)
            direct.render(t, at: time, into: b)
            var worst = 0
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p = a.premultipliedRGBA(x: x, y: y), q = b.premultipliedRGBA(x: x, y: y)
                    worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                }
            }
            #expect(worst <= 2, "t = \(time): worst \(worst)")
        }
        #expect(cached.cache!.statistics.misses == 0, "\(cached.cache!.statistics)")
    }
}
