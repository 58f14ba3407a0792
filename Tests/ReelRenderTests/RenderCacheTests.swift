import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// The raster cache must change speed, never pixels: the same frame comes out the same whether
/// its rasters were made now, reused, or made on another thread.
@Suite("Render cache")
struct RenderCacheTests {
    static let scene = """
        reel: 1
        canvas: { size: [320, 180], duration: 2, background: "#202830" }
        layers:
          - { name: card, frame: [20, 20, 120, 80], cornerRadius: 12, backgroundColor: "#F2AA4C", borderWidth: 2, borderColor: white,
              shadowOpacity: 0.6, shadowRadius: 6, shadowOffset: [0, 6] }
          - { name: curve, class: shape, frame: [0, 0, 320, 180], path: "M20 150 C100 60 220 200 300 120", fillColor: null,
              strokeColor: "#6DAC4F", lineWidth: 5, lineCap: round }
          - { name: sky, class: gradient, frame: [180, 20, 120, 80], colors: ["#2A9D8F", "#E9C46A"], type: conic, startPoint: [0.5, 0.5] }
          - { name: mover, frame: [0, 120, 30, 30], cornerRadius: 15, backgroundColor: "#E94B3C", shadowOpacity: 0.5 }
        timeline:
          - at: 0
            add:
              - { layer: mover, key: x, animation: { keyPath: position.x, fromValue: 15, toValue: 305, duration: 2 } }
              - { layer: curve, key: draw, animation: { keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 2 } }
        """

    func timeline() throws -> Timeline { try SceneLoader.decode(text: Self.scene, file: "c.yaml").scene.compile() }

    @Test func cachedFramesMatchDirectDrawingAndStaticLayersAreReused() throws {
        let t = try timeline()
        let cached = FrameRenderer(canvas: t.canvas), direct = FrameRenderer(canvas: t.canvas, caching: false)
        for time in [0.0, 0.5, 1.0, 1.5] {
            let a = cached.makeBuffer(), b = direct.makeBuffer()
            cached.render(t, at: time, into: a)
            direct.render(t, at: time, into: b)
            var worst = 0, differing = 0
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p = a.premultipliedRGBA(x: x, y: y), q = b.premultipliedRGBA(x: x, y: y)
                    let d = max(
                        abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                        abs(Int(p.a) - Int(q.a)))
                    worst = max(worst, d)
                    if d > 2 { differing += 1 }
                }
            }
            #expect(
                differing <= a.width * a.height / 500,
                "t = \(time): \(differing) pixels differ by more than 2 (worst \(worst))")
        }
        // Four frames: the static card (content and shadow) and the gradient were made twice
        // (a raster is kept when it is asked for a second time), then reused.
        let stats = cached.cache!.statistics
        #expect(stats.hits >= 6, "\(stats)")
    }

    @Test func contentThatChangesEveryFrameIsNotKept() throws {
        // A spinning image and a stroke being drawn on: a new raster every frame. Keeping them
        // would fill the cache for nothing and push out the rasters that are reused.
        let scene = Scene(canvas: Canvas(size: CGSize(width: 200, height: 200), duration: 4))
        let image = CALayer()
        image.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        image.contents = checkerboard(size: 256)
        scene.rootLayer.addSublayer(image)
        let label = CAGradientLayer()
        label.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        label.colors = [.white, .black]
        scene.rootLayer.addSublayer(label)
        let stroke = CAShapeLayer()
        stroke.frame = CGRect(x: 0, y: 150, width: 200, height: 40)
        stroke.path = CGPath(rect: CGRect(x: 10, y: 10, width: 180, height: 20), transform: nil)
        stroke.fillColor = nil
        stroke.strokeColor = .white
        stroke.lineWidth = 4
        scene.rootLayer.addSublayer(stroke)
        scene.at(0) {
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0
            draw.toValue = 1
            draw.duration = 4
            stroke.add(draw, forKey: "draw")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = 2 * Double.pi
            spin.duration = 2
            spin.repeatCount = .infinity
            image.add(spin, forKey: "spin")
        }
        let t = try scene.compile()
        let renderer = FrameRenderer(canvas: t.canvas)
        let buffer = renderer.makeBuffer()
        // Two turns: the angles of the second repeat those of the first, but too late to be
        // worth keeping (memory must not grow with the length of a render).
        for frame in 0..<80 { renderer.render(t, at: Double(frame) / 20, into: buffer) }
        let stored = renderer.cache!.storedBytes
        // The gradient's raster (40×40 px), the image resampled once to 100×100 px and the
        // spinning layer drawn upright once (100×100 px, turned when composited); none of the
        // stroke's 80 rasters: nothing per frame.
        #expect(stored == 40 * 40 * 4 + 100 * 100 * 4 + 100 * 100 * 4, "\(stored) bytes kept")
    }

    @Test func framesAreIdenticalWhateverTheOrderAndThreads() throws {
        let t = try timeline()
        let times = (0..<24).map { Double($0) / 12 }
        let sequential = FrameRenderer(canvas: t.canvas)
        let expected = times.map { time -> [UInt8] in
            let b = sequential.makeBuffer()
            sequential.render(t, at: time, into: b)
            return b.straightRGBABytes()
        }
        // A fresh renderer (fresh cache) shared by several threads, frames in scrambled order.
        let shared = FrameRenderer(canvas: t.canvas)
        let results = FrameResults(count: times.count)
        DispatchQueue.concurrentPerform(iterations: times.count) { i in
            let index = (i * 7) % times.count
            let b = shared.makeBuffer()
            shared.render(t, at: times[index], into: b)
            results.set(index, b.straightRGBABytes())
        }
        for i in times.indices { #expect(results.values[i] == expected[i], "frame \(i) differs") }
    }
}

final class FrameResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [[UInt8]]
    init(count: Int) { storage = Array(repeating: [], count: count) }
    func set(_ i: Int, _ v: [UInt8]) { lock.lock(); storage[i] = v; lock.unlock() }
    var values: [[UInt8]] { lock.lock(); defer { lock.unlock() }; return storage }
}

/// A black-and-white checkerboard of 1-pixel squares: the hardest image to shrink without moiré.
func checkerboard(size: Int) -> CGImage {
    let p = PixelBuffer(width: size, height: size)
    for y in 0..<size {
        let row = p.baseAddress.advanced(by: y * p.stride).assumingMemoryBound(to: UInt8.self)
        for x in 0..<size {
            let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
            row[x * 4] = v; row[x * 4 + 1] = v; row[x * 4 + 2] = v; row[x * 4 + 3] = 255
        }
    }
    return CGImage(pixels: p)
}
