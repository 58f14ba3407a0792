import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// Seed: 003_2d455e6679f3409f.txt, listings 8.6, (8.7/8.8), 8.9, 8.10, 8.11, 8.15; and the
// rotationMode snippet of 004_0e3e9b6855133d95.txt ("iOS.Core.Animation笔记二").
//
// Ports of the same book chapter's spaceship listings (Objective-C, lower-cased in the reprint):
// 8.6 a ship along a Bézier curve drawn by a CAShapeLayer; 8.7/8.8 a turn by a whole transform
// matrix (described by the text, the listings lost); 8.9 a full turn by the virtual
// `transform.rotation` key path with `byValue`; 8.10 a group of the path (turning with it) and a
// colour; 8.11 a cross-fade between images; 8.15 start and stop buttons with a delegate that logs
// whether the animation finished. Also the later notes' variant of 8.6 with
// `rotationMode = kCAAnimationRotateAuto`. Edits, and why:
// - Objective-C → Swift; `(__bridge id)image.CGImage` → `image.cgImage`, `@(M_PI * 2)` →
//   `NSNumber(value: M_PI * 2)`, `kCAAnimationRotateAuto` → `.rotateAuto`,
//   `kCATransitionFade` → `.fade`.
// - The `containerView`/`imageView` outlets are made in code; the buttons (`IBAction`s) are
//   calls at scene times; images come from files (`bundleImage`).
// - `[images indexOfObject:]` → `firstIndex { $0 === currentImage }`: UIImage is a class without
//   Equatable in Swift; NSArray compared with isEqual:, which for images is identity.
// - 8.15's NSLog also records its line, so the test can read what the delegate logged.
// - Layer names, only so the tests can find layers.

/// The curve of 8.6, 8.10 and the notes' variant: (0, 150) to (300, 150), controls (75, 0), (225, 300).
func shipPath() -> UIBezierPath {
    let bezierPath = UIBezierPath()
    bezierPath.move(to: CGPoint(x: 0, y: 150))
    bezierPath.addCurve(
        to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0), controlPoint2: CGPoint(x: 225, y: 300))
    return bezierPath
}

/// Listing 8.6 (and the notes' variant with the ship turned along the curve).
enum ShipAlongPath {
    final class ViewController {
        let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))  // was an IBOutlet
        let rotatesAlongPath: Bool
        init(rotatesAlongPath: Bool) { self.rotatesAlongPath = rotatesAlongPath }

        func viewDidLoad() {
            // create a path
            let bezierPath = UIBezierPath()
            bezierPath.move(to: CGPoint(x: 0, y: 150))
            bezierPath.addCurve(
                to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0), controlPoint2: CGPoint(x: 225, y: 300)
            )
            // draw the path using a CAShapeLayer
            let pathLayer = CAShapeLayer()
            pathLayer.path = bezierPath.cgPath
            pathLayer.fillColor = UIColor.clear.cgColor
            pathLayer.strokeColor = UIColor.red.cgColor
            pathLayer.lineWidth = 3.0
            containerView.layer.addSublayer(pathLayer)
            // add the ship
            let shipLayer = CALayer()
            shipLayer.name = "ship"
            shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            shipLayer.position = CGPoint(x: 0, y: 150)
            shipLayer.contents = bundleImage("ship.png")?.cgImage
            containerView.layer.addSublayer(shipLayer)
            // create the keyframe animation
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4.0
            animation.path = bezierPath.cgPath
            if rotatesAlongPath { animation.rotationMode = .rotateAuto }  // the notes' variant
            shipLayer.add(animation, forKey: nil)
        }
    }

    static func scene(rotatesAlongPath: Bool) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 300), fps: 30, duration: 2))
        let controller = ViewController(rotatesAlongPath: rotatesAlongPath)
        controller.viewDidLoad()
        scene.addSubview(controller.containerView)
        return scene
    }
}

/// Listings 8.9 and 8.15: a ship turned a whole turn by `transform.rotation` with `byValue`;
/// 8.15 adds start and stop buttons and a delegate.
enum ShipRotation {
    final class ViewController: CAAnimationDelegate {
        let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        var shipLayer: CALayer!
        /// What the delegate's NSLog printed.
        var log: [String] = []

