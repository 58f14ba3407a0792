import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// Seed: 002_9f052afd0e7c33c0.txt ("iOS 动画进阶"), its one example: PlayButton + ViewController.
//
// Port of a tutorial's Swift play button ("iOS 动画进阶", after a well-known hamburger-button
// transition): three CAShapeLayers whose strokeStart, strokeEnd and transform animate between a
// "pause" and a "play" look, through a CALayer extension that starts each animation from the
// presentation value and sets the model to the end. Edits, and why:
// - `class PlayButton: UIControl` → `UIView`: ReelUIKit has no controls (no events on video);
//   `addTarget(_:action:for: .touchUpInside)` → the toggles are calls at scene times.
// - `required init?(coder:)` dropped: there are no storyboards (NSCoder) to make views from.
// - `CGPath(__byStroking:…)?.boundingBoxOfPath` → the path's box grown by half the line width:
//   ReelCore has no stroked-path copy (a gap; exact for these round-capped lines).
// - `kCALineCapRound` → `.round`, `kCAFillModeBackwards` → `.backwards` (Swift 4.2 names).
// - `#selector`, `preferredStatusBarStyle` dropped (no Objective-C runtime, no status bar).
// - The canvas is a 320×320 part of the screen around the button. Layer names for the tests.

final class PlayButton: UIView {
    // MARK: - enum
    // 按钮的几种动画效果 (the button's animation styles)
    enum PlayAnimation {
        case rotateAndGrad
        case grad
        case breathe
    }

    // 播放状态 (play states)
    enum PlayStatus {
        case buffering  // 缓冲
        case play  // 播放
        case pause  // 暂停
        case stopped  // 停止
    }

    // MARK: - private property
    // 左右两条线 (the left and right lines)
    private var top: CAShapeLayer! = CAShapeLayer()
    private var bottom: CAShapeLayer! = CAShapeLayer()
    private var rotate: CAShapeLayer! = CAShapeLayer()
    // 菜单的起点和终点 (the menu look's stroke start and end)
    private let menuStrokeStart: CGFloat = 0.325
    private let menuStrokeEnd: CGFloat = 0.9
    // 中线的起点和重点 (the play look's)
    private let playStrokeStart: CGFloat = 0.028
    private let playStrokeEnd: CGFloat = 0.111

    // MARK: - life cycle
    override init(frame: CGRect) {
        super.init(frame: frame)

        // 绘制左右两条线 (draw the two lines)
        self.top.path = leftStroke
        self.bottom.path = rightStroke
        self.rotate.path = outline
        self.top.name = "top"; self.bottom.name = "bottom"; self.rotate.name = "rotate"

        for layer in [self.top, self.bottom, self.rotate] {
            layer?.fillColor = nil
            layer?.strokeColor = UIColor.white.cgColor
            layer?.lineWidth = 4
            layer?.miterLimit = 4
            layer?.lineCap = .round

            // 设置layer的bounds (the bounds: the stroked path's box; see the edits above)
            let strokingBox = (layer?.path!)!.boundingBoxOfPath.insetBy(dx: -4 / 2, dy: -4 / 2)
            layer?.bounds = strokingBox
            // 设置行为 (no implicit animations for these keys)
            layer?.actions = [
                "strokeStart": NSNull(),
                "strokeEnd": NSNull(),
                "transform": NSNull()
            ]

            self.layer.addSublayer(layer!)
        }

        // 设置左线的锚点和位置 (the left line's anchor and position)
        self.top.anchorPoint = CGPoint(x: 1, y: 1)
        self.top.position = CGPoint(x: 40, y: 19.25)
        // 设置右线的锚点和位置
        self.bottom.anchorPoint = CGPoint(x: 1, y: 0)
        self.bottom.position = CGPoint(x: 40, y: 18)
        // 设置中线的位置和起点和终点 (the middle line)
        self.rotate.position = CGPoint(x: 29, y: 18)
        self.rotate.strokeStart = playStrokeStart
        self.rotate.strokeEnd = playStrokeEnd
    }

    // MARK: - setter and getter

