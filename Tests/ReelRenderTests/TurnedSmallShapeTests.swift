import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// A small shape turned off the pixel grid is drawn from its exact outline, as Core Animation
/// draws it: every pixel wholly inside the turned outline is opaque and every pixel wholly
/// outside is clear. Which pixels those are is worked out here from the geometry alone.
@Suite struct TurnedSmallShapeTests {
    @Test func aSmallTurnedBarHasCrispEdges() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 64, height: 64), duration: 1, background: nil))
        // A 4 × 30 bar in a 40-point layer, turned 45° about the layer's centre at (32, 32); its
        // edges fall between pixel centres of an upright raster, where resampling would show.
        let bar = CAShapeLayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        bar.position = CGPoint(x: 32, y: 32)
        bar.path = CGPath(rect: CGRect(x: 18.5, y: 5.5, width: 4, height: 30), transform: nil)
        bar.fillColor = .white
        bar.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        scene.rootLayer.addSublayer(bar)
        let timeline = try scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let frame = renderer.makeBuffer()
        renderer.render(timeline, at: 0, into: frame)
        // A pixel is wholly inside (or outside) when its centre is more than half its diagonal
        // (0.71 px) inside (or outside) every (some) edge; 0.75 leaves a hair for rounding.
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        var inside = 0, outside = 0, wrong: [String] = []
        for y in 0..<64 {
            for x in 0..<64 {
                // The pixel centre in the layer's coordinates: turned back by 45° about (32, 32).
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
                let lx = c * dx + s * dy + 20, ly = -s * dx + c * dy + 20
                let margin = min(lx - 18.5, 22.5 - lx, ly - 5.5, 35.5 - ly)
                let alpha = Int(frame.premultipliedRGBA(x: x, y: y).a)
                if margin > 0.75 {
                    inside += 1
                    if alpha < 250 { wrong.append("(\(x), \(y)) inside: \(alpha)") }
                } else if margin < -0.75 {
                    outside += 1
                    if alpha > 5 { wrong.append("(\(x), \(y)) outside: \(alpha)") }
                }
            }
        }
        #expect(inside > 40, "the bar covers whole pixels")
        let count = wrong.count, examples = wrong.prefix(8)
        #expect(count == 0, "\(examples)")
    }
}