        func viewDidLoad() {
            // add the ship
            shipLayer = CALayer()
            shipLayer.name = "ship"
            shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
            shipLayer.position = CGPoint(x: 150, y: 150)
            shipLayer.contents = bundleImage("ship.png")?.cgImage
            containerView.layer.addSublayer(shipLayer)
        }

        /// 8.9's viewDidLoad animation (no key, no delegate).
        func animateShip() {
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2.0
            animation.byValue = NSNumber(value: M_PI * 2)
            shipLayer.add(animation, forKey: nil)
        }

        /// 8.15's start button.
        func start() {
            // animate the ship rotation
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2.0
            animation.byValue = NSNumber(value: M_PI * 2)
            animation.delegate = self
            shipLayer.add(animation, forKey: "rotateAnimation")
        }

        /// 8.15's stop button.
        func stop() {
            shipLayer.removeAnimation(forKey: "rotateAnimation")
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            // log that the animation stopped
            let line = String(format: "The animation stopped (finished: %@)", flag ? "YES" : "NO")
            NSLog("%@", line)
            log.append(line)
        }
    }

    static func scene(buttons: Bool) -> (Scene, ViewController) {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 300), fps: 30, duration: buttons ? 4 : 2))
        let controller = ViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.containerView)
        if buttons {
            scene.at(0.5) { controller.start() }
            scene.at(1.0) { controller.stop() }  // stopped half a second in
            scene.at(1.5) { controller.start() }  // and this one runs to its end, at 3.5 s
        } else {
            controller.animateShip()
        }
        return (scene, controller)
    }
}

/// Listings 8.7 and 8.8, which the reprint lost but its text describes: the ship turned by
/// animating the whole `transform` to a rotation matrix (`CATransform3DMakeRotation(M_PI, 0, 0,
/// 1)`, 2 s) — "if we change M_PI to 2 * M_PI the ship does not move at all", since a 360°
/// matrix is the identity. The code is the book's listing as the text describes it.
enum ShipTransform {
    final class ViewController {
        let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        let angle: CGFloat
        init(angle: CGFloat) { self.angle = angle }

        func viewDidLoad() {
            // add the ship
            let shipLayer = CALayer()
            shipLayer.name = "ship"
            shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
            shipLayer.position = CGPoint(x: 150, y: 150)
            shipLayer.contents = bundleImage("ship.png")?.cgImage
            containerView.layer.addSublayer(shipLayer)
            // animate the ship rotation
            let animation = CABasicAnimation()
            animation.keyPath = "transform"
            animation.duration = 2.0
            animation.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(angle, 0, 0, 1))
            shipLayer.add(animation, forKey: nil)
        }
    }

    static func scene(angle: CGFloat) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 300), fps: 30, duration: 2))
        let controller = ViewController(angle: angle)
        controller.viewDidLoad()
        scene.addSubview(controller.containerView)
        return scene
    }
}

/// Listing 8.10: the path (turning along it) and a green-to-red colour in a 4 s group.
enum ShipGroup {
    final class ViewController {
        let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))

        func viewDidLoad() {
            let bezierPath = UIBezierPath()
            bezierPath.move(to: CGPoint(x: 0, y: 150))
            bezierPath.addCurve(
                to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0), controlPoint2: CGPoint(x: 225, y: 300)
            )
            let pathLayer = CAShapeLayer()
            pathLayer.path = bezierPath.cgPath
            pathLayer.fillColor = UIColor.clear.cgColor
            pathLayer.strokeColor = UIColor.red.cgColor
            pathLayer.lineWidth = 3.0
            containerView.layer.addSublayer(pathLayer)
            // add a colored layer
            let colorLayer = CALayer()
            colorLayer.name = "color"
            colorLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            colorLayer.position = CGPoint(x: 0, y: 150)
            colorLayer.backgroundColor = UIColor.green.cgColor
            containerView.layer.addSublayer(colorLayer)
            // create the position animation
            let animation1 = CAKeyframeAnimation()
            animation1.keyPath = "position"
            animation1.path = bezierPath.cgPath
            animation1.rotationMode = .rotateAuto
            // create the color animation
            let animation2 = CABasicAnimation()
            animation2.keyPath = "backgroundColor"
            animation2.toValue = UIColor.red.cgColor
            // create group animation
            let groupAnimation = CAAnimationGroup()
            groupAnimation.animations = [animation1, animation2]
            groupAnimation.duration = 4.0
            // add the animation to the color layer
            colorLayer.add(groupAnimation, forKey: nil)
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 300), fps: 30, duration: 2))
        let controller = ViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.containerView)
        return scene
    }
}

