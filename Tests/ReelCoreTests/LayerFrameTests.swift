import Foundation
import Testing

@testable import ReelCore

/// `frame` as Core Animation defines it: the bounding box of the bounds transformed about the
/// anchor point and placed at position. Expected values are worked out by hand from that rule.
@Suite("Layer frame under transforms")
struct LayerFrameTests {
    static func layer(bounds: CGSize, position: CGPoint, transform: CATransform3D = .identity) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(origin: .zero, size: bounds)
        layer.position = position
        layer.transform = transform
        return layer
    }

    static func expectRect(
        _ r: CGRect, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = [r.minX, r.minY, r.width, r.height].map { Double($0) }
        #expect(
            zip(found, [x, y, w, h]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(found) expected \([x, y, w, h])",
            sourceLocation: sourceLocation)
    }

    @Test func aScaleAboutTheCentreGrowsTheFrameAroundThePosition() {
        // 100 × 50 scaled 2× about (200, 300): 200 × 100 centred there.
        let l = Self.layer(
            bounds: CGSize(width: 100, height: 50), position: CGPoint(x: 200, y: 300),
            transform: CATransform3DMakeScale(2, 2, 1))
        Self.expectRect(l.frame, 100, 250, 200, 100)
    }

    @Test func aRotationGivesTheBoundingBox() {
        // A 100 × 100 square turned 45°: its diagonal, 100·√2, is the box's side.
        let l = Self.layer(
            bounds: CGSize(width: 100, height: 100), position: CGPoint(x: 50, y: 50),
            transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let side = 100 * 2.0.squareRoot()
        Self.expectRect(l.frame, 50 - side / 2, 50 - side / 2, side, side)
        // 100 × 50 turned 30°: 100·cos30 + 50·sin30 wide, 100·sin30 + 50·cos30 tall.
        let r = Self.layer(
            bounds: CGSize(width: 100, height: 50), position: .zero,
            transform: CATransform3DMakeRotation(.pi / 6, 0, 0, 1))
        let w = 100 * cos(Double.pi / 6) + 50 * 0.5, h = 100 * 0.5 + 50 * cos(Double.pi / 6)
        Self.expectRect(r.frame, -w / 2, -h / 2, w, h)
    }

    @Test func aTranslationMovesTheFrame() {
        let l = Self.layer(
            bounds: CGSize(width: 40, height: 20), position: CGPoint(x: 100, y: 100),
            transform: CATransform3DMakeTranslation(15, -5, 30))
        Self.expectRect(l.frame, 95, 85, 40, 20)
    }

    @Test func theTransformActsAboutTheAnchorPoint() {
        // Anchor at the top-left corner: scaling 3× keeps that corner at the position.
        let l = Self.layer(
            bounds: CGSize(width: 10, height: 20), position: CGPoint(x: 7, y: 9),
            transform: CATransform3DMakeScale(3, 0.5, 1))
        l.anchorPoint = .zero
        Self.expectRect(l.frame, 7, 9, 30, 10)
    }

    @Test func concatenatedTransformsCombine() {
        // Scale x by 2, then a quarter turn: 100 × 50 → 200 × 50 → 50 wide, 200 tall.
        let t = CATransform3DConcat(CATransform3DMakeScale(2, 1, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let l = Self.layer(bounds: CGSize(width: 100, height: 50), position: CGPoint(x: 0, y: 0), transform: t)
        Self.expectRect(l.frame, -25, -100, 50, 200)
    }

    @Test func aSublayersFrameIsInItsSuperlayerUnaffectedByTheSuperlayersTransform() {
        let parent = Self.layer(
            bounds: CGSize(width: 200, height: 200), position: CGPoint(x: 100, y: 100),
            transform: CATransform3DMakeScale(3, 3, 1))
        let child = Self.layer(
            bounds: CGSize(width: 20, height: 10), position: CGPoint(x: 50, y: 60),
            transform: CATransform3DMakeScale(0.5, 2, 1))
        parent.addSublayer(child)
        Self.expectRect(child.frame, 45, 50, 10, 20)
        Self.expectRect(parent.frame, -200, -200, 600, 600)
    }

    @Test func perspectiveProjectsTheCorners() {
        // A 100-point square turned 60° about y under m34 = −1/500: the edge at x = ±50 lands at
        // x = ±50·cos60 = ±25 and depth ∓50·sin60, so w = 1 ± k with k = 50·sin60/500. The near
        // edge (w = 1 − k) is magnified: half-height 50/(1 − k); the far one shrinks.
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        let l = Self.layer(bounds: CGSize(width: 100, height: 100), position: CGPoint(x: 10, y: 20), transform: t)
        let k = 50 * sin(Double.pi / 3) / 500
        let width = 25 / (1 - k) + 25 / (1 + k), height = 100 / (1 - k)
        #expect(abs(Double(l.frame.width) - width) < 1e-9 && abs(Double(l.frame.height) - height) < 1e-9, "\(l.frame)")
        #expect(abs(Double(l.frame.midY) - 20) < 1e-9)
        let minX = Double(l.frame.minX) - 10
        #expect(abs(minX + 25 / (1 - k)) < 1e-9 || abs(minX + 25 / (1 + k)) < 1e-9, "\(l.frame)")
    }

    @Test func aNegativeBoundsSizeGivesAStandardizedFrame() {
        let l = Self.layer(bounds: CGSize(width: -100, height: 40), position: CGPoint(x: 0, y: 0))
        Self.expectRect(l.frame, -50, -20, 100, 40)
        // Setting a frame with a negative size is the same as its standardized rectangle.
        let m = CALayer()
        m.frame = CGRect(x: 10, y: 10, width: -30, height: -20)
        Self.expectRect(m.frame, -20, -10, 30, 20)
        #expect(m.bounds.size == CGSize(width: 30, height: 20))
    }

    @Test func settingTheFrameUnderAScaleSolvesForBoundsAndPosition() {
        // As on Apple hardware: under scale (0.25, 0.75) the frame set is the frame read back,
        // the bounds are the frame's size divided by the scale.
        let l = CALayer()
        l.transform = CATransform3DMakeScale(0.25, 0.75, 1)
        l.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        Self.expectRect(l.frame, 50, 50, 100, 100)
        #expect(abs(l.bounds.width - 400) < 1e-9 && abs(l.bounds.height - 400.0 / 3) < 1e-9)
        #expect(l.position == CGPoint(x: 100, y: 100))
    }

    @Test func settingTheFrameUnderAQuarterTurnSwapsTheSides() {
        let l = Self.layer(
            bounds: CGSize(width: 10, height: 10), position: .zero,
            transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        l.anchorPoint = CGPoint(x: 0, y: 0)
        l.frame = CGRect(x: 20, y: 30, width: 80, height: 60)
        Self.expectRect(l.frame, 20, 30, 80, 60)
        #expect(abs(l.bounds.width - 60) < 1e-9 && abs(l.bounds.height - 80) < 1e-9)
        // The anchor (top-left of the bounds) turned a quarter: it is the box's top-right corner.
        #expect(abs(l.position.x - 100) < 1e-9 && abs(l.position.y - 30) < 1e-9)
    }

    @Test func settingTheFrameUnderATurnWithManySolutionsKeepsTheAspectRatio() {
        // At 45° every w + h = 200 has a 141.4-wide box: the layer stays square.
        let l = Self.layer(
            bounds: CGSize(width: 30, height: 30), position: .zero,
            transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let side = 100 * 2.0.squareRoot()
        l.frame = CGRect(x: 0, y: 0, width: side, height: side)
        #expect(abs(l.bounds.width - 100) < 1e-9 && abs(l.bounds.height - 100) < 1e-9)
        Self.expectRect(l.frame, 0, 0, side, side)
    }
}
