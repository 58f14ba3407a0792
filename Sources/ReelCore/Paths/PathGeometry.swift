import Foundation

/// One drawable piece of a path: a line or a cubic Bézier (quadratics are raised to cubics,
/// which is exact), with the maths for points, tangents, exact-enough lengths and splitting.
struct PathSegment: Hashable, Sendable {
    var start: CGPoint
    var c1: CGPoint
    var c2: CGPoint
    var end: CGPoint
    var isLine: Bool
    /// Index of the subpath the segment belongs to.
    var subpath: Int
    /// True for the line a `closeSubpath` draws back to the subpath's start.
    var closesSubpath = false

    static func line(_ a: CGPoint, _ b: CGPoint, subpath: Int) -> PathSegment {
        PathSegment(start: a, c1: a, c2: b, end: b, isLine: true, subpath: subpath)
    }

    func point(at t: Double) -> CGPoint {
        if isLine { return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t) }
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(
            x: a * start.x + b * c1.x + c * c2.x + d * end.x, y: a * start.y + b * c1.y + c * c2.y + d * end.y)
    }

    /// dP/dt.
    func derivative(at t: Double) -> CGPoint {
        if isLine { return CGPoint(x: end.x - start.x, y: end.y - start.y) }
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return CGPoint(
            x: a * (c1.x - start.x) + b * (c2.x - c1.x) + c * (end.x - c2.x),
            y: a * (c1.y - start.y) + b * (c2.y - c1.y) + c * (end.y - c2.y))
    }

    /// The direction of travel at t (radians from +x towards +y). Where the derivative vanishes
    /// (a control point on an end point) the chord direction stands in.
    func tangentAngle(at t: Double) -> Double {
        var d = derivative(at: t)
        if abs(d.x) < 1e-12 && abs(d.y) < 1e-12 {
            let probe =
                t < 0.5 ? point(at: min(t + 1e-3, 1)) - point(at: t) : point(at: t) - point(at: max(t - 1e-3, 0))
            d = probe
            if abs(d.x) < 1e-12 && abs(d.y) < 1e-12 { d = end - start }
        }
        return atan2(d.y, d.x)
    }

    /// Arc length from 0 to t, by 16-point Gauss–Legendre quadrature over up to 8 pieces:
    /// accurate to ~1e-9 of the length for the curves paths use (not the control polygon).
    func length(to t: Double = 1) -> Double {
        if isLine { return hypot(end.x - start.x, end.y - start.y) * t }
        guard t > 0 else { return 0 }
        let pieces = 8
        var total = 0.0
        for i in 0..<pieces {
            let a = t * Double(i) / Double(pieces), b = t * Double(i + 1) / Double(pieces)
            let half = (b - a) / 2, mid = (a + b) / 2
            for (x, w) in GaussLegendre.nodes {
                let d = derivative(at: mid + half * x)
                total += w * half * hypot(d.x, d.y)
            }
        }
        return total
    }

    /// The parameter at which the arc length from the start is `s` (0 ≤ s ≤ length).
    func parameter(atLength s: Double, total: Double? = nil) -> Double {
        if isLine {
            let l = total ?? length()
            return l > 0 ? min(max(s / l, 0), 1) : 0
        }
        let l = total ?? length()
        guard l > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= l { return 1 }
        // Newton on length(t) − s, safeguarded by bisection.
        var lo = 0.0, hi = 1.0, t = s / l
        for _ in 0..<40 {
            let f = length(to: t) - s
            if abs(f) < 1e-10 * max(l, 1) { return t }
            if f > 0 { hi = t } else { lo = t }
            let d = derivative(at: t)
            let speed = hypot(d.x, d.y)
            var next = speed > 1e-12 ? t - f / speed : (lo + hi) / 2
            if next <= lo || next >= hi { next = (lo + hi) / 2 }
            t = next
        }
        return t
    }

    /// The piece of the segment between parameters a and b (de Casteljau), exact.
    func subsegment(from a: Double, to b: Double) -> PathSegment {
        if isLine { return .line(point(at: a), point(at: b), subpath: subpath) }
        let right = split(at: a).1
        let local = a < 1 ? (b - a) / (1 - a) : 0
        var piece = right.split(at: min(max(local, 0), 1)).0
        piece.subpath = subpath
        return piece
    }

    private func split(at t: Double) -> (PathSegment, PathSegment) {
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        let p01 = mix(start, c1), p12 = mix(c1, c2), p23 = mix(c2, end)
        let p012 = mix(p01, p12), p123 = mix(p12, p23)
        let mid = mix(p012, p123)
        return (
            PathSegment(start: start, c1: p01, c2: p012, end: mid, isLine: false, subpath: subpath),
            PathSegment(start: mid, c1: p123, c2: p23, end: end, isLine: false, subpath: subpath)
        )
    }

    /// Parameters in (0, 1) where x or y has an extremum (for tight bounds).
    func extremaParameters() -> [Double] {
        guard !isLine else { return [] }
        var result: [Double] = []
        for axis in 0..<2 {
            let p0 = axis == 0 ? start.x : start.y, p1 = axis == 0 ? c1.x : c1.y
            let p2 = axis == 0 ? c2.x : c2.y, p3 = axis == 0 ? end.x : end.y
            // Derivative coefficients: a t² + b t + c.
            let a = 3 * (-p0 + 3 * p1 - 3 * p2 + p3), b = 6 * (p0 - 2 * p1 + p2), c = 3 * (p1 - p0)
            if abs(a) < 1e-12 {
                if abs(b) > 1e-12 { result.append(-c / b) }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let r = disc.squareRoot()
                    result += [(-b + r) / (2 * a), (-b - r) / (2 * a)]
                }
            }
        }
        return result.filter { $0 > 0 && $0 < 1 }
    }
}

