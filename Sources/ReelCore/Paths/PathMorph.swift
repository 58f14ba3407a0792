import Foundation

/// Interpolation between two paths of the same structure (the same commands in the same order),
/// point by point, as Core Animation animates `CAShapeLayer.path`. Paths of different structure
/// cannot morph; callers then switch at the midpoint.
public enum PathMorph {
    /// The path a fraction `t` of the way from `a` to `b`, or nil when their structures differ.
    public static func interpolate(_ a: CGPath, _ b: CGPath, _ t: Double) -> CGPath? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t)) }
        var result: [CGPath.Element] = []
        result.reserveCapacity(a.elements.count)
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case let (.moveTo(p), .moveTo(q)): result.append(.moveTo(mix(p, q)))
            case let (.lineTo(p), .lineTo(q)): result.append(.lineTo(mix(p, q)))
            case let (.quadCurveTo(p, c), .quadCurveTo(q, d)):
                result.append(.quadCurveTo(mix(p, q), control: mix(c, d)))
            case let (.curveTo(p, c1, c2), .curveTo(q, d1, d2)):
                result.append(.curveTo(mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2)))
            case (.closeSubpath, .closeSubpath): result.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPath(elements: result)
    }
}
