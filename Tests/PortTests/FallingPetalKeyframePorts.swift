import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// Seed: 000_c7820bb2a58bbe7d.txt ("QuartzCore核心动画框架"), examples 5–9 of 9.
//
// Ports of the falling petal's later steps (a classic tutorial's KCMainViewController, Objective-C):
// pausing and resuming with the layer's speed and timeOffset; a keyframe animation by values, then
// by a Bézier path; a group of the rotation and the path; and its CATransition photo browser
// (LayerTransitionAnimationVC). The edits of FallingPetalPorts.swift apply, and:
// - `repeatCount = HUGE_VALF` → `.infinity`: Reel's repeatCount is a Double and HUGE_VALF a
//   Float (a gap being fixed in ReelCore).
// - `CGPathCreateMutable` / `CGPathMoveToPoint` / `CGPathAddCurveToPoint` → the Swift names
//   (`CGMutablePath()`, `move(to:)`, `addCurve(to:control1:control2:)`); no `CGPathRelease`.
// - The swipe gestures become calls of their actions at scene times.
// - `[UIScreen mainScreen].bounds` → the view's bounds (the canvas is the screen).

/// Example 5: "动画暂停和恢复", pausing and resuming a layer's animations on touches; the move's
/// end pauses the rotation, which runs for ever (`repeatCount` infinite, not removed).
enum PetalPauseResume {
    final class KCMainViewController: CAAnimationDelegate {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        private var _layer: CALayer!

        func viewDidLoad() {
            view.layer.contents = bundleImage("background.jpg")?.cgImage
            _layer = CALayer()
            _layer.name = "petal"
            _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            _layer.position = CGPoint(x: 50, y: 150)
            _layer.anchorPoint = CGPoint(x: 0.5, y: 0.6)
            _layer.contents = bundleImage("petal.png")?.cgImage
            view.layer.addSublayer(_layer)
        }

        func translatonAnimation(_ location: CGPoint) {
            let basicAnimation = CABasicAnimation(keyPath: "position")
            basicAnimation.toValue = NSValue(cgPoint: location)
            basicAnimation.duration = 5.0
            basicAnimation.isRemovedOnCompletion = false  // 运行一次是否移除动画 (kept after it ends)
            basicAnimation.delegate = self
            basicAnimation.setValue(NSValue(cgPoint: location), forKey: "KCBasicAnimationLocation")
            _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
        }

        func rotationAnimation() {
            let basicAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
            basicAnimation.toValue = NSNumber(value: Float(M_PI_2 * 3))
            basicAnimation.duration = 6.0
            basicAnimation.autoreverses = true
            basicAnimation.repeatCount = .infinity  // was HUGE_VALF (a Float)
            basicAnimation.isRemovedOnCompletion = false
            _layer.add(basicAnimation, forKey: "KCBasicAnimation_Rotation")
        }

        func touchesBegan(at location: CGPoint) {
            // Created already? Then a touch pauses or resumes.
            let animation = _layer.animation(forKey: "KCBasicAnimation_Translation")
            if animation != nil {
                if _layer.speed == 0 {
                    animationResume()
                } else {
                    animationPause()
                }
            } else {
                translatonAnimation(location)
                rotationAnimation()
            }
        }

        // 动画暂停 (pause): the layer's media time now, kept as its time offset, at speed 0
        func animationPause() {
            let interval = _layer.convertTime(CACurrentMediaTime(), from: nil)
            _layer.timeOffset = interval
            _layer.speed = 0
        }

        // 动画恢复 (resume): start again from the paused time
        func animationResume() {
            let beginTime = CACurrentMediaTime() - _layer.timeOffset
            _layer.timeOffset = 0
            _layer.beginTime = beginTime
            _layer.speed = 1.0
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            _layer.position = (anim.value(forKey: "KCBasicAnimationLocation") as! NSValue).cgPointValue
            CATransaction.commit()
            animationPause()  // 暂停动画 (pause the rotation too)
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 480), fps: 10, duration: 10))
        let controller = KCMainViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        // Touches: start, pause, resume; the move's end pauses; a last touch resumes the rotation.
        for t in [0.5, 2.5, 4.0, 8.0] { scene.at(t) { controller.touchesBegan(at: petalTap) } }
        return scene
    }
}

/// Examples 6 and 7: "CAKeyframeAnimation 关键帧动画", by four values, then along a Bézier
/// curve, each starting after a delay (`beginTime = CACurrentMediaTime() + 2`, then `+ 5`).
enum PetalKeyframes {
    final class KCMainViewController {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        private var _layer: CALayer!
        let alongPath: Bool

        init(alongPath: Bool) { self.alongPath = alongPath }

