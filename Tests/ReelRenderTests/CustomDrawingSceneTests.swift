import Foundation
import ReelCore
import ReelRender
import Testing

/// Drawn layers in whole scenes: a golden pie chart, and frames that do not depend on order,
/// threads or the raster cache.
@Suite("Custom drawing: scenes")
struct CustomDrawingSceneTests {
    static func pieScene(scale: Double = 1) -> (Scene, PieChartLayer) {
        let scene = Scene(
            canvas: Canvas(
                size: CGSize(width: 200, height: 200), scale: scale, fps: 10, duration: 3,
                background: CGColor(red: 0.93, green: 0.94, blue: 0.95)))
        let pie = PieChartLayer()
        pie.name = "pie"
        pie.frame = CGRect(x: 20, y: 20, width: 160, height: 160)
        pie.setNeedsDisplay()
        scene.rootLayer.addSublayer(pie)
        return (scene, pie)
    }

    @Test func aPieChartMatchesItsGolden() throws {
        let (scene, _) = Self.pieScene()
        let frame = try renderScene(scene)
        try Golden.check(frame, "custom-drawing-pie")
        // Independently of the golden: slice colours where the slices are (the first, half the
        // pie, on the right; the second bottom-left; the third top-left) and the white hole.
        #expect(near(frame.color(150, 100), [232, 77, 61, 255], 3))
        #expect(near(frame.color(70, 140), [242, 196, 15, 255], 3))
        #expect(near(frame.color(60, 70), [41, 128, 186, 255], 3))
        #expect(frame.color(100, 122) == [255, 255, 255, 255], "the hole, below the label")
        // The label, 16 points of the default font (Helvetica) from (87, 89): dark ink.
        let label = (89..<106).flatMap { y in (87..<114).map { frame.color($0, y)[0] } }
        #expect(label.min()! < 120)
    }

    /// A drawn layer that changes its drawing, moves and turns: every frame is the same drawn
    /// alone, after others, by several threads at once, with or without the raster cache.
    @Test func framesAreTheSameInAnyOrderOnAnyThread() throws {
        let (scene, pie) = Self.pieScene()
        for (i, t) in [0.4, 0.9, 1.6].enumerated() {
            scene.at(t) {
                pie.values = [CGFloat(2 + i), 3, CGFloat(4 - i)]
                pie.label = "T\(i)"
                pie.setNeedsDisplay()
            }
        }
        scene.at(0.2) {
            CATransaction.setAnimationDuration(2)
            pie.position = CGPoint(x: 120, y: 90)
            pie.transform = CATransform3DMakeRotation(0.7, 0, 0, 1)
        }
        let timeline = try scene.compile()
        let times = (0..<30).map { Double($0) / 10 }
        @Sendable func bytes(_ b: PixelBuffer) -> [UInt8] { b.straightRGBABytes() }
        let sequence = FrameRenderer(canvas: timeline.canvas)
        let inOrder = times.map { t -> [UInt8] in
            let b = sequence.makeBuffer()
            sequence.render(timeline, at: t, into: b)
            return bytes(b)
        }
        for (i, t) in times.enumerated().reversed() where i % 4 == 1 {
            let alone = FrameRenderer(canvas: timeline.canvas)
            let b = alone.makeBuffer()
            alone.render(timeline, at: t, into: b)
            #expect(bytes(b) == inOrder[i], "frame at \(t) drawn alone differs")
        }
        let shared = FrameRenderer(canvas: timeline.canvas)
        let results = UnsafeSendableBox([[UInt8]](repeating: [], count: times.count))
        DispatchQueue.concurrentPerform(iterations: times.count) { i in
            let b = shared.makeBuffer()
            shared.render(timeline, at: times[(i * 7) % times.count], into: b)
            results.set((i * 7) % times.count, bytes(b))
        }
        #expect(results.values == inOrder)
        // The drawing changed where the scene said (the label and slices differ across 0.9).
        #expect(inOrder[8] != inOrder[9])
        // Without the cache: the same picture within antialiasing.
        let direct = FrameRenderer(canvas: timeline.canvas, caching: false)
        for i in [0, 10, 25] {
            let b = direct.makeBuffer()
            direct.render(timeline, at: times[i], into: b)
            let diff = zip(bytes(b), inOrder[i]).filter { abs(Int($0) - Int($1)) > 2 }.count
            #expect(diff < 200, "frame \(i): \(diff) channels differ without the cache")
        }
    }

    @Test func aDrawnImagesPixelsComeFromTheRenderer() throws {
        let renderer = RenderContext()
        let ctx = CGContext(size: CGSize(width: 4, height: 2), scale: 2)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try #require(ctx.makeImage())
        #expect(image.width == 8 && image.height == 4)
        let pixels = renderer.pixels(of: image)
        #expect(pixels.color(3, 3) == [255, 0, 0, 255] && pixels.color(4, 0) == [0, 0, 0, 0])
        #expect(renderer.pixels(of: image) === pixels, "rasterised once")
    }
}

/// A lock-protected array for results written by concurrent iterations.
final class UnsafeSendableBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T]
    init(_ values: [T]) { storage = values }
    func set(_ i: Int, _ v: T) { lock.withLock { storage[i] = v } }
    var values: [T] { lock.withLock { storage } }
}
