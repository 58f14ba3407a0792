import Foundation
import ReelUIKit
import Testing

/// The continuous corner's geometry, checked against the control points PaintCode published for
/// iOS 7's rounded rectangles ("Code for iOS 7 rounded rectangles"), worked by hand: each corner
/// starts 1.52866483 radii from the corner, and a cubic B(t) = (P0 + 3·P1 + 3·P2 + P3) / 8 at
/// t = ½. A 200 × 100 rectangle at (10, 20) with radius 20 unless a test says otherwise.
@Suite("Continuous corners")
struct ContinuousCornerTests {
    let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
    let e = 1.52866483

    var path: CGPath { UIBezierPath(roundedRect: rect, cornerRadius: 20).cgPath }

    @Test func eachCornerReachesOnePointFiveTwoEightRadiiAlongTheSides() {
        let elements = path.elements
        #expect(elements.count == 26, "a move, four corners of a line and five pieces, a close")
        #expect(elements.first == .moveTo(CGPoint(x: 10 + e * 20, y: 20)), "the top edge after the top-left corner")
        guard case .lineTo(let topEnd) = elements[1], case .lineTo(let rightEnd) = elements[7] else {
            Issue.record("the sides are lines: \(elements)")
            return
        }
        #expect(close(topEnd, CGPoint(x: 210 - e * 20, y: 20), 1e-9))
        #expect(close(rightEnd, CGPoint(x: 210, y: 120 - e * 20), 1e-9))
        #expect(close(CALayer.cornerCurveExpansionFactor(.continuous), 1.528, 0.001))
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    }