        func viewDidLoad() {
            view.layer.contents = bundleImage("background.jpg")?.cgImage
            _layer = CALayer()
            _layer.name = "petal"
            _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            _layer.position = CGPoint(x: 50, y: 150)
            _layer.contents = bundleImage("petal.png")?.cgImage
            view.layer.addSublayer(_layer)
            // 创建动画 (make the animation)
            if alongPath { pathAnimation() } else { translationAnimation() }
        }

        // 关键帧动画 (by values)
        func translationAnimation() {
            let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
            let key1 = NSValue(cgPoint: _layer.position)  // the first value cannot be omitted
            let key2 = NSValue(cgPoint: CGPoint(x: 80, y: 220))
            let key3 = NSValue(cgPoint: CGPoint(x: 45, y: 300))
            let key4 = NSValue(cgPoint: CGPoint(x: 55, y: 400))
            let values = [key1, key2, key3, key4]
            keyframeAnimation.values = values
            keyframeAnimation.duration = 8.0
            keyframeAnimation.beginTime = CACurrentMediaTime() + 2  // 2 s later
            _layer.add(keyframeAnimation, forKey: "KCKeyframeAnimation_Position")
        }

        // (by a path; the original's method is also called translationAnimation)
        func pathAnimation() {
            let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
            // 绘制贝塞尔曲线 (a Bézier curve)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: _layer.position.x, y: _layer.position.y))
            path.addCurve(
                to: CGPoint(x: 55, y: 400), control1: CGPoint(x: 160, y: 280), control2: CGPoint(x: -30, y: 300))
            keyframeAnimation.path = path
            keyframeAnimation.duration = 8.0
            keyframeAnimation.beginTime = CACurrentMediaTime() + 5
            _layer.add(keyframeAnimation, forKey: "KCKeyframeAnimation_Position")
        }
    }

    static func scene(alongPath: Bool) -> Scene {
        let scene = Scene(
            canvas: Canvas(size: CGSize(width: 320, height: 480), fps: 10, duration: alongPath ? 13.5 : 10.5))
        let controller = KCMainViewController(alongPath: alongPath)
        controller.viewDidLoad()  // at set-up, when CACurrentMediaTime() is 0
        scene.addSubview(controller.view)
        return scene
    }
}

/// Example 8: "CAAnimationGroup 动画组", the rotation and the path in a 10 s group that starts
/// 5 s after loading; its delegate sets the end state from values stored on the children.
enum PetalGroup {
    final class KCMainViewController: CAAnimationDelegate {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        private var _layer: CALayer!

        func viewDidLoad() {
            view.layer.contents = bundleImage("background.jpg")?.cgImage
            _layer = CALayer()
            _layer.name = "petal"
            _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            _layer.position = CGPoint(x: 50, y: 150)
            _layer.contents = bundleImage("petal.png")?.cgImage
            view.layer.addSublayer(_layer)
            groupAnimation()
        }

        func rotationAnimation() -> CABasicAnimation {
            let basicAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
            let toValue = CGFloat(M_PI_2 * 3)
            basicAnimation.toValue = NSNumber(value: Float(M_PI_2 * 3))
            // basicAnimation.duration = 6.0
            basicAnimation.autoreverses = true
            basicAnimation.repeatCount = .infinity  // was HUGE_VALF
            basicAnimation.isRemovedOnCompletion = false
            basicAnimation.setValue(NSNumber(value: Float(toValue)), forKey: "KCBasicAnimationProperty_ToValue")
            return basicAnimation
        }

        func translationAnimation() -> CAKeyframeAnimation {
            let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
            let endPoint = CGPoint(x: 55, y: 400)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: _layer.position.x, y: _layer.position.y))
            path.addCurve(to: endPoint, control1: CGPoint(x: 160, y: 280), control2: CGPoint(x: -30, y: 300))
            keyframeAnimation.path = path
            keyframeAnimation.setValue(NSValue(cgPoint: endPoint), forKey: "KCKeyframeAnimationProperty_EndPosition")
            return keyframeAnimation
        }

        func groupAnimation() {
            let animationGroup = CAAnimationGroup()
            let basicAnimation = rotationAnimation()
            let keyframeAnimation = translationAnimation()
            animationGroup.animations = [basicAnimation, keyframeAnimation]
            animationGroup.delegate = self
            animationGroup.duration = 10.0
            animationGroup.beginTime = CACurrentMediaTime() + 5  // 5 s later
            _layer.add(animationGroup, forKey: nil)
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            let animationGroup = anim as! CAAnimationGroup
            let basicAnimation = animationGroup.animations![0] as! CABasicAnimation
            let keyframeAnimation = animationGroup.animations![1] as! CAKeyframeAnimation
            let toValue = CGFloat(
                (basicAnimation.value(forKey: "KCBasicAnimationProperty_ToValue") as! NSNumber).floatValue)
            let endPoint = (keyframeAnimation.value(forKey: "KCKeyframeAnimationProperty_EndPosition") as! NSValue)
                .cgPointValue
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            // 设置动画最终状态 (the final state)
            _layer.position = endPoint
            _layer.transform = CATransform3DMakeRotation(toValue, 0, 0, 1)
            CATransaction.commit()
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 480), fps: 10, duration: 16))
        let controller = KCMainViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        return scene
    }
}

