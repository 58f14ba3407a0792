import Foundation
import ReelCore

/// The outline of a star or polygon at one moment, built as lottie-ios builds it (so trims and
/// morphs start at the same vertex): the first point straight up from the centre turned by
/// `rotation` degrees, then alternately inner and outer vertices (outer only, for a polygon)
/// clockwise on screen, ending on the first point again.
struct LottiePolystarPath {
    var center: CGPoint
    var points: Double
    var rotation: Double
    var outerRadius: Double
    var innerRadius: Double
    /// Fractions (Lottie's percent / 100).
    var outerRoundness: Double
    var innerRoundness: Double
    var isPolygon: Bool
    var reversed: Bool

    /// How far, as a fraction of the radius, a roundness of 100 % reaches (lottie-ios's and
    /// After Effects' constant).
    static let roundnessReach = 0.47829
    /// A polygon's (lottie-ios's `PolygonConstant`).
    static let polygonRoundnessReach = 0.25

    var bezier: LottieBezier {
        let (vertices, ins, outs) = isPolygon ? polygon() : star()
        guard reversed else {
            return LottieBezier(vertices: vertices, inTangents: ins, outTangents: outs, closed: true)
        }
        // Backwards, each vertex's in and out tangents swap.
        return LottieBezier(
            vertices: vertices.reversed(), inTangents: outs.reversed(), outTangents: ins.reversed(), closed: true)
    }

    private func polar(_ radius: Double, _ angle: Double) -> CGPoint {
        CGPoint(x: radius * cos(angle), y: radius * sin(angle))
    }

    /// The tangent at a vertex `p` (relative to the centre) of a rounded outline: perpendicular to
    /// the radius, backwards along the clockwise direction, `length` long.
    private func tangent(at p: CGPoint, length: Double) -> CGPoint {
        let angle = atan2(p.y, p.x) - .pi / 2
        return CGPoint(x: length * cos(angle), y: length * sin(angle))
    }

    private func star() -> ([CGPoint], [CGPoint], [CGPoint]) {
        guard points > 0 else { return ([], [], []) }
        let perPoint = 2 * Double.pi / points
        let half = perPoint / 2
        let partial = points - points.rounded(.down)
        var angle = (rotation - 90) * .pi / 180
        var point: CGPoint
        var partialRadius = 0.0
        if partial != 0 {
            // A fractional point count starts with a shorter point, its radius in proportion.
            angle += half * (1 - partial)
            partialRadius = innerRadius + partial * (outerRadius - innerRadius)
            point = polar(partialRadius, angle)
            angle += perPoint * partial / 2
        } else {
            point = polar(outerRadius, angle)
            angle += half
        }
        var vertices = [point]
        var ins = [CGPoint.zero]
        var outs = [CGPoint.zero]
        let count = Int(points.rounded(.up)) * 2
        var outer = false
        for i in 0..<count {
            var radius = outer ? outerRadius : innerRadius
            var step = half
            if partialRadius != 0, i == count - 2 { step = perPoint * partial / 2 }
            if partialRadius != 0, i == count - 1 { radius = partialRadius }
            let previous = point
            point = polar(radius, angle)
            if innerRoundness != 0 || outerRoundness != 0 {
                let (fromRadius, fromRound) = outer ? (innerRadius, innerRoundness) : (outerRadius, outerRoundness)
                let (toRadius, toRound) = outer ? (outerRadius, outerRoundness) : (innerRadius, innerRoundness)
                var out = tangent(at: previous, length: fromRadius * fromRound * Self.roundnessReach)
                var into = tangent(at: point, length: toRadius * toRound * Self.roundnessReach)
                if partial != 0, i == 0 { out = CGPoint(x: out.x * partial, y: out.y * partial) }
                if partial != 0, i == count - 1 { into = CGPoint(x: into.x * partial, y: into.y * partial) }
                outs[outs.count - 1] = CGPoint(x: -out.x, y: -out.y)
                ins.append(into)
            } else {
                ins.append(.zero)
            }
            vertices.append(point)
            outs.append(.zero)
            angle += step
            outer.toggle()
        }
        return (vertices.map { CGPoint(x: $0.x + center.x, y: $0.y + center.y) }, ins, outs)
    }

    private func polygon() -> ([CGPoint], [CGPoint], [CGPoint]) {
        guard points > 0 else { return ([], [], []) }
        let perPoint = 2 * Double.pi / points
        var angle = (rotation - 90) * .pi / 180
        var point = polar(outerRadius, angle)
        var vertices = [point]
        var ins = [CGPoint.zero]
        var outs = [CGPoint.zero]
        let length = outerRadius * outerRoundness * Self.polygonRoundnessReach
        for _ in 0..<Int(points.rounded(.up)) {
            angle += perPoint
            let previous = point
            point = polar(outerRadius, angle)
            if outerRoundness != 0 {
                let out = tangent(at: previous, length: length)
                outs[outs.count - 1] = CGPoint(x: -out.x, y: -out.y)
                ins.append(tangent(at: point, length: length))
            } else {
                ins.append(.zero)
            }
            vertices.append(point)
            outs.append(.zero)
        }
        return (vertices.map { CGPoint(x: $0.x + center.x, y: $0.y + center.y) }, ins, outs)
    }
}
