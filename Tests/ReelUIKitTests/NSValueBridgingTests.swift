import Foundation
import ReelUIKit
import Testing

/// Boxed values, as Objective-C-era code writes them, work wherever bare values do.
@Suite("NSValue and NSNumber in animations")
struct NSValueBridgingTests {
    func scene() -> (Scene, CALayer) {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 200, height: 200), fps: 10, duration: 5))
        let box = CALayer()
        box.name = "box"
        box.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        scene.rootLayer.addSublayer(box)
        return (scene, box)
    }

    @Test func boxesRoundTrip() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(
            NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        let t = CATransform3DRotate(CATransform3DMakeScale(2, 3, 1), 0.3, 0, 0, 1)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        #expect(NSValue(cgPoint: .zero).caTransform3DValue == .identity, "another box is no transform")
    }

    @Test func boxedFromAndToValues() throws {
        let (scene, box) = scene()
        scene.at(1) {
            func basic(_ key: String, _ from: Any, _ to: Any) {
                let a = CABasicAnimation(keyPath: key)
                a.fromValue = from
                a.toValue = to
                a.duration = 2
                box.add(a, forKey: key)
            }
            basic("position", NSValue(cgPoint: CGPoint(x: 0, y: 0)), NSValue(cgPoint: CGPoint(x: 100, y: 50)))
            basic("opacity", NSNumber(value: 0), NSNumber(value: 1))
            basic(
                "bounds", NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 10)),
                NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 50)))
            basic("shadowOffset", NSValue(cgSize: .zero), NSValue(cgSize: CGSize(width: 8, height: 4)))
            basic(
                "transform", NSValue(caTransform3D: CATransform3DIdentity),
                NSValue(caTransform3D: CATransform3DMakeTranslation(40, 0, 0)))
            basic("transform.rotation.z", NSNumber(value: 0), NSNumber(value: Double.pi))
        }
        let t = try scene.compile()
        let s = t.state("box", at: 2)
        #expect(s.position == CGPoint(x: 50, y: 25) && s.opacity == 0.5)
        #expect(s.bounds.size == CGSize(width: 20, height: 30) && s.shadowOffset == CGSize(width: 4, height: 2))
        // transform.rotation.z was added last: it applies on top, a quarter turn at half time.
        #expect(close(atan2(s.transform.m12, s.transform.m11), .pi / 2, 1e-9))
    }

    @Test func boxedKeyframeValuesAndKeyValueCoding() throws {
        let (scene, box) = scene()
        scene.at(1) {
            let k = CAKeyframeAnimation(keyPath: "position")
            k.values = [
                NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 100, y: 0)),
                NSValue(cgPoint: CGPoint(x: 100, y: 100))
            ]
            k.duration = 2
            box.add(k, forKey: "path")
            box.setValue(NSNumber(value: 6), forKeyPath: "cornerRadius")  // as on iOS: no try
        }
        let t = try scene.compile()
        #expect(t.state("box", at: 2).position == CGPoint(x: 100, y: 0))
        #expect(close(t.state("box", at: 2.5).position.y, 50, 1e-9))
        #expect(t.state("box", at: 1.5).cornerRadius == 6)
    }

    @Test func aBoxOfTheWrongShapeIsStillRefused() {
        let (scene, box) = scene()
        scene.at(1) {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = NSValue(cgPoint: CGPoint(x: 1, y: 1))
            box.add(a, forKey: nil)
        }
        #expect(throws: (any Error).self) { try scene.compile() }
    }
}