    // 画短直线 -> play
    let leftStroke: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 2, y: 2))
        path.addLine(to: CGPoint(x: 2, y: 15))
        return path
    }()
    private let rightStroke: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 2, y: 12))
        path.addLine(to: CGPoint(x: 2, y: 25))
        return path
    }()
    // 外边框圆 -> 中间 (the outer circle → the middle)
    private let outline: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 29, y: 0))
        path.addCurve(to: CGPoint(x: 27, y: 53), control1: CGPoint(x: 27, y: 31), control2: CGPoint(x: 27, y: 43.75))
        path.addCurve(
            to: CGPoint(x: 41.5, y: 3), control1: CGPoint(x: 75.92, y: 24.75), control2: CGPoint(x: 62.97, y: 3))
        path.addCurve(
            to: CGPoint(x: 16.5, y: 27), control1: CGPoint(x: 28.66, y: 3), control2: CGPoint(x: 16.5, y: 13.16))
        path.addCurve(
            to: CGPoint(x: 41.5, y: 52), control1: CGPoint(x: 16.5, y: 40.84), control2: CGPoint(x: 27.66, y: 52))
        path.addCurve(
            to: CGPoint(x: 66.5, y: 27), control1: CGPoint(x: 55.34, y: 52), control2: CGPoint(x: 66.5, y: 40.84))
        path.addCurve(
            to: CGPoint(x: 41.5, y: 3), control1: CGPoint(x: 66.5, y: 13.16), control2: CGPoint(x: 56.89, y: 3))
        path.addCurve(
            to: CGPoint(x: 16.5, y: 27), control1: CGPoint(x: 27.66, y: 3), control2: CGPoint(x: 16.5, y: 13.16))
        return path
    }()

    var playStatus: PlayStatus = .pause {
        didSet {
            let strokeStart = CABasicAnimation(keyPath: "strokeStart")
            let strokeEnd = CABasicAnimation(keyPath: "strokeEnd")

            // 动画 (the animations)
            if self.playStatus == .play {
                strokeStart.toValue = menuStrokeStart
                strokeStart.duration = 0.2
                strokeStart.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, -0.4, 0.5, 1)

                strokeEnd.toValue = menuStrokeEnd
                strokeEnd.duration = 0.3
                strokeEnd.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, -0.4, 0.5, 1)
            } else {
                strokeStart.toValue = playStrokeStart
                strokeStart.duration = 0.2
                strokeStart.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.5, 1.2)
                strokeStart.beginTime = CACurrentMediaTime() + 0.1
                strokeStart.fillMode = .backwards

                strokeEnd.toValue = playStrokeEnd
                strokeEnd.duration = 0.3
                strokeEnd.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.3, 0.5, 0.9)
            }

            self.rotate.ocb_applyAnimation(strokeStart)
            self.rotate.ocb_applyAnimation(strokeEnd)

            // 设置竖线的变化 (the vertical lines' change)
            let topTransform = CABasicAnimation(keyPath: "transform")
            topTransform.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -0.8, 0.5, 1.85)
            topTransform.duration = 0.2
            topTransform.fillMode = .backwards

            let bottomTransform = topTransform.copy() as! CABasicAnimation

            if self.playStatus == .play {
                let translation = CATransform3DMakeTranslation(-2, 0, 0)

                topTransform.toValue = NSValue(caTransform3D: CATransform3DRotate(translation, -0.65, 0, 0, 1))
                topTransform.beginTime = CACurrentMediaTime() + 0.25

                bottomTransform.toValue = NSValue(caTransform3D: CATransform3DRotate(translation, 0.84, 0, 0, 1))
                bottomTransform.beginTime = CACurrentMediaTime() + 0.25
            } else {
                topTransform.toValue = NSValue(caTransform3D: CATransform3DIdentity)
                topTransform.beginTime = CACurrentMediaTime() + 0.05

                bottomTransform.toValue = NSValue(caTransform3D: CATransform3DIdentity)
                bottomTransform.beginTime = CACurrentMediaTime() + 0.05
            }

            self.top.ocb_applyAnimation(topTransform)
            self.bottom.ocb_applyAnimation(bottomTransform)
        }
    }
}

// 对CALayer进行扩展 (a CALayer extension)
extension CALayer {
    func ocb_applyAnimation(_ animation: CABasicAnimation) {
        let copy = animation.copy() as! CABasicAnimation

        if copy.fromValue == nil {
            copy.fromValue = self.presentation()!.value(forKeyPath: copy.keyPath!)
        }

        self.add(copy, forKey: copy.keyPath)
        self.setValue(copy.toValue, forKeyPath: copy.keyPath!)
    }
}

