import Foundation
import ReelUIKit
import Testing

/// UIKit's y-down orientation: what an iPhone draws, checked by points on the path.
@Suite("UIBezierPath")
struct UIBezierPathTests {
    let c = CGPoint(x: 100, y: 100)
    let r: CGFloat = 50

    @Test func clockwiseQuarterFromTwelveToThree() {
        let arc = UIBezierPath(arcCenter: c, radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        let path = arc.cgPath
        #expect(close(point(on: path, element: 0, at: 0), CGPoint(x: 100, y: 50)), "starts at 12 o'clock")
        #expect(close(arc.currentPoint, CGPoint(x: 150, y: 100), 1e-9), "ends at 3 o'clock")
        // The short way: every point in the upper-right quadrant, on the circle.
        let points = samples(of: path)
        #expect(points.allSatisfy { $0.x >= 100 - 1e-9 && $0.y <= 100 + 1e-9 })
        #expect(points.allSatisfy { close(hypot($0.x - 100, $0.y - 100), 50, 0.03) })
        #expect(close(path.boundingBoxOfPath, CGRect(x: 100, y: 50, width: 50, height: 50), 1e-6))
        // Screen-clockwise: the angle (atan2 in y-down space) increases along the path.
        let angles = points.map { atan2($0.y - 100, $0.x - 100) }
        #expect(zip(angles, angles.dropFirst()).allSatisfy { $1 > $0 })
    }

    @Test func counterclockwiseGoesTheLongWay() {
        let arc = UIBezierPath(arcCenter: c, radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        #expect(close(arc.currentPoint, CGPoint(x: 150, y: 100), 1e-9))
        // Through 9 and 6 o'clock: three quarters, the whole circle's box.
        #expect(close(arc.cgPath.boundingBoxOfPath, CGRect(x: 50, y: 50, width: 100, height: 100), 1e-6))
        #expect(samples(of: arc.cgPath).contains { close($0, CGPoint(x: 50, y: 100), 1e-6) })
        // From 3 to 6 o'clock clockwise is the lower-right quarter (y grows downwards).
        let down = UIBezierPath(arcCenter: c, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(close(down.bounds, CGRect(x: 100, y: 100, width: 50, height: 50), 1e-6))
    }

    @Test func addArcJoinsTheCurrentPointWithALine() {
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addArc(withCenter: c, radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
        #expect(path.cgPath.elements[1] == .lineTo(CGPoint(x: 50, y: 100)))
        #expect(close(path.currentPoint, CGPoint(x: 100, y: 50), 1e-9))
        // 9 → 12 o'clock clockwise is the upper-left quarter.
        #expect(samples(of: path.cgPath).dropFirst(17).allSatisfy { $0.x <= 100 + 1e-9 && $0.y <= 100 + 1e-9 })
    }

    @Test func roundedRectGeometry() {
        // Continuous corners, as UIKit draws them: the geometry is in ContinuousCornerTests.
        let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
        let path = UIBezierPath(roundedRect: rect, cornerRadius: 20).cgPath
        #expect(close(path.boundingBoxOfPath, rect, 1e-9))
        #expect(path.elements.last == .closeSubpath)
        // Clockwise on screen: after the top edge comes the top-right corner, then the right side.
        #expect(close(point(on: path, element: 6, at: 1), CGPoint(x: 210, y: 20 + 1.52866483 * 20), 1e-6))
    }

    @Test func roundingSomeCornersLeavesTheOthersSharp() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let path = UIBezierPath(
            roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 10, height: 10)
        ).cgPath
        #expect(path.elements.contains(.lineTo(CGPoint(x: 100, y: 0))), "top-right corner is sharp")
        #expect(path.elements.contains(.lineTo(CGPoint(x: 0, y: 60))), "bottom-left corner is sharp")
        #expect(!path.elements.contains(.lineTo(CGPoint(x: 100, y: 60))), "bottom-right corner is rounded")
        #expect(path.elements.first == .moveTo(CGPoint(x: 1.52866483 * 10, y: 0)), "a continuous corner")
        #expect(close(path.boundingBoxOfPath, rect, 1e-9))
    }

    @Test func ovalStartsAtThreeOClockAndRunsClockwise() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 80, height: 40)).cgPath
        #expect(oval.elements.first == .moveTo(CGPoint(x: 80, y: 20)))
        #expect(close(point(on: oval, element: 1, at: 1), CGPoint(x: 40, y: 40)), "then 6 o'clock (down on screen)")
    }

    @Test func buildingReadingAndTransforming() {
        let path = UIBezierPath()
        #expect(path.isEmpty && path.bounds.isNull)
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 50, y: 10))
        path.addQuadCurve(to: CGPoint(x: 50, y: 50), controlPoint: CGPoint(x: 70, y: 30))
        path.addCurve(
            to: CGPoint(x: 10, y: 50), controlPoint1: CGPoint(x: 40, y: 60), controlPoint2: CGPoint(x: 20, y: 60))
        #expect(!path.isEmpty && path.currentPoint == CGPoint(x: 10, y: 50))
        #expect(path.bounds == CGRect(x: 10, y: 10, width: 60, height: 50), "bounds include control points, as UIKit's")
        path.close()
        #expect(path.currentPoint == CGPoint(x: 10, y: 10))
        path.apply(CGAffineTransform(translationX: 5, y: -10).scaledBy(x: 2, y: 2))
        #expect(path.bounds == CGRect(x: 25, y: 10, width: 120, height: 100))
        let other = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        path.append(other)
        #expect(path.cgPath.elements.suffix(5) == other.cgPath.elements)
        let copy = UIBezierPath(cgPath: path.cgPath)
        #expect(copy.cgPath == path.cgPath)
        copy.removeAllPoints()
        #expect(copy.isEmpty && !path.isEmpty, "cgPath hands out a copy")
    }

    @Test func reversingRunsTheOtherWay() {
        let arc = UIBezierPath(arcCenter: c, radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        arc.lineWidth = 7
        let back = arc.reversing()
        #expect(back.cgPath.elements.first == .moveTo(arc.currentPoint))
        #expect(close(back.currentPoint, CGPoint(x: 100, y: 50), 1e-9))
        #expect(back.bounds == arc.bounds && back.lineWidth == 7)
        let angles = samples(of: back.cgPath).map { atan2($0.y - 100, $0.x - 100) }
        #expect(zip(angles, angles.dropFirst()).allSatisfy { $1 < $0 }, "counterclockwise on screen now")
        #expect(back.reversing().cgPath == arc.cgPath)

        let square = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(
            square.reversing().cgPath.elements == [
                .moveTo(CGPoint(x: 0, y: 10)), .lineTo(CGPoint(x: 10, y: 10)),
                .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 0, y: 0)), .closeSubpath
            ])
    }

    @Test func strokeStyleGoesToAShapeLayer() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.lineWidth = 6
        path.lineCapStyle = .round
        path.lineJoinStyle = .bevel
        path.usesEvenOddFillRule = true
        let shape = CAShapeLayer()
        path.applyStrokeStyle(to: shape)
        #expect(
            shape.lineWidth == 6 && shape.lineCap == .round && shape.lineJoin == .bevel && shape.fillRule == .evenOdd)
    }
}
