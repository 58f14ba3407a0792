import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

/// A typical iOS snippet, ported: a card springs in, then a ring is stroked on with a
/// UIBezierPath-drawn CAShapeLayer. Only the scene set-up and `scene.at` are new. This is the
/// example of docs/uikit.md (plus a layer name, to look the ring up).
@Suite(
    "A ported iOS snippet", .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct PortedSnippetTests {
    static func scene() -> Scene {
        let scene = Scene(
            canvas: Canvas(
                size: CGSize(width: 240, height: 160), fps: 30, duration: 2.5,
                background: UIColor.systemGray6.cgColor))
        // --- as written for iOS ---
        let card = UIView(frame: CGRect(x: 70, y: 30, width: 100, height: 100))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 16
        card.alpha = 0
        card.transform = CGAffineTransform(translationX: 0, y: 120).scaledBy(x: 0.6, y: 0.6)

        let ring = CAShapeLayer()
        ring.name = "ring"
        ring.frame = card.bounds
        ring.path =
            UIBezierPath(
                arcCenter: CGPoint(x: 50, y: 50), radius: 35, startAngle: -.pi / 2,
                endAngle: 3 * .pi / 2, clockwise: true
            ).cgPath
        ring.strokeColor = UIColor.white.cgColor
        ring.fillColor = UIColor.clear.cgColor
        ring.lineWidth = 8
        ring.strokeEnd = 0
        card.layer.addSublayer(ring)
        // ---
        scene.addSubview(card)
        scene.at(0.2) {
            UIView.animate(
                withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.5,
                options: [],
                animations: {
                    card.alpha = 1
                    card.transform = .identity
                },
                completion: { _ in
                    let stroke = CABasicAnimation(keyPath: "strokeEnd")
                    stroke.fromValue = NSNumber(value: 0)
                    stroke.toValue = NSNumber(value: 1)
                    stroke.duration = 0.8
                    ring.strokeEnd = 1
                    ring.add(stroke, forKey: "stroke")
                })
        }
        return scene
    }

    @Test func rendersToMP4() throws {
        let folder = try ScratchFolder()
        let result = try Self.scene().render(to: folder.path + "/snippet.mp4")
        #expect(result.frames == 75)
        let probe = try StreamProbe.read(folder.path + "/snippet.mp4")
        #expect(probe.codec == "h264" && probe.width == 240 && probe.height == 160 && probe.frames == 75)
        #expect(abs(probe.duration - 2.5) < 1e-6)
    }

    @Test func theFramesShowTheSpringThenTheStroke() throws {
        let scene = Self.scene()
        let timeline = try scene.compile()
        // The stroke starts when the spring's completion runs: at 0.2 + 0.8 s. (Setting strokeEnd
        // there also makes Core Animation's implicit animation of the standalone layer, as on
        // iOS; the explicit one, added after it, is what shows.)
        #expect(timeline.presentation(at: 1.05, layerNamed: "ring")?.animationKeys.last == "stroke")
        #expect(timeline.presentation(at: 0.99, layerNamed: "ring")?.state.strokeEnd == 0)

        let start = try scene.still(at: 0.1), settled = try scene.still(at: 1.0), end = try scene.still(at: 2.4)
        // Before: only the background where the card will be (the card is transparent and below).
        let gray6 = start.rgba(x: 120, y: 40)
        #expect(gray6.r == 242 && gray6.b == 247)
        // Settled: the card (systemBlue) is in place; the ring's top (12 o'clock) not yet stroked.
        let blue = settled.rgba(x: 90, y: 100)
        #expect(blue.b > 240 && blue.r < 20)
        #expect(settled.rgba(x: 120, y: 45).r < 40)
        // At the end the whole ring is white: its top, and its left (9 o'clock) stroked last.
        #expect(end.rgba(x: 120, y: 45).r > 230 && end.rgba(x: 85, y: 80).r > 230)
    }
}
