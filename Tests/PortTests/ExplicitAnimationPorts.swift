import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// Seed: 003_2d455e6679f3409f.txt ("iOS核心动画高级技巧-4", chapter 8), listings 8.3, 8.4, 8.5;
// 8.5's keyframe colours are also the first snippet of 004_0e3e9b6855133d95.txt.
//
// Ports of a classic book's chapter on explicit animations (Objective-C, as a Chinese translation
// reprinted it, lower-cased): listing 8.3 (a colour animation whose delegate keeps the end
// colour), 8.4 (clock hands tagged with KVC, ticked by a timer) and 8.5 (a keyframe colour
// cycle; a later set of notes repeats it word for word). Edits, and why:
// - Objective-C → Swift; `(__bridge id)color.CGColor` → `color.cgColor`, `(__bridge CGColorRef)
//   anim.toValue` → `anim.toValue as! CGColor`.
// - The storyboard's views (`IBOutlet layerView`, the clock's hand image views) are made in code
//   in `viewDidLoad`, with the frames the storyboard would have given them.
// - `IBAction`s (buttons) and the `NSTimer` become calls at scene times.
// - `arc4random() / (CGFloat)INT_MAX` → fixed "random" components: a video must render the same
//   every time (the timeline runs again for each render), and the tests need known colours.
// - The clock reads the scene's clock, not the wall clock: `NSDate date` → the start time plus
//   `CACurrentMediaTime()`, in UTC (the same video wherever it renders).
// - Layer names, only so the tests can find layers.

/// Listing 8.3 and 8.5: the colour layer in a white 200×200 view, a button that changes it.
enum ColorLayerPorts {
    final class ViewController: CAAnimationDelegate {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var layerView: UIView!  // was an IBOutlet
        var colorLayer: CALayer!
        /// `arc4random() / INT_MAX` three times (see the edits above).
        private var randoms: [CGFloat] = [0.9, 0.3, 0.1]
        private func arc4random() -> CGFloat { randoms.removeFirst() }

        func viewDidLoad() {
            layerView = UIView(frame: CGRect(x: 60, y: 20, width: 200, height: 200))
            layerView.backgroundColor = .white
            view.addSubview(layerView)
            // create sublayer
            colorLayer = CALayer()
            colorLayer.name = "color"
            colorLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
            colorLayer.backgroundColor = UIColor.blue.cgColor
            // add it to our view
            layerView.layer.addSublayer(colorLayer)
        }

        /// Listing 8.3's button.
        func changeColor() {
            // create a new random color
            let red = arc4random()
            let green = arc4random()
            let blue = arc4random()
            let color = UIColor(red: red, green: green, blue: blue, alpha: 1.0)
            // create a basic animation
            let animation = CABasicAnimation()
            animation.keyPath = "backgroundColor"
            animation.toValue = color.cgColor
            animation.delegate = self
            // apply animation to layer
            colorLayer.add(animation, forKey: nil)
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            // set the backgroundColor property to match animation toValue
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            colorLayer.backgroundColor = ((anim as! CABasicAnimation).toValue as! CGColor)
            CATransaction.commit()
        }

        /// Listing 8.5's button: a keyframe animation through four colours.
        func changeColorKeyframes() {
            // create a keyframe animation
            let animation = CAKeyframeAnimation()
            animation.keyPath = "backgroundColor"
            animation.duration = 2.0
            animation.values = [
                UIColor.blue.cgColor,
                UIColor.red.cgColor,
                UIColor.green.cgColor,
                UIColor.blue.cgColor
            ]
            // apply animation to layer
            colorLayer.add(animation, forKey: nil)
        }
    }

    static func scene(keyframes: Bool) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: keyframes ? 3 : 1))
        let controller = ViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.5) { keyframes ? controller.changeColorKeyframes() : controller.changeColor() }
        return scene
    }
}

/// Listing 8.4: clock hands turned by a timer each second, each animation tagged with its hand
/// (`setValue(handView, forKey: "handView")`) so the one delegate method knows which to set.
enum ClockPort {
    /// 2026-01-01 10:10:30 UTC: the time the clock shows at the scene's start.
    static let start = Date(timeIntervalSince1970: 1_767_262_230)

    final class ViewController: CAAnimationDelegate {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var hourHand: UIImageView!  // the IBOutlets, made in viewDidLoad
        var minuteHand: UIImageView!
        var secondHand: UIImageView!
        // var timer: Timer?  (the timer is the scene's ticks; see scene())

        func viewDidLoad() {
            for (name, hand) in [("hour", \ViewController.hourHand), ("minute", \.minuteHand), ("second", \.secondHand)]
            {
                let view = UIImageView(image: bundleImage("\(name).png"))
                view.layer.name = name
                view.center = CGPoint(x: 160, y: 120)
                self.view.addSubview(view)
                self[keyPath: hand] = view
            }
            // adjust anchor points
            secondHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            minuteHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            hourHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            // start timer: scheduledTimer(withTimeInterval: 1.0, …, repeats: true) → scene ticks
            // set initial hand positions
            updateHandsAnimated(false)
        }

        func tick() {
            updateHandsAnimated(true)
        }