    @Test func theTopRightCornerHasTheCitedControlPoints() {
        // PaintCode's TOP_RIGHT(x, y) = (maxX − x·r, minY + y·r).
        func topRight(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: 210 - x * 20, y: 20 + y * 20) }
        guard case .curveTo(let end, let c1, let c2) = path.elements[2] else {
            Issue.record("the corner starts with a cubic")
            return
        }
        #expect(close(end, topRight(0.66993427, 0.06549600), 1e-6))
        #expect(close(c1, topRight(1.08849323, 0), 1e-6) && close(c2, topRight(0.86840689, 0), 1e-6))
        #expect(close(point(on: path, element: 3, at: 1), topRight(0.63149399, 0.07491100), 1e-6))
    }

    @Test func pointsOnTheCurveAtHalfwayAreWhereTheControlPointsPutThem() {
        // First cubic: x = (1.52866483 + 3·1.08849323 + 3·0.86840689 + 0.66993427) / 8 = 1.00866243,
        // y = 0.06549600 / 8 = 0.00818700 (radii from the corner).
        #expect(
            close(point(on: path, element: 2, at: 0.5), CGPoint(x: 210 - 1.00866243 * 20, y: 20 + 0.008187 * 20), 1e-6))
        // The middle cubic: (0.63149399 + 3·0.37282392 + 3·0.16905899 + 0.07491100) / 8 = 0.29150672
        // on both axes, the corner's diagonal, 20.039 from the circular corner's centre (190, 40):
        // the middle of a continuous corner is nearly the circular arc of the same radius.
        let middle = point(on: path, element: 4, at: 0.5)
        #expect(close(middle, CGPoint(x: 210 - 0.29150672 * 20, y: 20 + 0.29150672 * 20), 1e-6))
        #expect(close(hypot(middle.x - 190, middle.y - 40), 20.039, 0.001))
    }

    @Test func theCornersAreMirrorImages() {
        let points = samples(of: path)
        func contains(_ p: CGPoint) -> Bool { points.contains { close($0, p, 1e-6) } }
        // Left–right and top–bottom about the centre (110, 70).
        #expect(points.allSatisfy { contains(CGPoint(x: 220 - $0.x, y: $0.y)) })
        #expect(points.allSatisfy { contains(CGPoint(x: $0.x, y: 140 - $0.y)) })
        // Each corner about its diagonal: a square's path maps onto itself swapping x and y.
        let square = samples(
            of: UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 20).cgPath)
        #expect(square.allSatisfy { p in square.contains { close($0, CGPoint(x: p.y, y: p.x), 1e-6) } })
    }

    @Test func aRadiusTooLargeForTheSidesBlendsTowardACapsule() {
        // 1.528 × 30 = 45.9 fits in half the height (50): unchanged.
        let fits = ContinuousCorner.fit(radius: 30, shorterSide: 100)
        #expect(fits.radius == 30 && fits.blend == 0)
        // 1.528 × 40 = 61.1 does not: blended so the corner ends at the middle of the side,
        // t = (40 · 1.52866483 − 50) / (40 · 0.52866483) = 0.527111.
        let (radius, blend) = ContinuousCorner.fit(radius: 40, shorterSide: 100)
        #expect(radius == 40 && close(blend, 0.527111, 1e-6))
        #expect(ContinuousCorner.roundedRect(rect, radius: 40).first == .moveTo(CGPoint(x: 60, y: 20)))
        // Half the side or more: a circular capsule, its corner's middle on the circle of 50.
        let capsule = CGPath(elements: ContinuousCorner.roundedRect(rect, radius: 500))
        #expect(capsule.elements.first == .moveTo(CGPoint(x: 60, y: 20)))
        let middle = point(on: capsule, element: 4, at: 0.5)
        #expect(close(hypot(middle.x - 160, middle.y - 70), 50, 1e-3))
        #expect(close(capsule.boundingBoxOfPath, rect, 1e-9))
    }

    @Test func onlyTheMaskedCornersAreRounded() {
        let elements = ContinuousCorner.roundedRect(rect, radius: 10, corners: [.layerMinXMinYCorner])
        #expect(elements.first == .moveTo(CGPoint(x: 10 + e * 10, y: 20)))
        for corner in [CGPoint(x: 210, y: 20), CGPoint(x: 210, y: 120), CGPoint(x: 10, y: 120)] {
            #expect(elements.contains(.lineTo(corner)), "\(corner) stays square")
        }
        #expect(
            elements.contains(.lineTo(CGPoint(x: 10, y: 20 + e * 10))), "the rounded corner starts up the left side")
    }

    @Test func aViewsLayerTakesTheCurveAsWritten() throws {
        let (scene, card) = makeViewScene()
        card.layer.cornerRadius = 24
        card.layer.cornerCurve = .continuous
        #expect(try scene.compile().state("card", at: 0).cornerCurve == .continuous)
    }

    @Test func aChangeInTheTimelineTakesEffectAtOnce() throws {
        // Core Animation does not animate cornerCurve: changed with cornerRadius on a standalone
        // layer, only the radius gets an implicit animation and the curve is the new one at once.
        let (scene, _) = makeViewScene()
        let standalone = CALayer()
        standalone.name = "standalone"
        scene.rootLayer.addSublayer(standalone)
        scene.at(1) { (standalone.cornerCurve, standalone.cornerRadius) = (.continuous, 30) }
        let timeline = try scene.compile()
        #expect(timeline.state("standalone", at: 1.05).cornerCurve == .continuous)
        #expect(timeline.keys("standalone", at: 1.05) == ["cornerRadius"])
    }

    @Test func uiKitRoundsTheEndsWhenTheCornerDoesNotFit() {
        // Stack Overflow 75592757: 208 × 50 with radius 20 (1.528 × 20 = 30.6 > 25) comes out
        // with half-circle ends; radius 16 (24.5 ≤ 25) keeps its continuous corners.
        let wide = CGRect(x: 0, y: 0, width: 208, height: 50)
        let capped = UIBezierPath(roundedRect: wide, cornerRadius: 20).cgPath
        #expect(capped.elements.first == .moveTo(CGPoint(x: 25, y: 0)))
        #expect(
            close(
                hypot(point(on: capped, element: 4, at: 0.5).x - 183, point(on: capped, element: 4, at: 0.5).y - 25),
                25, 1e-3))
        let fits = UIBezierPath(roundedRect: wide, cornerRadius: 16).cgPath
        #expect(fits.elements.first == .moveTo(CGPoint(x: 16 * e, y: 0)))
    }
}
