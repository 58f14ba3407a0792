import Foundation
import ReelCore

/// Paths of Lottie's parametric shapes, animated through their parameters' keyframes.
enum LottieShapePath {
    /// `rc`: centred on `position`; corners rounded by `roundness`, at most half the shorter side.
    static func rectangle(
        position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>, roundness: LottieAnimatable<Double>
    ) -> LottieAnimatable<CGPath> {
        combined([position, size, roundness.map { CGPoint(x: $0, y: 0) }]) { v in
            let (p, s, r) = (v[0], v[1], v[2])
            let rect = CGRect(x: p.x - abs(s.x) / 2, y: p.y - abs(s.y) / 2, width: abs(s.x), height: abs(s.y))
            let radius = min(max(r.x, 0), rect.width / 2, rect.height / 2)
            let path = CGMutablePath()
            if radius > 0 {
                path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
            } else {
                // Lottie's rectangle starts at the top-right corner and runs clockwise (on
                // screen); trims start there.
                path.move(to: CGPoint(x: rect.maxX, y: rect.minY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                path.addLine(to: CGPoint(x: rect.minX, y: rect.minY))
                path.closeSubpath()
            }
            return path
        }
    }

    /// `el`: the ellipse inscribed in `size` around `position`, as Lottie draws it: four
    /// quarter curves from the top, clockwise on screen (trims start there).
    static func ellipse(position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>) -> LottieAnimatable<
        CGPath
    > {
        combined([position, size]) { v in
            let (p, rx, ry) = (v[0], abs(v[1].x) / 2, abs(v[1].y) / 2)
            // The control points of a quarter circle reach 0.55228 of the radius (4/3·(√2 − 1)).
            let (cx, cy) = (rx * 0.55228, ry * 0.55228)
            return LottieBezier(
                vertices: [
                    CGPoint(x: p.x, y: p.y - ry), CGPoint(x: p.x + rx, y: p.y), CGPoint(x: p.x, y: p.y + ry),
                    CGPoint(x: p.x - rx, y: p.y)
                ],
                inTangents: [CGPoint(x: -cx, y: 0), CGPoint(x: 0, y: -cy), CGPoint(x: cx, y: 0), CGPoint(x: 0, y: cy)],
                outTangents: [CGPoint(x: cx, y: 0), CGPoint(x: 0, y: cy), CGPoint(x: -cx, y: 0), CGPoint(x: 0, y: -cy)],
                closed: true
            ).cgPath
        }
    }

    /// `sr`: a star or polygon, rebuilt from its parameters at each keyframe.
    static func polystar(_ star: LottiePolystar) -> LottieAnimatable<CGPath> {
        func scalar(_ a: LottieAnimatable<Double>) -> LottieAnimatable<CGPoint> { a.map { CGPoint(x: $0, y: 0) } }
        let parameters = [
            star.position, scalar(star.points), scalar(star.rotation), scalar(star.outerRadius),
            scalar(star.innerRadius), scalar(star.outerRoundness), scalar(star.innerRoundness)
        ]
        return combined(parameters) { v in
            LottiePolystarPath(
                center: v[0], points: v[1].x, rotation: v[2].x, outerRadius: v[3].x, innerRadius: v[4].x,
                outerRoundness: v[5].x / 100, innerRoundness: v[6].x / 100, isPolygon: star.isPolygon,
                reversed: star.reversed
            ).bezier.cgPath
        }
    }

    /// `sh` under rounded corners (`rd`) of `radius`; without them (or with a radius that is
    /// never positive) the path as drawn.
    static func path(_ bezier: LottieAnimatable<LottieBezier>, roundedBy radius: LottieAnimatable<Double>?)
        -> LottieAnimatable<CGPath>
    {
        guard let radius, radius.keyframes.contains(where: { $0.value > 0 }) else { return bezier.map(\.cgPath) }
        return LottieAnimatable.combined([bezier.timing, radius.timing]) { moment in
            bezier.value(at: moment, mix: mix).roundingCorners(radius: radius.value(at: moment)).cgPath
        }
    }

    /// The path (or any value made of the parameters) on the keyframes the parameters share, or
    /// else sampled (see `LottieAnimatable.combined`).
    static func combined<T>(
        _ parameters: [LottieAnimatable<CGPoint>], _ make: ([CGPoint]) -> T
    ) -> LottieAnimatable<T> {
        LottieAnimatable.combined(parameters.map(\.timing)) { moment in
            make(parameters.map { $0.value(at: moment) })
        }
    }

    /// Vertex by vertex, as Core Animation moves between paths of the same elements; shapes of
    /// different vertex counts jump at the end.
    private static func mix(_ a: LottieBezier, _ b: LottieBezier, _ p: Double) -> LottieBezier {
        guard a.vertices.count == b.vertices.count else { return p < 1 ? a : b }
        func lerp(_ x: [CGPoint], _ y: [CGPoint]) -> [CGPoint] {
            zip(x, y).map { CGPoint(x: $0.x + ($1.x - $0.x) * p, y: $0.y + ($1.y - $0.y) * p) }
        }
        return LottieBezier(
            vertices: lerp(a.vertices, b.vertices), inTangents: lerp(a.inTangents, b.inTangents),
            outTangents: lerp(a.outTangents, b.outTangents), closed: a.closed)
    }
}