/// Example 9: "CATransition 转场动画", a photo browser: swipes change the image with a "cube"
/// transition (a private type on iOS, a string there).
enum PetalTransition {
    static let IMAGE_COUNT = 5

    final class LayerTransitionAnimationVC {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        private var _imageView: UIImageView!
        private var _currentIndex = 0

        func viewDidLoad() {
            _imageView = UIImageView()
            _imageView.layer.name = "photo"
            _imageView.frame = view.bounds  // was [UIScreen mainScreen].bounds
            _imageView.contentMode = .scaleAspectFit
            _imageView.image = bundleImage("image0.jpg")
            view.addSubview(_imageView)
            // (the swipe gesture recognisers become scene times; see scene())
        }

        func leftSwipe() { transitionAnimation(true) }
        func rightSwipe() { transitionAnimation(false) }

        func transitionAnimation(_ isNext: Bool) {
            let transition = CATransition()
            // 私有类型只能用字符串 (private types are strings only)
            transition.type = CATransitionType(rawValue: "cube")
            transition.subtype = isNext ? .fromRight : .fromLeft
            transition.duration = 1.0
            _imageView.image = getImage(isNext)
            _imageView.layer.add(transition, forKey: "KCTransitionAnimation")
        }

        func getImage(_ isNext: Bool) -> UIImage? {
            if isNext {
                _currentIndex = (_currentIndex + 1) % IMAGE_COUNT
            } else {
                _currentIndex = (_currentIndex - 1 + IMAGE_COUNT) % IMAGE_COUNT
            }
            let imageName = String(format: "image%ld", _currentIndex)
            return bundleImage(imageName)
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 2))
        let controller = LayerTransitionAnimationVC()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.1) { controller.rightSwipe() }  // back: image0 → image4
        scene.at(1.2) { controller.leftSwipe() }  // next: image4 → image0
        return scene
    }
}

@Suite("Ports: the falling petal, timing, keyframes, groups, transitions")
struct FallingPetalKeyframePortTests {
    /// A z angle in (−π, π].
    func wrapped(_ a: Double) -> Double { atan2(sin(a), cos(a)) }

    @Test func pauseAndResumeFollowTheLayersTime() throws {
        try expectRendersToMP4(PetalPauseResume.scene())
        let timeline = try PetalPauseResume.scene().compile()
        // Layer time = (t − beginTime) × speed + timeOffset. Touch at 0.5: both start (layer time
        // 0.5). Touch at 2.5: pause at layer time 2.5. Touch at 4: resume, beginTime 4 − 2.5 = 1.5,
        // so layer time = t − 1.5. The move (5 s) ends at layer time 5.5 = scene 7: the delegate
        // sets (250, 400) and pauses at 5.5. Touch at 8: resume, beginTime 8 − 5.5 = 2.5.
        // At 1.5 s: 1 s in: move 1/5 → (90, 200); rotation 1/6 × 3π/2 = π/4.
        var s = timeline.state("petal", at: 1.5)
        #expect(close(s.position, CGPoint(x: 90, y: 200)) && close(zAngle(s.transform), .pi / 4, 1e-5))
        // At 3 s, paused at layer 2.5 (2 s in): (130, 250), π/2.
        s = timeline.state("petal", at: 3)
        #expect(close(s.position, CGPoint(x: 130, y: 250)) && close(zAngle(s.transform), .pi / 2, 1e-5))
        // At 5 s, layer 3.5 (3 s in): (170, 300), 3π/4.
        s = timeline.state("petal", at: 5)
        #expect(close(s.position, CGPoint(x: 170, y: 300)) && close(zAngle(s.transform), 3 * .pi / 4, 1e-5))
        // At 7.5 s, paused at layer 5.5 (5 s in): at the end point; rotation 5/6 × 3π/2 = 5π/4.
        s = timeline.state("petal", at: 7.5)
        #expect(close(s.position, petalTap) && close(zAngle(s.transform), wrapped(5 * .pi / 4), 1e-5))
        // At 9.5 s, layer 7 (6.5 s in): the forward leg (3π/2, 6 s) is over, 0.5 s back: 3π/2 × 11/12.
        s = timeline.state("petal", at: 9.5)
        #expect(close(zAngle(s.transform), wrapped(3 * .pi / 2 * 11 / 12), 1e-5))
    }

