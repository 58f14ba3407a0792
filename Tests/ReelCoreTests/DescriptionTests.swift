import Foundation
import ReelCore
import Testing

/// `print(layer)` / `"\(anim)"` show Apple's `<Class: 0x…; key = value>` descriptions.
@Suite("Descriptions")
struct DescriptionTests {
    @Test func layerDescription() {
        let layer = CAShapeLayer()
        layer.name = "ring"
        layer.position = CGPoint(x: 50, y: 40.5)
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.opacity = 0.5
        layer.lineWidth = 3
        layer.addSublayer(CALayer())
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        let text = "\(layer)"
        #expect(text.hasPrefix("<CAShapeLayer: 0x"), "\(text)")
        #expect(text.hasSuffix(">"))
        for part in [
            "name = \"ring\"", "position = CGPoint (50 40.5)", "bounds = CGRect (0 0; 20 10)", "opacity = 0.5",
            "lineWidth = 3", "sublayers = 1", "animations = (fade)"
        ] {
            #expect(text.contains(part), "\(part) in \(text)")
        }
        #expect(!text.contains("cornerRadius"), "defaults are left out: \(text)")
        layer.setValue("tag", forKey: "identifier")
        #expect(
            String(reflecting: layer).contains("identifier = tag"), "debugDescription adds the values stored by key")
        let (a, b) = (CALayer(), CALayer())
        #expect(String(describing: a) != String(describing: b), "the address tells objects apart")
    }

    @Test func animationDescriptions() {
        let basic = CABasicAnimation(keyPath: "position.x")
        basic.duration = 2
        basic.toValue = 100
        basic.repeatCount = .infinity
        basic.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        basic.setValue("slide", forKey: "name")
        let text = "\(basic)"
        #expect(text.hasPrefix("<CABasicAnimation: 0x"), "\(text)")
        for part in [
            "keyPath = position.x", "duration = 2", "toValue = 100", "repeatCount = inf",
            "timingFunction = easeInEaseOut", "name = slide"
        ] {
            #expect(text.contains(part), "\(part) in \(text)")
        }
        #expect(!text.contains("fromValue"), "\(text)")

        let keyframe = CAKeyframeAnimation(keyPath: "position")
        keyframe.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5)]
        keyframe.calculationMode = .paced
        let k = keyframe.description
        #expect(
            k.hasPrefix("<CAKeyframeAnimation: 0x") && k.contains("values = (CGPoint (0 0), CGPoint (10 5))")
                && k.contains("calculationMode = paced"), "\(k)")

        let spring = CASpringAnimation(keyPath: "bounds")
        spring.damping = 5
        #expect(
            spring.description.hasPrefix("<CASpringAnimation: 0x") && spring.description.contains("damping = 5"),
            "\(spring)")
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        #expect("\(transition)".contains("type = push; subtype = fromRight"), "\(transition)")
        let group = CAAnimationGroup()
        group.animations = [basic, transition]
        #expect("\(group)".contains("animations = (CABasicAnimation position.x, CATransition)"), "\(group)")
    }

    @Test func valueDescriptions() {
        #expect(CAMediaTimingFunction(name: .easeIn).description == "easeIn")
        #expect(
            CAMediaTimingFunction(controlPoints: 0.25, -0.4, 0.5, 1).description
                == "[0.25, -0.4000000059604645, 0.5, 1]")
        #expect("\(CATransform3DIdentity)".contains("m11: 1.0"), "Swift's struct printing, as on Apple platforms")
        #expect("\(CGColor(red: 1, green: 0, blue: 0, alpha: 1))".contains("1"))
        #expect("\(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil))".hasPrefix("CGPath("))
    }
}