        func updateHandsAnimated(_ animated: Bool) {
            // convert time to hours, minutes and seconds
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let now = ClockPort.start.addingTimeInterval(CACurrentMediaTime())  // was [NSDate date]
            let components = calendar.dateComponents([.hour, .minute, .second], from: now)
            let hourAngle = (CGFloat(components.hour!) / 12.0) * .pi * 2.0
            // calculate minute hand angle
            let minuteAngle = (CGFloat(components.minute!) / 60.0) * .pi * 2.0
            // calculate second hand angle
            let secondAngle = (CGFloat(components.second!) / 60.0) * .pi * 2.0
            // rotate hands
            setAngle(hourAngle, forHand: hourHand, animated: animated)
            setAngle(minuteAngle, forHand: minuteHand, animated: animated)
            setAngle(secondAngle, forHand: secondHand, animated: animated)
        }

        func setAngle(_ angle: CGFloat, forHand handView: UIView, animated: Bool) {
            // generate transform
            let transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            if animated {
                // create transform animation
                let animation = CABasicAnimation()
                updateHandsAnimated(false)  // (in the reprint, not the book: sets every hand first)
                animation.keyPath = "transform"
                animation.toValue = NSValue(caTransform3D: transform)
                animation.duration = 0.5
                animation.delegate = self
                animation.setValue(handView, forKey: "handView")
                handView.layer.add(animation, forKey: nil)
            } else {
                // set transform directly
                handView.layer.transform = transform
            }
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            // set final position for hand view
            let handView = anim.value(forKey: "handView") as! UIView
            handView.layer.transform = ((anim as! CABasicAnimation).toValue as! NSValue).caTransform3DValue
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 2.5))
        let controller = ViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        for t in [1.0, 2.0] { scene.at(t) { controller.tick() } }  // the 1 s repeating timer
        return scene
    }
}

@Suite("Ports: explicit animations (colour layer, clock)")
struct ExplicitAnimationPortTests {
    func rgb(_ state: LayerState) -> [CGFloat] { Array((state.backgroundColor?.components ?? []).prefix(3)) }

    func sameRGB(_ a: [CGFloat], _ b: [CGFloat], _ tolerance: Double = 1e-6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func colorAnimationEndsOnTheNewColour() throws {
        let frames = try expectRendersToMP4(ColorLayerPorts.scene(keyframes: false), decode: true)
        // The video: the colour layer's middle, (60 + 100, 20 + 100), is blue at 0.2 s (frame 6)
        // and (0.9, 0.3, 0.1) × 255 = (230, 77, 26) at 0.9 s (frame 27).
        #expect(near(pixel(frames[6], width: 320, x: 160, y: 120), (0, 0, 255)))
        #expect(near(pixel(frames[27], width: 320, x: 160, y: 120), (230, 77, 26)))
        let timeline = try ColorLayerPorts.scene(keyframes: false).compile()
        // No duration: the transaction's 0.25 s; no timing function: linear; from the model
        // (blue, (0, 0, 1)) to (0.9, 0.3, 0.1). At 0.625 s, halfway: (0.45, 0.15, 0.55).
        #expect(sameRGB(rgb(timeline.state("color", at: 0.4)), [0, 0, 1]))
        #expect(sameRGB(rgb(timeline.state("color", at: 0.625)), [0.45, 0.15, 0.55]))
        // At 0.75 s the delegate sets the model, actions disabled: no jump back to blue.
        #expect(sameRGB(rgb(timeline.state("color", at: 0.8)), [0.9, 0.3, 0.1]))
        #expect(timeline.presentation(at: 0.8, layerNamed: "color")?.animationKeys == [])
    }

    @Test func keyframeColoursCycleAndReturnToBlue() throws {
        try expectRendersToMP4(ColorLayerPorts.scene(keyframes: true))
        let timeline = try ColorLayerPorts.scene(keyframes: true).compile()
        // Blue → red → green → blue, 2/3 s per leg from 0.5 s, linear. At 0.5 + 1/3 s, halfway
        // blue → red: (0.5, 0, 0.5); at 1.5 s, halfway red → green: (0.5, 0.5, 0).
        #expect(sameRGB(rgb(timeline.state("color", at: 0.5 + 1.0 / 3)), [0.5, 0, 0.5]))
        #expect(sameRGB(rgb(timeline.state("color", at: 1.5)), [0.5, 0.5, 0]))
        #expect(sameRGB(rgb(timeline.state("color", at: 2.6)), [0, 0, 1]), "the model, blue, after 2.5 s")
    }

    @Test func clockHandsShowTheScenesTime() throws {
        try expectRendersToMP4(ClockPort.scene())
        let timeline = try ClockPort.scene().compile()
        func angle(_ hand: String, _ t: Double) -> Double { zAngle(timeline.state(hand, at: t).transform) }
        func wrapped(_ a: Double) -> Double { atan2(sin(a), cos(a)) }
        // 10:10:30: hour 10/12 of a turn (5π/3), minute 10/60 (π/3), second 30/60 (π).
        #expect(close(angle("hour", 0.5), wrapped(5 * .pi / 3)))
        #expect(close(angle("minute", 0.5), .pi / 3))
        #expect(close(abs(angle("second", 0.5)), .pi))
        // The tick at 1 s: 10:10:31. The reprint's extra `updateHandsAnimated(false)` sets the
        // model before the animation is made, so the animation (fromValue nil: the model) runs
        // from 31 s to 31 s: the second hand jumps, as it does on iOS with that line.
        #expect(close(angle("second", 1.25), wrapped(31.0 / 60 * 2 * .pi)))
        #expect(close(angle("second", 2.25), wrapped(32.0 / 60 * 2 * .pi)))
        // The anchor (0.5, 0.9) sits on the centre: the 90-point hand runs from 81 above it to 9
        // below; turned by π (30 s) it runs from 9 above to 81 below, so its frame's top is 111.
        #expect(close(timeline.state("second", at: 0).frame.minY, 120 - 9))
    }
}
