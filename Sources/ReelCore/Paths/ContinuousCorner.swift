import Foundation

/// The geometry of continuous ("squircle") corners, as iOS draws `cornerCurve = .continuous`
/// and `UIBezierPath(roundedRect:cornerRadius:)`.
///
/// Apple does not publish the curve. The control points are the widely used reverse-engineered
/// ones from PaintCode's "Code for iOS 7 rounded rectangles" (paintcodeapp.com, 2013), which
/// match UIKit's output: each corner is a cubic Bézier that leaves the side 1.52866483 radii
/// from the corner, a short line, a cubic that approximates a circular arc of the radius around
/// the diagonal, a line, and the mirror of the first cubic. Curvature so rises from zero at the
/// side instead of jumping to 1/radius as a circular corner's does. 1.528… is also what
/// `CALayer.cornerCurveExpansionFactor(.continuous)` reports.
///
/// Large radii: when 1.528 × the radius exceeds half the shorter side, the corners cannot fit.
/// iOS then changes the curve (Apple developer forums thread 789134 finds the switch where the
/// shorter side falls under about 3 × the radius, i.e. 2 × 1.528), and a continuous corner of
/// half the side is drawn as a capsule. Reel blends each control point linearly from the
/// continuous corner toward a circular one so that the corner reaches exactly half the side:
/// the shape changes continuously with the radius and is the circular capsule at half the side.
/// (`UIBezierPath`'s rounded rectangles instead jump to the capsule there, as UIKit's do.)
public enum ContinuousCorner {
    /// How far along each side a continuous corner reaches, in radii.
    public static let expansion: CGFloat = 1.52866483

    /// One piece of a corner, in a frame where the corner is at the origin, x runs back along
    /// the side the path arrives on and y along the side it leaves on, in radii.
    public enum Segment: Hashable, Sendable {
        case line(CGPoint)
        case curve(CGPoint, control1: CGPoint, control2: CGPoint)
    }

    /// Where a continuous corner starts, on the side the path arrives on.
    public static let start = CGPoint(x: expansion, y: 0)

    /// PaintCode's continuous corner (the values are symmetric about the diagonal).
    public static let segments: [Segment] = [
        .curve(p(0.66993427, 0.06549600), control1: p(1.08849323, 0), control2: p(0.86840689, 0)),
        .line(p(0.63149399, 0.07491100)),
        .curve(
            p(0.07491100, 0.63149399), control1: p(0.37282392, 0.16905899), control2: p(0.16905899, 0.37282392)),
        .line(p(0.06549600, 0.66993427)),
        .curve(p(0, expansion), control1: p(0, 0.86840689), control2: p(0, 1.08849323))
    ]

    /// A circular quarter of radius 1 in the same five pieces (the others empty), so the two
    /// can be blended point by point. 0.5522847… puts the cubic's midpoint on the circle.
    static let circularSegments: [Segment] = {
        let k = 0.5522847498
        return [
            .curve(p(1, 0), control1: p(1, 0), control2: p(1, 0)), .line(p(1, 0)),
            .curve(p(0, 1), control1: p(1 - k, 0), control2: p(0, 1 - k)), .line(p(0, 1)),
            .curve(p(0, 1), control1: p(0, 1), control2: p(0, 1))
        ]
    }()

    /// The radius drawn and the blend toward circular (0: the continuous corner, 1: circular)
    /// for a requested `radius` in a rectangle whose shorter side is `shorterSide`.
    public static func fit(radius: Double, shorterSide: Double) -> (radius: Double, blend: Double) {
        let r = max(radius, 0), half = max(shorterSide, 0) / 2
        if r * expansion <= half { return (r, 0) }
        if r >= half { return (half, 1) }
        // Solve r · (expansion · (1 − t) + t) = half: the corner ends exactly at the middle.
        return (r, (r * expansion - half) / (r * (expansion - 1)))
    }

    /// The path of `rect` with the `corners` rounded continuously by `radius`, clockwise on
    /// screen from the top edge after the top-left corner, as UIKit's rounded rectangles run.
    public static func roundedRect(_ rect: CGRect, radius: Double, corners: CACornerMask = .all) -> [CGPath.Element] {
        let rect = rect.standardized
        let (r, t) = fit(radius: radius, shorterSide: min(rect.width, rect.height))
        guard r > 0, !corners.isEmpty else { return CGPath(rect: rect).elements }
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let first = lerp(start, CGPoint(x: 1, y: 0))
        let pieces: [Segment] = zip(segments, circularSegments).map { pair in
            switch pair {
            case (.line(let a), .line(let b)): .line(lerp(a, b))
            case (.curve(let a, let a1, let a2), .curve(let b, let b1, let b2)):
                .curve(lerp(a, b), control1: lerp(a1, b1), control2: lerp(a2, b2))
            default: preconditionFailure("the two corners have the same pieces")
            }
        }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // Each corner: which it is, the corner point, back along the arriving side, along the leaving one.
        let plan: [(CACornerMask, CGPoint, CGPoint, CGPoint)] = [
            (.layerMaxXMinYCorner, CGPoint(x: x1, y: y0), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)),
            (.layerMaxXMaxYCorner, CGPoint(x: x1, y: y1), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)),
            (.layerMinXMaxYCorner, CGPoint(x: x0, y: y1), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
            (.layerMinXMinYCorner, CGPoint(x: x0, y: y0), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0))
        ]
        var elements: [CGPath.Element] = [
            .moveTo(
                corners.contains(.layerMinXMinYCorner) ? CGPoint(x: x0 + first.x * r, y: y0) : CGPoint(x: x0, y: y0))
        ]
        for (mask, c, u, v) in plan {
            guard corners.contains(mask) else {
                elements.append(.lineTo(c))
                continue
            }
            func at(_ q: CGPoint) -> CGPoint {
                CGPoint(x: c.x + r * (q.x * u.x + q.y * v.x), y: c.y + r * (q.x * u.y + q.y * v.y))
            }
            elements.append(.lineTo(at(first)))
            for piece in pieces {
                switch piece {
                case .line(let q): elements.append(.lineTo(at(q)))
                case .curve(let q, let q1, let q2): elements.append(.curveTo(at(q), control1: at(q1), control2: at(q2)))
                }
            }
        }
        elements.append(.closeSubpath)
        return elements
    }

    private static func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
}