/// 16-point Gauss–Legendre nodes and weights on [−1, 1].
enum GaussLegendre {
    static let nodes: [(Double, Double)] = {
        let x: [Double] = [
            0.0950125098376374, 0.2816035507792589, 0.4580167776572274, 0.6178762444026438,
            0.7554044083550030, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499
        ]
        let w: [Double] = [
            0.1894506104550685, 0.1826034150449236, 0.1691565193950025, 0.1495959888165767,
            0.1246289712555339, 0.0951585116824928, 0.0622535239386479, 0.0271524594117541
        ]
        return zip(x, w).flatMap { [($0, $1), (-$0, $1)] }
    }()
}

/// Path operations shared by drawing (trimmed strokes), keyframe paths and bounds.
enum PathGeometry {
    /// The path as drawable segments; a `closeSubpath` becomes a line back to the subpath's start
    /// (zero-length closes are kept so closed subpaths stay closed when trimmed).
    static func segments(of path: CGPath) -> [PathSegment] {
        var result: [PathSegment] = []
        var start = CGPoint.zero, current = CGPoint.zero
        var subpath = -1
        var open = false
        for e in path.elements {
            switch e {
            case .moveTo(let p):
                start = p; current = p; subpath += 1; open = true
            case .lineTo(let p):
                if !open { subpath += 1; open = true; start = current }
                result.append(.line(current, p, subpath: subpath)); current = p
            case .quadCurveTo(let p, let c):
                if !open { subpath += 1; open = true; start = current }
                let c1 = CGPoint(x: current.x + 2.0 / 3 * (c.x - current.x), y: current.y + 2.0 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2.0 / 3 * (c.x - p.x), y: p.y + 2.0 / 3 * (c.y - p.y))
                result.append(PathSegment(start: current, c1: c1, c2: c2, end: p, isLine: false, subpath: subpath));
                current = p
            case .curveTo(let p, let c1, let c2):
                if !open { subpath += 1; open = true; start = current }
                result.append(PathSegment(start: current, c1: c1, c2: c2, end: p, isLine: false, subpath: subpath));
                current = p
            case .closeSubpath:
                if open {
                    var close = PathSegment.line(current, start, subpath: subpath)
                    close.closesSubpath = true
                    result.append(close)
                }
                current = start; open = false
            }
        }
        return result
    }

    /// Cubic curves approximating an elliptical arc (each at most a quarter turn).
    static func arcCurves(center: CGPoint, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double)
        -> [CGPath.Element]
    {
        guard sweep != 0, rx > 0, ry > 0 else { return [] }
        let clamped = max(-2 * Double.pi, min(2 * Double.pi, sweep))
        let count = max(1, Int((abs(clamped) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = clamped / Double(count)
        let k = 4.0 / 3 * tan(step / 4)
        let cosR = cos(rotation), sinR = sin(rotation)
        func map(_ x: Double, _ y: Double) -> CGPoint {
            CGPoint(x: center.x + cosR * x * rx - sinR * y * ry, y: center.y + sinR * x * rx + cosR * y * ry)
        }
        var result: [CGPath.Element] = []
        var a = start
        for _ in 0..<count {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            result.append(
                .curveTo(map(cb, sb), control1: map(ca - k * sa, sa + k * ca), control2: map(cb + k * sb, sb - k * cb)))
            a = b
        }
        return result
    }
}