/// Listing 8.11: a button cross-fades an image view to the next of four images.
enum ImageFade {
    final class ViewController {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var imageView: UIImageView!  // was an IBOutlet (with the first image, from the storyboard)
        var images: [UIImage] = []

        func viewDidLoad() {
            imageView = UIImageView(frame: CGRect(x: 96, y: 56, width: 128, height: 128))
            imageView.layer.name = "photo"
            view.addSubview(imageView)
            // set up images
            images = [
                bundleImage("anchor.png")!,
                bundleImage("cone.png")!,
                bundleImage("igloo.png")!,
                bundleImage("spaceship.png")!
            ]
            imageView.image = images[0]
        }

        func switchImage() {
            // set up crossfade transition
            let transition = CATransition()
            transition.type = .fade
            // apply transition to imageview backing layer
            imageView.layer.add(transition, forKey: nil)
            // cycle to next image
            let currentImage = imageView.image
            var index = images.firstIndex { $0 === currentImage }!
            index = (index + 1) % images.count
            imageView.image = images[index]
        }
    }

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 1.5))
        let controller = ViewController()
        controller.viewDidLoad()
        scene.addSubview(controller.view)
        scene.at(0.5) { controller.switchImage() }
        scene.at(1.0) { controller.switchImage() }
        return scene
    }
}

@Suite("Ports: explicit animations (the spaceship)")
struct ShipPortTests {
    // B(t) of the ship's curve: B(¼) with weights (27, 27, 9, 1)/64 = (67.96875, 107.8125);
    // B(½) = (0 + 225 + 675 + 300, 150 + 0 + 900 + 150)/8 = (150, 150).
    // B′(t) = 3(1−t)²(C1−P0) + 6(1−t)t(C2−C1) + 3t²(P3−C2); B′(½) = ¾(75, −150) + 1.5(150, 300)
    // + ¾(75, −150) = (337.5, 225), angle atan2(225, 337.5); B′(0) = 3(75, −150), angle atan2(−2, 1).

    @Test func shipFollowsTheCurve() throws {
        try expectRendersToMP4(ShipAlongPath.scene(rotatesAlongPath: false))
        let timeline = try ShipAlongPath.scene(rotatesAlongPath: false).compile()
        // 4 s along one cubic, from time 0: at 1 s B(¼), at 2 s B(½) (past the 2 s canvas
        // only for the tests: presentation is defined at any time).
        #expect(close(timeline.state("ship", at: 1).position, CGPoint(x: 67.96875, y: 107.8125)))
        #expect(close(timeline.state("ship", at: 2).position, CGPoint(x: 150, y: 150)))
        #expect(close(zAngle(timeline.state("ship", at: 1).transform), 0), "no rotation mode: upright")
    }

    @Test func rotateAutoTurnsTheShipAlongTheCurve() throws {
        try expectRendersToMP4(ShipAlongPath.scene(rotatesAlongPath: true))
        let timeline = try ShipAlongPath.scene(rotatesAlongPath: true).compile()
        #expect(close(zAngle(timeline.state("ship", at: 0).transform), atan2(-2, 1)))
        #expect(close(zAngle(timeline.state("ship", at: 2).transform), atan2(225, 337.5)))
        #expect(close(timeline.state("ship", at: 2).position, CGPoint(x: 150, y: 150)))
    }

    @Test func byValueTurnsAWholeTurn() throws {
        try expectRendersToMP4(ShipRotation.scene(buttons: false).0)
        let timeline = try ShipRotation.scene(buttons: false).0.compile()
        // byValue 2π over 2 s, linear, from the model's 0: at 0.5 s π/2, at 1.5 s 3π/2 (−π/2).
        #expect(close(zAngle(timeline.state("ship", at: 0.5).transform), .pi / 2))
        #expect(close(zAngle(timeline.state("ship", at: 1.5).transform), -.pi / 2))
    }

