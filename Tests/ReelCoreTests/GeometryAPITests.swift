import Foundation
import Testing

@testable import ReelCore

/// The CATransform3D and CGAffineTransform functions and the layer geometry API (convert,
/// hitTest, contains), against matrices and points worked out by hand.
@Suite("Geometry API")
struct GeometryAPITests {
    @Test func affineTransformsComposeAsCoreGraphicsDoes() {
        // Translate then scale (Core Graphics: the new operation applies first).
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 20)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 63), "(1 + 10)·2, (1 + 20)·3")
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(r == CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0), "exact at a quarter turn")
        #expect(CGPoint(x: 1, y: 0).applying(r) == CGPoint(x: 0, y: 1), "x goes to y: clockwise on screen")
        #expect(
            CGAffineTransformConcat(CGAffineTransformMakeTranslation(1, 0), CGAffineTransformMakeScale(2, 2))
                == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 2, ty: 0))
        let m = CGAffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 5, ty: -3)
        #expect(m.concatenating(m.inverted()) == .identity)
        #expect(
            CGAffineTransformInvert(CGAffineTransform(scaleX: 0, y: 1)) == CGAffineTransform(scaleX: 0, y: 1),
            "singular: returned as is")
        #expect(CGRect(x: 0, y: 0, width: 10, height: 20).applying(r) == CGRect(x: -20, y: 0, width: 20, height: 10))
        #expect(
            CGSize(width: 3, height: 4).applying(CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 9, ty: 9))
                == CGSize(width: 7, height: 4))
    }

    @Test func transform3DFunctions() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(m)
        #expect([t.m11, t.m12, t.m21, t.m22, t.m41, t.m42, t.m33, t.m44] == [1, 2, 3, 4, 5, 6, 1, 1])
        #expect(CATransform3DIsAffine(t) && CATransform3DGetAffineTransform(t) == m)
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        #expect(
            !CATransform3DIsAffine(p) && !CATransform3DIsIdentity(p) && CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DEqualToTransform(CATransform3DConcat(p, CATransform3DInvert(p)), CATransform3DIdentity))
        // A 3D rotation and its inverse, by hand: rotating (1, 0, 0) a quarter turn about y gives (0, 0, −1).
        let y = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(close(CATransform3DConcat(y, CATransform3DInvert(y)), .identity))
        #expect(close(y.m13, -1) && close(y.m31, 1))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi))
        #expect(layer.affineTransform() == CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
    }

    /// root 400×300; card at position (200, 150), bounds 100×50, scaled 2×; dot inside the card
    /// at position (10, 10), bounds 4×4; a sibling tilted in perspective.
    func tree() -> (root: CALayer, card: CALayer, dot: CALayer, tilted: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        card.position = CGPoint(x: 200, y: 150)
        card.transform = CATransform3DMakeScale(2, 2, 1)
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        dot.position = CGPoint(x: 10, y: 10)
        card.addSublayer(dot)
        let tilted = CALayer()
        tilted.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        tilted.position = CGPoint(x: 60, y: 60)
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        tilted.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSublayer(tilted)
        root.addSublayer(card)
        return (root, card, dot, tilted)
    }

    @Test func pointsAndRectsConvertBetweenLayers() {
        let (root, card, dot, tilted) = tree()
        // The card's (0, 0) is its top-left: (200, 150) − 2 × (50, 25) = (100, 100) in the root.
        #expect(card.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 100, y: 100))
        #expect(card.convert(CGPoint(x: 0, y: 0), to: nil) == CGPoint(x: 100, y: 100), "nil: the root")
        #expect(root.convert(CGPoint(x: 300, y: 200), to: card) == CGPoint(x: 100, y: 50), "the card's far corner")
        // The dot's centre (2, 2) is at (10, 10) in the card, (120, 120) in the root.
        #expect(dot.convert(CGPoint(x: 2, y: 2), to: root) == CGPoint(x: 120, y: 120))
        #expect(dot.convert(CGPoint(x: 2, y: 2), from: root) == CGPoint(x: -57, y: -57), "(2 − 120)/2 + 2 … in the dot")
        #expect(
            card.convert(CGRect(x: 0, y: 0, width: 100, height: 50), to: root)
                == CGRect(x: 100, y: 100, width: 200, height: 100))
        #expect(
            dot.convert(CGRect(x: 0, y: 0, width: 4, height: 4), to: card) == CGRect(x: 8, y: 8, width: 4, height: 4))
        // In perspective: the tilted layer's centre stays at its position; a point on its edge
        // lands where the projection puts it (x = ±50·cos60 / (1 ± k), k = 50·sin60/500).
        #expect(close(tilted.convert(CGPoint(x: 50, y: 50), to: root), CGPoint(x: 60, y: 60)))
        let k = 50 * sin(Double.pi / 3) / 500
        let edge = tilted.convert(CGPoint(x: 100, y: 50), to: root)
        #expect(close(abs(edge.x - 60), 25 / (1 - k), 1e-9) || close(abs(edge.x - 60), 25 / (1 + k), 1e-9), "\(edge)")
        // And back again.
        #expect(close(tilted.convert(edge, from: root), CGPoint(x: 100, y: 50), 1e-9))
    }

    @Test func hitTestFindsTheDeepestVisibleLayer() {
        let (root, card, dot, tilted) = tree()
        // hitTest takes the point in the receiver's superlayer space: for the root, its own.
        #expect(root.hitTest(CGPoint(x: 121, y: 121)) === dot)
        #expect(root.hitTest(CGPoint(x: 250, y: 150)) === card)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === tilted)
        #expect(root.hitTest(CGPoint(x: 395, y: 5)) === root)
        #expect(root.hitTest(CGPoint(x: 500, y: 5)) == nil)
        dot.isHidden = true
        #expect(root.hitTest(CGPoint(x: 121, y: 121)) === card, "hidden layers are not hit")
        // A sublayer outside its clipping superlayer is not hit there.
        dot.isHidden = false
        dot.position = CGPoint(x: -20, y: 10)
        #expect(root.hitTest(CGPoint(x: 61, y: 121)) === dot)
        card.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 61, y: 121)) === root)
        #expect(card.contains(CGPoint(x: 99, y: 49)) && !card.contains(CGPoint(x: 101, y: 10)))
    }

    @Test func presentationLayersHitTestTheirPresentationValues() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 200, height: 100), fps: 10, duration: 4))
        let box = CALayer()
        box.name = "box"
        box.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        box.position = CGPoint(x: 20, y: 50)
        scene.rootLayer.addSublayer(box)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 180
        move.duration = 4
        box.add(move, forKey: "move")
        let timeline = try scene.compile()
        let root = timeline.presentation(at: 2)
        // Half-way the box is at x = 100, not at its model place (20).
        #expect(root.hitTest(CGPoint(x: 100, y: 50))?.name == "box")
        #expect(root.hitTest(CGPoint(x: 20, y: 50))?.name == "root")
        #expect(root.sublayers.first?.contains(CGPoint(x: 10, y: 10)) == true)
    }
}
