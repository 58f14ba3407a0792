import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// Seed: 000_c7820bb2a58bbe7d.txt ("QuartzCore核心动画框架"), examples 1–4 of 9.
//
// Ports of a classic tutorial's "falling petal" (KCMainViewController), Objective-C, in its four
// basic-animation steps: a position animation on a touch; the same with a delegate that puts the
// layer at the end (which animates a second time); with actions disabled; with a rotation.
// (The pause/resume, keyframe, group and transition steps are in FallingPetalKeyframePorts.swift.)
//
// Edits every port here had to make, and why:
// - Objective-C → Swift (`[CABasicAnimation animationWithKeyPath:]` → `CABasicAnimation(keyPath:)`,
//   `[NSValue valueWithCGPoint:]` → `NSValue(cgPoint:)`, `_layer` stays an instance variable).
// - The view controller is a plain class with a `view`, whose `viewDidLoad()` the scene calls;
//   the scene is the window: `scene.addSubview(controller.view)`.
// - `touchesBegan:withEvent:` → `touchesBegan(at:)`, called at a scene time with the touch's
//   location (`scene.at(0.5) { … }`): video has no touches.
// - `UIImage imageNamed:` → `bundleImage(_:)`, the image read from a file (there is no app bundle).
// - `view.backgroundColor = [UIColor colorWithPatternImage:]` → the image as the root layer's
//   `contents`: ReelUIKit has no pattern colours (a gap, see docs/porting.md).
// - `_layer.name = "petal"`: only so the tests can find the layer in the presentation tree.
// - The canvas is the iPhone's 320×480 points; 10 fps keeps these 6–13 s renders small.

/// The tap of every petal port: at 0.5 s, at (250, 400).
let petalTap = CGPoint(x: 250, y: 400)

/// Example 1: "CABasicAnimation 基础动画", a position animation started by a touch.
enum PetalTranslation {
    final class KCMainViewController {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        private var _layer: CALayer!

        func viewDidLoad() {
            // 设置背景 (set the background; the image is in fact in the root layer)
            let backgroundImage = bundleImage("background.jpg")
            view.layer.contents = backgroundImage?.cgImage  // was: view.backgroundColor = UIColor(patternImage:)
            // 自定义一个图层 (a custom layer)
            _layer = CALayer()
            _layer.name = "petal"
            _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            _layer.position = CGPoint(x: 50, y: 150)
            _layer.contents = bundleImage("petal.png")?.cgImage
            view.layer.addSublayer(_layer)
        }

        // 点击事件 (touch event)
        func touchesBegan(at location: CGPoint) {
            translatonAnimation(location)
        }

        // 移动动画 (the move animation)
        func translatonAnimation(_ location: CGPoint) {
            // 1. create the animation and name its property
            let basicAnimation = CABasicAnimation(keyPath: "position")
            // 2. from (may be omitted: the layer's current state) and to
            // basicAnimation.fromValue = NSNumber(value: 50)
            basicAnimation.toValue = NSValue(cgPoint: location)
            basicAnimation.duration = 5.0  // 5 seconds
            // basicAnimation.repeatCount = HUGE_VALF
            // basicAnimation.isRemovedOnCompletion = false
            // 3. add it to the layer; the key names the animation
            _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 480), fps: 10, duration: 6))
        let controller = KCMainViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.5) { controller.touchesBegan(at: petalTap) }
        return scene
    }
}

/// Examples 2 and 3: a delegate stores the end point with `setValue(_:forKey:)` and puts the
/// layer there in `animationDidStop`; first plainly (the layer, not a view's, animates there a
/// second time: "动画运行完成后会重新从起始点运动到终点"), then inside a transaction with
/// actions disabled, the tutorial's fix.
enum PetalDelegate {
    final class KCMainViewController: CAAnimationDelegate {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        private var _layer: CALayer!
        /// Which version of `animationDidStop` runs: the first (false) or the fixed one (true).
        let disablesActions: Bool

        init(disablesActions: Bool) { self.disablesActions = disablesActions }

        func viewDidLoad() {
            let backgroundImage = bundleImage("background.jpg")
            view.layer.contents = backgroundImage?.cgImage
            _layer = CALayer()
            _layer.name = "petal"
            _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            _layer.position = CGPoint(x: 50, y: 150)
            _layer.contents = bundleImage("petal.png")?.cgImage
            view.layer.addSublayer(_layer)
        }

