import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Turning layers are drawn upright once and turned when composited, as Core Animation turns a
/// layer's backing store: the frame must look like the layer drawn at that angle.
@Suite("Turned rasters")
struct TurnedRasterTests {
    @Test func turnedFramesMatchLayersDrawnAtTheirAngle() throws {
        let scene = Scene(
            canvas: Canvas(
                size: CGSize(width: 320, height: 240), duration: 2,
                background: CGColor(red: 0.04, green: 0.07, blue: 0.17)))
        let photo = CALayer()
        photo.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        photo.position = CGPoint(x: 90, y: 120)
        photo.cornerRadius = 20
        photo.masksToBounds = true
        photo.contents = checkerboard(size: 200)
        photo.contentsGravity = .resizeAspectFill
        photo.borderWidth = 3
        photo.borderColor = .white
        let badge = CAShapeLayer()
        badge.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        badge.position = CGPoint(x: 240, y: 120)
        badge.path = CGPath(rect: CGRect(x: 15, y: 15, width: 70, height: 70), transform: nil)
        badge.fillColor = CGColor(red: 0.96, green: 0.64, blue: 0.38)
        badge.strokeColor = .white
        badge.lineWidth = 4
        badge.shadowOpacity = 0.5
        badge.shadowRadius = 6
        badge.shadowOffset = CGSize(width: 0, height: 4)
        badge.opacity = 0.8
        // A plain card (translucent background, border, rounded corners) as the bench's cards.
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 110, height: 70)
        card.position = CGPoint(x: 170, y: 190)
        card.cornerRadius = 14
        card.backgroundColor = CGColor(red: 0.16, green: 0.62, blue: 0.56, alpha: 0.8)
        card.borderWidth = 3
        card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.7)
        scene.rootLayer.addSublayer(photo)
        scene.rootLayer.addSublayer(badge)
        scene.rootLayer.addSublayer(card)
        // Turned cards inside clipping parents: an upright one (the clip is a box of pixels) and a
        // turned one (a clip Cairo cannot list as boxes), each crossing its parent's edge.
        for (i, parentAngle) in [0.0, 0.25].enumerated() {
            let parent = CALayer()
            parent.frame = CGRect(x: 20 + Double(i) * 150, y: 10, width: 120, height: 60)
            parent.masksToBounds = true
            parent.transform = CATransform3DMakeRotation(parentAngle, 0, 0, 1)
            let inner = CALayer()
            inner.bounds = CGRect(x: 0, y: 0, width: 90, height: 60)
            inner.position = CGPoint(x: 100, y: 40)
            inner.cornerRadius = 12
            inner.backgroundColor = CGColor(red: 0.9, green: 0.77, blue: 0.42, alpha: 0.75)
            inner.borderWidth = 2
            inner.borderColor = .white
            inner.transform = CATransform3DMakeRotation(0.35, 0, 0, 1)
            parent.addSublayer(inner)
            scene.rootLayer.addSublayer(parent)
        }
        scene.at(0) {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = 2 * Double.pi
            spin.duration = 2
            photo.add(spin, forKey: "spin")
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0.3
            turn.toValue = -0.7
            turn.duration = 2
            badge.add(turn, forKey: "turn")
            let wobble = CABasicAnimation(keyPath: "transform.rotation.z")
            wobble.fromValue = -0.12
            wobble.toValue = 0.4
            wobble.duration = 2
            card.add(wobble, forKey: "wobble")
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 1
            pulse.toValue = 0.5
            pulse.duration = 2
            card.add(pulse, forKey: "pulse")
        }
        let timeline = try scene.compile()
        let cached = FrameRenderer(canvas: timeline.canvas),
            direct = FrameRenderer(canvas: timeline.canvas, caching: false)
        for t in [0.13, 0.61, 1.37] {
            let a = cached.makeBuffer(), b = direct.makeBuffer()
            cached.render(timeline, at: t, into: a)
            direct.render(timeline, at: t, into: b)
            var differing = 0, worst = 0, total = 0
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p = a.premultipliedRGBA(x: x, y: y), q = b.premultipliedRGBA(x: x, y: y)
                    let d = max(
                        abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                        abs(Int(p.a) - Int(q.a)))
                    worst = max(worst, d)
                    total += d
                    if d > 24 { differing += 1 }
                }
            }
            // Resampled twice (drawn upright, then turned), a fine checkerboard and the edges
            // soften a little; the picture is the same (a wrong angle, side or offset moves
            // whole edges: mean differences of tens of levels).
            let mean = Double(total) / Double(a.width * a.height)
            #expect(mean < 0.5, "t = \(t): mean difference \(mean) (worst \(worst))")
            #expect(differing < a.width * a.height / 200, "t = \(t): \(differing) pixels differ by more than 24")
        }
    }
}
