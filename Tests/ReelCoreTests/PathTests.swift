import Foundation
import Testing

@testable import ReelCore

@Suite("CGPath, SVG path data and measurement")
struct PathTests {
    @Test func parsesAbsoluteAndRelativeCommands() throws {
        let p = try CGPath(svgPath: "M10 20 l5 0 h5 v10 H0 V0 z m1 1 L2 2")
        #expect(
            p.elements == [
                .moveTo(CGPoint(x: 10, y: 20)), .lineTo(CGPoint(x: 15, y: 20)), .lineTo(CGPoint(x: 20, y: 20)),
                .lineTo(CGPoint(x: 20, y: 30)), .lineTo(CGPoint(x: 0, y: 30)), .lineTo(CGPoint(x: 0, y: 0)),
                .closeSubpath,
                .moveTo(CGPoint(x: 11, y: 21)), .lineTo(CGPoint(x: 2, y: 2))
            ])
    }

    @Test func curvesAndShorthands() throws {
        let p = try CGPath(svgPath: "M0 0 C10 0 20 10 20 20 S30 40 40 40 Q50 40 50 50 T60 60")
        #expect(
            p.elements[2]
                == .curveTo(CGPoint(x: 40, y: 40), control1: CGPoint(x: 20, y: 30), control2: CGPoint(x: 30, y: 40)))
        #expect(p.elements[4] == .quadCurveTo(CGPoint(x: 60, y: 60), control: CGPoint(x: 50, y: 60)))
        // Implicit repeats and compact numbers: "M0,0L1-1.5.5.5e1".
        let q = try CGPath(svgPath: "M0,0L1-1.5.5.5e1")
        #expect(q.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 1, y: -1.5)), .lineTo(CGPoint(x: 0.5, y: 5))])
    }

    @Test func arcsBecomeCurvesOnTheCircle() throws {
        let p = try CGPath(svgPath: "M100 50 A50 50 0 0 1 0 50")
        // A half circle from the right to the left through the bottom (sweep 1 = increasing angle, y down).
        let measure = PathMeasure(p)
        #expect(close(measure.length, Double.pi * 50, 0.05), "cubic arcs are within 0.03 % of the circle")
        let mid = measure.position(atLength: measure.length / 2)!
        #expect(close(mid.point, CGPoint(x: 50, y: 100), 0.05))
    }

    @Test func errorsSayWhere() {
        #expect(throws: SVGPathError(message: "path data must start with a command such as M, found '1'", offset: 0)) {
            try CGPath(svgPath: "10 10")
        }
        #expect(throws: SVGPathError(message: "expected a number, found 'x'", offset: 6)) {
            try CGPath(svgPath: "M0 0 Lx 1")
        }
        #expect(throws: SVGPathError(message: "expected a number, found the end of the data", offset: 3)) {
            try CGPath(svgPath: "M0 ")
        }
    }

    @Test func curveLengthIsMeasuredNotTheControlPolygon() {
        // A quarter circle of radius 100 as a cubic: length ≈ 157.08 (the control polygon is 170).
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 100, y: 0))
        let k = 0.5522847498307936 * 100
        m.addCurve(to: CGPoint(x: 0, y: 100), control1: CGPoint(x: 100, y: k), control2: CGPoint(x: k, y: 100))
        #expect(close(PathMeasure(m).length, 157.08, 0.05))
    }

    @Test func trimmingKeepsTheExactCurve() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200))
        let measure = PathMeasure(circle)
        let third = measure.trimmed(from: 0, to: measure.length / 3)
        #expect(close(PathMeasure(third).length, measure.length / 3, 1e-6))
        let whole = measure.trimmed(from: 0, to: measure.length)
        #expect(whole.elements.last == .closeSubpath, "kept whole, a closed path stays closed")
        let piece = measure.trimmed(from: measure.length * 0.25, to: measure.length * 0.5)
        #expect(close(PathMeasure(piece).position(atLength: 0)!.point, CGPoint(x: 100, y: 200), 0.05))
    }

    @Test func shapesAndBounds() {
        let e = CGPath(ellipseIn: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(e.elements.first == .moveTo(CGPoint(x: 110, y: 45)))
        let b = e.boundingBoxOfPath
        #expect(close(b.minX, 10, 1e-9) && close(b.maxY, 70, 1e-9))
        let c = try! CGPath(svgPath: "M0 0 C0 100 100 100 100 0")
        #expect(close(c.boundingBoxOfPath.height, 75, 1e-9))
        #expect(c.boundingBox.height == 100)
    }
}