        func touchesBegan(at location: CGPoint) {
            translatonAnimation(location)
        }

        func translatonAnimation(_ location: CGPoint) {
            let basicAnimation = CABasicAnimation(keyPath: "position")
            basicAnimation.toValue = NSValue(cgPoint: location)
            basicAnimation.duration = 5.0
            basicAnimation.delegate = self
            // (修改) store the end point, to put the layer there when the animation ends
            basicAnimation.setValue(NSValue(cgPoint: location), forKey: "KCBasicAnimationLocation")
            _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
        }

        // MARK: - 动画代理方法 (animation delegate)
        func animationDidStart(_ anim: CAAnimation) {}

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            NSLog("animation(%@) stop.\r_layer.frame=%@", "\(anim)", NSStringFromCGRect(_layer.frame))
            NSLog("%@", "\(String(describing: _layer.animation(forKey: "KCBasicAnimation_Translation")))")
            if disablesActions {
                CATransaction.begin()  // 开启事务 (open a transaction)
                CATransaction.setDisableActions(true)  // 禁用隐式动画 (no implicit animation)
                _layer.position = (anim.value(forKey: "KCBasicAnimationLocation") as! NSValue).cgPointValue
                CATransaction.commit()
            } else {
                // 通过 key 获取到动画设置的 location (the location stored under the key)
                _layer.position = (anim.value(forKey: "KCBasicAnimationLocation") as! NSValue).cgPointValue
            }
        }
    }

    static func scene(disablesActions: Bool) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 480), fps: 10, duration: 6))
        let controller = KCMainViewController(disablesActions: disablesActions)
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.5) { controller.touchesBegan(at: petalTap) }
        return scene
    }
}

/// Example 4: the petal also turns (`transform.rotation.z` to 3π/2 and back, 6 s each way) about
/// an anchor point of (0.5, 0.6); only the move has the delegate.
enum PetalRotation {
    final class KCMainViewController: CAAnimationDelegate {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        private var _layer: CALayer!

        func viewDidLoad() {
            let backgroundImage = bundleImage("background.jpg")
            view.layer.contents = backgroundImage?.cgImage
            _layer = CALayer()
            _layer.name = "petal"
            _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            _layer.position = CGPoint(x: 50, y: 150)
            _layer.anchorPoint = CGPoint(x: 0.5, y: 0.6)  // 设置锚点 (the anchor point)
            _layer.contents = bundleImage("petal.png")?.cgImage
            view.layer.addSublayer(_layer)
        }

        func translatonAnimation(_ location: CGPoint) {
            let basicAnimation = CABasicAnimation(keyPath: "position")
            basicAnimation.toValue = NSValue(cgPoint: location)
            basicAnimation.duration = 5.0
            basicAnimation.delegate = self
            basicAnimation.setValue(NSValue(cgPoint: location), forKey: "KCBasicAnimationLocation")
            _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
        }

        // 旋转动画 (the rotation)
        func rotationAnimation() {
            let basicAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
            // basicAnimation.fromValue = NSNumber(value: M_PI_2)
            basicAnimation.toValue = NSNumber(value: Float(M_PI_2 * 3))
            basicAnimation.duration = 6.0
            basicAnimation.autoreverses = true  // turn, then turn back
            _layer.add(basicAnimation, forKey: "KCBasicAnimation_Rotation")
        }

        func touchesBegan(at location: CGPoint) {
            translatonAnimation(location)
            rotationAnimation()
        }

        func animationDidStart(_ anim: CAAnimation) {
            NSLog("animation(%@) start.\r_layer.frame=%@", "\(anim)", NSStringFromCGRect(_layer.frame))
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            NSLog("animation(%@) stop.\r_layer.frame=%@", "\(anim)", NSStringFromCGRect(_layer.frame))
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            _layer.position = (anim.value(forKey: "KCBasicAnimationLocation") as! NSValue).cgPointValue
            CATransaction.commit()
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 480), fps: 10, duration: 13))
        let controller = KCMainViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.5) { controller.touchesBegan(at: petalTap) }
        return scene
    }
}

