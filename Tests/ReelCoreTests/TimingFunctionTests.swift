import Foundation
import Testing

@testable import ReelCore

@Suite("CAMediaTimingFunction")
struct TimingFunctionTests {
    /// The check values of SEMANTICS.md, from the cubic Béziers Core Animation documents.
    @Test(arguments: [
        (CAMediaTimingFunctionName.default, 0.5, 0.802403),
        (.easeInEaseOut, 0.25, 0.129162),
        (.easeIn, 0.5, 0.315357),
        (.easeOut, 0.25, 0.378138)
    ])
    func namedCurvesMatchKnownValues(name: CAMediaTimingFunctionName, x: Double, y: Double) {
        let f = CAMediaTimingFunction(name: name)
        #expect(close(f.progress(at: x), y, 1e-6), "\(name.rawValue)(\(x)) = \(f.progress(at: x)), expected \(y)")
    }

    @Test func linearIsIdentity() {
        let f = CAMediaTimingFunction(name: .linear)
        for x in stride(from: 0.0, through: 1.0, by: 0.1) { #expect(f.progress(at: x) == x) }
    }

    @Test func endpointsAreExact() {
        for name in CAMediaTimingFunctionName.allCases {
            let f = CAMediaTimingFunction(name: name)
            #expect(f.progress(at: 0) == 0)
            #expect(f.progress(at: 1) == 1)
            #expect(f.progress(at: -0.5) == 0)
            #expect(f.progress(at: 1.5) == 1)
        }
    }

    /// The parameter t where x(t) = x, by bisection (x(t) is monotonic for x control points in 0…1).
    static func parameter(_ f: CAMediaTimingFunction, _ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(f.c1.x, f.c2.x, mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    static func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }

    /// "Solved to 1e-6": the result is y(t) for some t whose x(t) is within 1e-6 of the input, so
    /// it lies between the extremes of y over [t(x − 1e-6), t(x + 1e-6)]. Checked against an
    /// independent bisection, including curves with flat stretches where Newton's method stalls.
    @Test(arguments: [
        CAMediaTimingFunction(name: .default), CAMediaTimingFunction(name: .easeIn),
        CAMediaTimingFunction(name: .easeOut),
        CAMediaTimingFunction(name: .easeInEaseOut),
        CAMediaTimingFunction(controlPoints: 0.25, -0.4, 0.5, 1),
        CAMediaTimingFunction(controlPoints: 0.25, 0, 0.5, 1.2),
        CAMediaTimingFunction(controlPoints: 0.5, -0.8, 0.5, 1.85), CAMediaTimingFunction(controlPoints: 1, 0, 0, 1),
        CAMediaTimingFunction(controlPoints: 0, 1, 1, 0), CAMediaTimingFunction(controlPoints: 0.99, 0, 0.01, 1)
    ])
    func solvesToOneMillionth(f: CAMediaTimingFunction) {
        for i in 1..<1000 {
            let x = Double(i) / 1000
            let y = f.progress(at: x)
            let ta = Self.parameter(f, x - 1e-6), tb = Self.parameter(f, x + 1e-6)
            let ys = (0...100).map { Self.bezier(f.c1.y, f.c2.y, ta + (tb - ta) * Double($0) / 100) }
            #expect(
                y >= ys.min()! - 1e-9 && y <= ys.max()! + 1e-9,
                "\(f) at x = \(x): \(y) not in \(ys.min()!)…\(ys.max()!)")
        }
    }

    @Test func overshootLeavesTheUnitRange() {
        // Seed 002's strokeStart curve dips below 0 before rising.
        let f = CAMediaTimingFunction(controlPoints: 0.25, -0.4, 0.5, 1)
        let minimum = stride(from: 0.0, through: 1.0, by: 0.01).map(f.progress).min()!
        #expect(minimum < -0.05)
        let g = CAMediaTimingFunction(controlPoints: 0.5, -0.8, 0.5, 1.85)
        #expect(stride(from: 0.0, through: 1.0, by: 0.01).map(g.progress).max()! > 1.1)
    }

    @Test func controlPointXIsClampedSoTheCurveStaysAFunction() {
        let f = CAMediaTimingFunction(c1x: -1, c1y: 0, c2x: 2, c2y: 1)
        #expect(f.c1.x == 0 && f.c2.x == 1)
    }
}