    @Test func wholeTransformTurnsHalfATurnButNotAWholeOne() throws {
        try expectRendersToMP4(ShipTransform.scene(angle: CGFloat(M_PI)))
        // Matrices interpolate by decomposition: identity → π about z passes π/2 (either way
        // round: 180° has no shorter side) at 1 s of 2.
        let half = try ShipTransform.scene(angle: CGFloat(M_PI)).compile()
        #expect(close(abs(zAngle(half.state("ship", at: 1).transform)), .pi / 2, 1e-6))
        #expect(close(abs(zAngle(half.state("ship", at: 1.9).transform)), .pi * 0.95, 1e-6))
        // A 2π matrix is the identity: from identity to identity, the ship does not move.
        let whole = try ShipTransform.scene(angle: CGFloat(M_PI * 2)).compile()
        for t in [0.5, 1.0, 1.5] { #expect(close(zAngle(whole.state("ship", at: t).transform), 0, 1e-9)) }
    }

    @Test func stopRemovesTheAnimationAndTheDelegateSaysSo() throws {
        try expectRendersToMP4(ShipRotation.scene(buttons: true).0)
        let (scene, controller) = ShipRotation.scene(buttons: true)
        let timeline = try scene.compile()
        // Started at 0.5 s: at 0.75 s, 0.25 s of 2 s: π/4. Stopped at 1 s: upright again.
        #expect(close(zAngle(timeline.state("ship", at: 0.75).transform), .pi / 4))
        #expect(close(zAngle(timeline.state("ship", at: 1.2).transform), 0))
        // Started again at 1.5 s: at 2.5 s, half a turn.
        #expect(close(abs(zAngle(timeline.state("ship", at: 2.5).transform)), .pi))
        // Removed early: finished NO; run to its end: YES.
        #expect(controller.log == ["The animation stopped (finished: NO)", "The animation stopped (finished: YES)"])
        #expect(timeline.events.filter { $0.kind == .didStop }.map(\.time) == [1.0, 3.5])
    }

    @Test func groupMovesTurnsAndColours() throws {
        try expectRendersToMP4(ShipGroup.scene())
        let timeline = try ShipGroup.scene().compile()
        // Children take the group's 4 s: at 2 s, B(½), turned along the tangent, and halfway from
        // green (0, 1, 0) to red (1, 0, 0): (0.5, 0.5, 0).
        let s = timeline.state("color", at: 2)
        #expect(close(s.position, CGPoint(x: 150, y: 150)) && close(zAngle(s.transform), atan2(225, 337.5)))
        #expect(Array((s.backgroundColor?.components ?? []).prefix(3)) == [0.5, 0.5, 0])
        #expect(close(timeline.state("color", at: 1).position, CGPoint(x: 67.96875, y: 107.8125)))
    }

    @Test func fadeCyclesTheImages() throws {
        let frames = try expectRendersToMP4(ImageFade.scene(), decode: true)
        // The video: the 128×128 image view in the middle shows anchor (220, 40, 40) before the
        // first switch and igloo (40, 70, 220) after the second (frame 39 is 1.3 s at 30 fps).
        #expect(near(pixel(frames[6], width: 320, x: 160, y: 120), (220, 40, 40)))
        #expect(near(pixel(frames[39], width: 320, x: 160, y: 120), (40, 70, 220)))
        let timeline = try ImageFade.scene().compile()
        // A fade lasts the transaction's 0.25 s (no duration set); linear. At 0.6 s, 0.1 s in: 0.4.
        let first = try #require(timeline.presentation(at: 0.6, layerNamed: "photo"))
        #expect(first.transition?.type == .fade && close(first.transition?.progress ?? -1, 0.4, 1e-6))
        #expect(first.state.contents?.source?.hasSuffix("cone.png") == true)
        #expect(timeline.presentation(at: 0.8, layerNamed: "photo")?.transition == nil)
        #expect(timeline.state("photo", at: 1.3).contents?.source?.hasSuffix("igloo.png") == true)
    }
}