@Suite("Ports: the falling petal, basic animations")
struct FallingPetalPortTests {
    @Test func translationRendersAndMovesLinearlyThenSnapsBack() throws {
        try expectRendersToMP4(PetalTranslation.scene())
        let timeline = try PetalTranslation.scene().compile()
        // Linear (no timing function) from the model (50, 150) to (250, 400) over 5 s from 0.5 s:
        // at 1.75 s a quarter: (100, 212.5); at 3 s half: (150, 275).
        #expect(close(timeline.state("petal", at: 0.4).position, CGPoint(x: 50, y: 150)))
        #expect(close(timeline.state("petal", at: 1.75).position, CGPoint(x: 100, y: 212.5)))
        #expect(close(timeline.state("petal", at: 3).position, CGPoint(x: 150, y: 275)))
        // Removed at 5.5 s, the model shows again: the tutorial's "回到了原来的位置" (back where it was).
        #expect(close(timeline.state("petal", at: 5.6).position, CGPoint(x: 50, y: 150)))
    }

    @Test func delegateSetsTheEndAndTheLayerAnimatesThereAgain() throws {
        try expectRendersToMP4(PetalDelegate.scene(disablesActions: false))
        let timeline = try PetalDelegate.scene(disablesActions: false).compile()
        #expect(close(timeline.state("petal", at: 3).position, CGPoint(x: 150, y: 275)))
        // At 5.5 s the explicit animation is gone and the delegate sets the model; the layer is not
        // a view's, so that makes an implicit 0.25 s animation from where it shows (the model,
        // (50, 150)) to (250, 400) with the default curve, whose y at x = 0.5 is 0.802403:
        // at 5.625 s, (50 + 200 × 0.802403, 150 + 250 × 0.802403) = (210.4806, 350.6008).
        #expect(timeline.model("petal", at: 5.6)?.position == petalTap)
        #expect(close(timeline.state("petal", at: 5.625).position, CGPoint(x: 210.4806, y: 350.6008), 1e-3))
        #expect(close(timeline.state("petal", at: 5.9).position, petalTap))
    }

    @Test func disablingActionsPutsTheLayerAtTheEndAtOnce() throws {
        try expectRendersToMP4(PetalDelegate.scene(disablesActions: true))
        let timeline = try PetalDelegate.scene(disablesActions: true).compile()
        #expect(close(timeline.state("petal", at: 3).position, CGPoint(x: 150, y: 275)))
        // The transaction disables the implicit animation: at 5.5 s and after, (250, 400), still.
        #expect(close(timeline.state("petal", at: 5.5).position, petalTap))
        #expect(close(timeline.state("petal", at: 5.625).position, petalTap))
        #expect(timeline.presentation(at: 5.625, layerNamed: "petal")?.animationKeys == [])
    }

    @Test func rotationTurnsAboutTheAnchorAndBack() throws {
        try expectRendersToMP4(PetalRotation.scene())
        let timeline = try PetalRotation.scene().compile()
        // Rotation 0 → 3π/2 over 6 s from 0.5 s, then back over 6 s (autoreverses):
        // at 2 s, 1.5/6 of the way: 3π/8; at 11 s, 4.5 s into the return: 3π/2 × 1.5/6 = 3π/8.
        // (The toValue went through Float, as in the original: 1e-6 off.)
        #expect(close(zAngle(timeline.state("petal", at: 2).transform), 3 * .pi / 8, 1e-5))
        #expect(close(zAngle(timeline.state("petal", at: 11).transform), 3 * .pi / 8, 1e-5))
        // The move meanwhile: at 2 s, 1.5/5 of (50, 150) → (250, 400) = (110, 225).
        #expect(close(timeline.state("petal", at: 2).position, CGPoint(x: 110, y: 225)))
        // At 12.5 s both are over: at the end point (the delegate), not turned.
        let end = timeline.state("petal", at: 12.6)
        #expect(close(end.position, petalTap) && close(zAngle(end.transform), 0))
        // The anchor (0.5, 0.6) is the point at `position`: the 10×20 frame's top is 12 above it.
        #expect(close(timeline.state("petal", at: 0).frame.minY, 150 - 12))
    }
}
