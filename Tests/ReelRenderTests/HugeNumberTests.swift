import Foundation
import ReelCore
import ReelRender
import Testing

/// Finite numbers of any size reach the renderer through the Swift API and through animations
/// (cumulative repeats multiply a byValue), whatever the file decoder accepts. Drawing clamps them:
/// these layers used to trap in `Int(Double)` ("Double value cannot be converted to Int").
@Suite("Huge numbers")
struct HugeNumberTests {
    /// A scene with one cached shape layer (with a shadow) set up by `configure`, rendered at `t`.
    func render(at t: Double = 0, _ configure: (Scene, CAShapeLayer) -> Void) throws -> PixelBuffer {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 1, background: .black))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        shape.fillColor = .white
        shape.shadowOpacity = 1
        scene.rootLayer.addSublayer(shape)
        configure(scene, shape)
        return try renderScene(scene, at: t)
    }

    @Test(arguments: [1e300, -1e300, 1e19, -1e19])
    func farPositionsDrawNothing(_ v: Double) throws {
        let b = try render { _, shape in shape.position = CGPoint(x: v, y: v) }
        #expect(b.color(5, 5) == [0, 0, 0, 255])
    }

    @Test func cumulativeRepeatsFarBeyondTheCanvas() throws {
        // 1e300 per repeat, cumulative: after half a second the layer is off by ~1e305.
        let b = try render(at: 0.5) { scene, shape in
            scene.at(0) {
                let a = CABasicAnimation(keyPath: "position.x")
                a.byValue = 1e300
                a.isCumulative = true
                a.repeatCount = 1e6
                a.duration = 1e-4
                shape.add(a, forKey: "run")
            }
        }
        #expect(b.color(5, 5) == [0, 0, 0, 255])
    }
}
