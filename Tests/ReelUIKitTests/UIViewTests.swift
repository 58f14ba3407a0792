import Foundation
import ReelUIKit
import Testing

/// A view's geometry and tree are its layer's.
@Suite("UIView")
struct UIViewTests {
    final class ShapeView: UIView {
        override class var layerClass: CALayer.Type { CAShapeLayer.self }
    }

    @Test func geometryMapsToTheLayer() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.layer.position == CGPoint(x: 60, y: 45) && view.center == CGPoint(x: 60, y: 45))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.layer.transform == CATransform3DMakeScale(2, 2, 1))
        #expect(view.frame == CGRect(x: -100, y: -50, width: 200, height: 100), "the frame is the transformed box")
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 2))
        view.alpha = 0.5
        view.backgroundColor = .systemRed
        view.isHidden = true
        view.clipsToBounds = true
        #expect(view.layer.opacity == 0.5 && view.layer.backgroundColor == UIColor.systemRed.cgColor)
        #expect(view.layer.isHidden && view.layer.masksToBounds && view.backgroundColor == .systemRed)
        #expect(view.layer.delegate === view)
        #expect(ShapeView(frame: .zero).layer is CAShapeLayer)
    }

    @Test func theViewTreeIsTheLayerTree() {
        let root = UIView(frame: .zero), a = UIView(frame: .zero), b = UIView(frame: .zero), c = UIView(frame: .zero)
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        #expect(root.layer.sublayers?.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0.layer) })
        root.bringSubviewToFront(c)
        #expect(root.layer.sublayers?.last === c.layer && root.subviews.last === c)
        b.tag = 7
        #expect(root.viewWithTag(7) === b)
        a.addSubview(b)
        #expect(b.superview === a && root.subviews.count == 2 && b.layer.superlayer === a.layer)
        b.removeFromSuperview()
        #expect(b.superview == nil && b.layer.superlayer == nil && a.subviews.isEmpty)
    }

    @Test func hiddenIsNeverAnimated() throws {
        let (scene, card) = makeViewScene()
        scene.at(1) { UIView.animate(withDuration: 2) { card.isHidden = true } }
        let t = try scene.compile()
        #expect(t.state("card", at: 1.01).isHidden && t.keys("card", at: 1.01).isEmpty)
    }
}

extension UIViewTests {
    @Test func compilingRestoresTheViewTreeWithTheLayers() throws {
        let (scene, card) = makeViewScene()
        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        badge.layer.name = "badge"
        let plain = CALayer()
        card.layer.addSublayer(plain)
        scene.at(1) { card.insertSubview(badge, at: 0) }
        let first = try scene.compile()
        #expect(card.subviews.isEmpty && badge.superview == nil, "back to the initial tree")
        let second = try scene.compile()
        for t in [first, second] {
            #expect(
                t.presentation(at: 0.5, layerNamed: "badge") == nil
                    && t.presentation(at: 1.5, layerNamed: "badge") != nil)
            // Index 0 among the subviews: the end of the sublayers, as the plain layer is no view.
            #expect(t.presentation(at: 1.5, layerNamed: "card")?.sublayers.last?.name == "badge")
        }
    }
}
