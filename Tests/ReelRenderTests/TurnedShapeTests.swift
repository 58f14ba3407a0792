import Foundation
import ReelCore
import ReelRender
import Testing

/// Core Animation draws a shape layer's path through the layer's transform: a turned shape layer
/// is the same picture as its path turned by hand in an upright layer, thin strokes included.
@Suite("Turned shapes")
struct TurnedShapeTests {
    /// A zigzag of 1-point strokes in a 200-point layer centred on (100, 100) and turned by
    /// `layerAngle`, its points turned by `pathAngle` about the centre (row vectors, as
    /// CATransform3DMakeRotation turns them).
    func frame(layerAngle: Double, pathAngle: Double) throws -> PixelBuffer {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 200, height: 200), duration: 1, background: .black))
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        shape.position = CGPoint(x: 100, y: 100)
        shape.transform = CATransform3DMakeRotation(layerAngle, 0, 0, 1)
        let (c, s) = (cos(pathAngle), sin(pathAngle))
        func turned(_ x: Double, _ y: Double) -> CGPoint {
            let (dx, dy) = (x - 100, y - 100)
            return CGPoint(x: 100 + dx * c - dy * s, y: 100 + dx * s + dy * c)
        }
        let path = CGMutablePath()
        path.move(to: turned(40, 60))
        for k in 1...6 { path.addLine(to: turned(40 + Double(k) * 20, k % 2 == 0 ? 60 : 140)) }
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = .white
        shape.lineWidth = 1
        scene.rootLayer.addSublayer(shape)
        let timeline = try scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let buffer = renderer.makeBuffer()
        renderer.render(timeline, at: 0, into: buffer)
        return buffer
    }

    @Test func aTurnedShapeLayerIsItsPathTurned() throws {
        let angle = 0.5
        let layerTurned = try frame(layerAngle: angle, pathAngle: 0)
        let pathTurned = try frame(layerAngle: 0, pathAngle: angle)
        var worst = 0, bright = (layer: 0, path: 0)
        for y in 0..<200 {
            for x in 0..<200 {
                let p = layerTurned.premultipliedRGBA(x: x, y: y), q = pathTurned.premultipliedRGBA(x: x, y: y)
                worst = max(worst, abs(Int(p.r) - Int(q.r)))
                if p.r > 200 { bright.layer += 1 }
                if q.r > 200 { bright.path += 1 }
            }
        }
        #expect(bright.path > 100, "the strokes are drawn: \(bright.path) bright pixels")
        // The same vectors through the same device transform: rounding apart, the same pixels.
        #expect(worst <= 8, "worst difference \(worst) levels; bright pixels \(bright)")
    }
}
