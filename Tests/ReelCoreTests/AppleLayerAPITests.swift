import Foundation
import ReelCore
import Testing

/// Apple's CALayer spellings that ported code calls: `model()`, `presentation()`, and the
/// properties Reel accepts without drawing differently.
@Suite("Apple's CALayer API surface")
struct AppleLayerAPITests {
    @Test func modelIsTheLayerItself() throws {
        let (scene, box) = makeScene()
        #expect(box.model() === box)
        let shape = CAShapeLayer()
        let typed: CAShapeLayer = shape.model()
        #expect(typed === shape, "model() -> Self")
        var fromPresentation: CALayer?
        var presentedX: CGFloat?
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 2
        box.add(anim, forKey: "move")
        scene.at(1) {
            let presented = box.presentation()
            presentedX = presented?.position.x
            fromPresentation = presented?.model()
        }
        _ = try scene.compile()
        #expect(presentedX == 50, "presentation() still answers the animated value")
        #expect(fromPresentation === box, "a presentation copy's model() is the model layer")
        #expect(box.modelState.position.x == 50, "the model values are modelState")
    }

    @Test func acceptedPropertiesKeepTheirValues() {
        let layer = CALayer()
        #expect(!layer.shouldRasterize && layer.rasterizationScale == 1 && layer.allowsGroupOpacity)
        #expect(layer.minificationFilter == .linear && layer.cornerCurve == .circular)
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        layer.shouldRasterize = true
        layer.rasterizationScale = 2
        layer.allowsEdgeAntialiasing = true
        layer.allowsGroupOpacity = false
        layer.minificationFilter = .trilinear
        layer.magnificationFilter = .nearest
        layer.minificationFilterBias = 0.5
        layer.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        layer.cornerCurve = .continuous
        layer.isOpaque = true
        layer.isGeometryFlipped = true
        layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        layer.contentsFormat = .RGBA16Float
        layer.filters = []
        layer.masksToBounds = true
        layer.isDoubleSided = false
        #expect(
            layer.shouldRasterize && layer.rasterizationScale == 2 && layer.allowsEdgeAntialiasing
                && !layer.allowsGroupOpacity)
        #expect(layer.magnificationFilter == .nearest && layer.minificationFilterBias == 0.5)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerTopEdge] && layer.cornerCurve == .continuous)
        #expect(
            layer.isOpaque && layer.isGeometryFlipped && layer.contentsFormat == .RGBA16Float && layer.filters != nil)
        #expect(!layer.contentsAreFlipped())
        let presentationCopy = CALayer(layer: layer)
        #expect(presentationCopy.cornerCurve == .continuous, "init(layer:) copies them")
    }

    @Test func animationManagementSpellings() {
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        layer.add(a, forKey: "fade")
        layer.add(CABasicAnimation(keyPath: "position"), forKey: "move")
        #expect(layer.animationKeys() == ["fade", "move"])
        #expect(layer.animation(forKey: "fade") is CABasicAnimation)
        #expect(layer.animation(forKey: "fade") !== a, "a copy is stored")
        layer.removeAnimation(forKey: "fade")
        #expect(layer.animationKeys() == ["move"])
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
    }

    @Test func layoutAndTreeSpellings() {
        let parent = CALayer()
        let (a, b, c) = (CALayer(), CALayer(), CALayer())
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.replaceSublayer(a, with: c)
        #expect(parent.sublayers?.count == 2 && parent.sublayers?.first === c && a.superlayer == nil)
        parent.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        #expect(parent.preferredFrameSize() == CGSize(width: 30, height: 40))
        parent.transform = CATransform3DMakeScale(2, 1, 1)
        #expect(parent.preferredFrameSize() == CGSize(width: 60, height: 40), "the bounds mapped into the superlayer")
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(!parent.needsLayout())
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? Double == 1)
        #expect(CALayer.defaultValue(forKey: "lineWidth") == nil, "not a CALayer property")
        CATransaction.lock()
        CATransaction.unlock()
    }
}