final class PlayButtonViewController {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 320))
    var button: PlayButton! = nil

    func viewDidLoad() {
        self.view.backgroundColor = UIColor(red: 38.0 / 255, green: 151.0 / 255, blue: 68.0 / 255, alpha: 1)

        button = PlayButton(frame: CGRect(x: 133, y: 133, width: 100, height: 100))
        // button.transform = CGAffineTransform.init(scaleX: 0.5, y: 0.5)  作用于view (on the view)
        button.layer.transform = CATransform3DMakeScale(0.8, 0.8, 1)
        // button.addTarget(self, action: #selector(ViewController.toggle(_:)), for: .touchUpInside)

        view.addSubview(button)
    }

    func toggle(_ sender: AnyObject!) {
        if button.playStatus == .play {
            button.playStatus = .pause
        } else if button.playStatus == .pause {
            button.playStatus = .play
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 320), fps: 30, duration: 2.2))
        let controller = PlayButtonViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.5) { controller.toggle(nil) }  // tap: play
        scene.at(1.5) { controller.toggle(nil) }  // tap: pause
        return scene
    }
}

@Suite("Ports: the play button")
struct PlayButtonPortTests {
    @Test func rendersToMP4() throws {
        try expectRendersToMP4(PlayButtonViewController.scene())
    }

    @Test func strokesMoveToTheMenuLookAndBack() throws {
        let timeline = try PlayButtonViewController.scene().compile()
        func rotate(_ t: Double) -> LayerState { timeline.state("rotate", at: t) }
        #expect(close(rotate(0.4).strokeStart, 0.028) && close(rotate(0.4).strokeEnd, 0.111))
        // Play at 0.5 s: strokeEnd 0.111 → 0.9 over 0.3 s, curve (0.25, −0.4, 0.5, 1). At 0.65 s,
        // x = ½: solving 3(1−s)²s·0.25 + 3(1−s)s²·0.5 + s³ = ½ gives s = 0.596072, and
        // y(s) = 3(1−s)²s·(−0.4) + 3(1−s)s² + s³ = 0.525629: 0.111 + 0.789 × 0.525629 = 0.525721.
        #expect(close(rotate(0.65).strokeEnd, 0.525721, 1e-5))
        // Over at 0.7 (start) and 0.8 s (end): the model set by ocb_applyAnimation shows.
        #expect(close(rotate(0.85).strokeStart, 0.325) && close(rotate(0.85).strokeEnd, 0.9))
        // Pause at 1.5 s: strokeStart waits until 1.6 s holding its from value (the presentation
        // at 1.5, 0.325) with backwards fill, though its model is already 0.028.
        #expect(close(rotate(1.55).strokeStart, 0.325))
        #expect(timeline.model("rotate", at: 1.55).map { close($0.strokeStart, 0.028) } == true)
        #expect(close(rotate(2.0).strokeStart, 0.028) && close(rotate(2.0).strokeEnd, 0.111))
    }

    @Test func linesTurnAfterTheirDelay() throws {
        let timeline = try PlayButtonViewController.scene().compile()
        // Play at 0.5 s: the top line's transform animation begins at 0.75 s; until then the
        // backwards fill holds its from value, the identity (the presentation at 0.5 s).
        #expect(timeline.state("top", at: 0.6).transform == .identity)
        // From 0.95 s the model: rotate(translate(−2, 0, 0), −0.65 about z) = the rotation, then the
        // translation: m11 = cos(−0.65), m12 = sin(−0.65), m41 = −2. The bottom line: +0.84.
        let top = timeline.state("top", at: 1.0).transform, bottom = timeline.state("bottom", at: 1.0).transform
        #expect(close(zAngle(top), -0.65) && close(top.m41, -2) && close(top.m42, 0))
        #expect(close(zAngle(bottom), 0.84) && close(bottom.m41, -2))
        // Pause at 1.5 s: back to the identity after 1.55 + 0.2 s; before 1.55 s, still turned.
        #expect(close(zAngle(timeline.state("top", at: 1.52).transform), -0.65))
        #expect(timeline.state("top", at: 1.8).transform == .identity)
    }
}