    @Test func keyframeValuesStartAfterTheDelay() throws {
        try expectRendersToMP4(PetalKeyframes.scene(alongPath: false))
        let timeline = try PetalKeyframes.scene(alongPath: false).compile()
        // Four values, evenly timed (0, 1/3, 2/3, 1) over 8 s from 2 s, linearly between.
        // At 4 s, a quarter: 3/4 of the first leg, (50 + 30 × 0.75, 150 + 70 × 0.75) = (72.5, 202.5).
        // At 6 s, half: midway on the second leg, ((80 + 45)/2, (220 + 300)/2) = (62.5, 260).
        #expect(close(timeline.state("petal", at: 1).position, CGPoint(x: 50, y: 150)))
        #expect(close(timeline.state("petal", at: 4).position, CGPoint(x: 72.5, y: 202.5)))
        #expect(close(timeline.state("petal", at: 6).position, CGPoint(x: 62.5, y: 260)))
        // Over at 10 s and not kept: back at the model ("运行结束没有设置图层位置").
        #expect(close(timeline.state("petal", at: 10.2).position, CGPoint(x: 50, y: 150)))
    }

    @Test func keyframePathFollowsTheCurve() throws {
        try expectRendersToMP4(PetalKeyframes.scene(alongPath: true))
        let timeline = try PetalKeyframes.scene(alongPath: true).compile()
        // One cubic (50,150) (160,280) (−30,300) (55,400), 8 s from 5 s; halfway (9 s) is
        // B(½) = (P0 + 3C1 + 3C2 + P3)/8 = ((50 + 480 − 90 + 55)/8, (150 + 840 + 900 + 400)/8)
        // = (61.875, 286.25).
        #expect(close(timeline.state("petal", at: 4.9).position, CGPoint(x: 50, y: 150)))
        #expect(close(timeline.state("petal", at: 9).position, CGPoint(x: 61.875, y: 286.25)))
        // 1 ms before the end (fraction 1 − 1/8000) the layer is B′(1)/8000 = 3 (P3 − C2)/8000
        // = (0.032, 0.0375) short of the end.
        #expect(close(timeline.state("petal", at: 12.999).position, CGPoint(x: 55 - 0.031875, y: 400 - 0.0375), 1e-4))
    }

    @Test func groupRunsBothThenTheDelegateKeepsTheEnd() throws {
        try expectRendersToMP4(PetalGroup.scene())
        let timeline = try PetalGroup.scene().compile()
        // Children without a duration take the group's 10 s; the group starts at 5 s.
        // At 7.5 s (a quarter): B(¼) with weights (27, 27, 9, 1)/64:
        // x = (27×50 + 27×160 − 9×30 + 55)/64 = 85.234375, y = (27×150 + 27×280 + 9×300 + 400)/64
        // = 229.84375; rotation ¼ of 3π/2 = 3π/8.
        var s = timeline.state("petal", at: 7.5)
        #expect(close(s.position, CGPoint(x: 85.234375, y: 229.84375)) && close(zAngle(s.transform), 3 * .pi / 8, 1e-5))
        // At 10 s (half): (61.875, 286.25) and 3π/4.
        s = timeline.state("petal", at: 10)
        #expect(close(s.position, CGPoint(x: 61.875, y: 286.25)) && close(zAngle(s.transform), 3 * .pi / 4, 1e-5))
        // At 15 s the group ends; the delegate sets (55, 400) and a 3π/2 turn (−π/2 as an angle).
        s = timeline.state("petal", at: 15.5)
        #expect(close(s.position, CGPoint(x: 55, y: 400)) && close(zAngle(s.transform), -.pi / 2, 1e-5))
    }

    @Test func swipesCubeToTheNextImage() throws {
        try expectRendersToMP4(PetalTransition.scene())
        let timeline = try PetalTransition.scene().compile()
        // A right swipe at 0.1 s goes back from image0 to image4 ((0 − 1 + 5) % 5), under a 1 s
        // cube from the left; the new image shows at once, under the transition.
        let during = try #require(timeline.presentation(at: 0.6, layerNamed: "photo"))
        #expect(
            during.transition?.type == CATransitionType(rawValue: "cube") && during.transition?.subtype == .fromLeft)
        #expect(close(during.transition?.progress ?? -1, 0.5, 1e-6), "linear: 0.5 s of 1 s")
        #expect(during.state.contents?.source?.hasSuffix("image4.jpg") == true)
        // Between them (1.1–1.2 s) no transition; at 1.2 s a left swipe goes on to image0, from the right.
        #expect(timeline.presentation(at: 1.15, layerNamed: "photo")?.transition == nil)
        let second = try #require(timeline.presentation(at: 1.45, layerNamed: "photo"))
        #expect(second.transition?.subtype == .fromRight && close(second.transition?.progress ?? -1, 0.25, 1e-6))
        #expect(second.state.contents?.source?.hasSuffix("image0.jpg") == true)
    }
}
