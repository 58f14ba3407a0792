import Foundation
import ReelCore
import ReelRender
import Testing

/// Drawing stops between layers when DrawingInterruption asks (Ctrl-C on a render whose frames
/// take seconds used to wait for the frame in progress to finish).
@Suite("Drawing interruption")
struct InterruptionTests {
    /// 1000 one-point red layers covering the first rows of a 40-point-wide canvas.
    func scene() throws -> Timeline {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 1, background: .black))
        for i in 0..<1000 {
            let layer = CALayer()
            layer.frame = CGRect(x: i % 40, y: i / 40, width: 1, height: 1)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            scene.rootLayer.addSublayer(layer)
        }
        return try scene.compile()
    }

    @Test func drawingStopsWhenAsked() throws {
        let timeline = try scene()
        let renderer = FrameRenderer(canvas: timeline.canvas, caching: false)
        let buffer = renderer.makeBuffer()
        DrawingInterruption.whileChecking({ true }) { renderer.render(timeline, at: 0, into: buffer) }
        #expect(buffer.color(0, 0) == [255, 0, 0, 255], "layers before the first check are drawn")
        #expect(buffer.color(39, 24) == [0, 0, 0, 255], "the last layer is not")
        // Without a request, and with a check that says no, everything is drawn.
        DrawingInterruption.whileChecking({ false }) { renderer.render(timeline, at: 0, into: buffer) }
        #expect(buffer.color(39, 24) == [255, 0, 0, 255])
        renderer.render(timeline, at: 0, into: buffer)
        #expect(buffer.color(39, 24) == [255, 0, 0, 255])
    }
}
