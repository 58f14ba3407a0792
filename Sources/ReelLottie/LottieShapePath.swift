import Foundation
import ReelCore

/// Paths of Lottie's parametric shapes, animated through their parameters' keyframes.
enum LottieShapePath {
    /// `rc`: centred on `position`; corners rounded by `roundness`, at most half the shorter side.
    static func rectangle(
        position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>, roundness: LottieAnimatable<Double>
    ) -> LottieAnimatable<CGPath> {
        combined(position, size, roundness.map { CGPoint(x: $0, y: 0) }) { p, s, r in
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

    /// `el`: the ellipse inscribed in `size` around `position`. As After Effects draws it, it
    /// starts at the top and runs clockwise on screen (four quarter Béziers), so trims start there;
    /// Core Graphics' ellipse would start at the right.
    static func ellipse(position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>) -> LottieAnimatable<
        CGPath
    > {
        combined(position, size, LottieAnimatable(.zero)) { p, s, _ in
            let (rx, ry) = (abs(s.x) / 2, abs(s.y) / 2)
            // The control point distance of a quarter circle's Bézier, as a fraction of its radius.
            let (cx, cy) = (rx * 0.55228, ry * 0.55228)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: p.x, y: p.y - ry))
            path.addCurve(
                to: CGPoint(x: p.x + rx, y: p.y), control1: CGPoint(x: p.x + cx, y: p.y - ry),
                control2: CGPoint(x: p.x + rx, y: p.y - cy))
            path.addCurve(
                to: CGPoint(x: p.x, y: p.y + ry), control1: CGPoint(x: p.x + rx, y: p.y + cy),
                control2: CGPoint(x: p.x + cx, y: p.y + ry))
            path.addCurve(
                to: CGPoint(x: p.x - rx, y: p.y), control1: CGPoint(x: p.x - cx, y: p.y + ry),
                control2: CGPoint(x: p.x - rx, y: p.y + cy))
            path.addCurve(
                to: CGPoint(x: p.x, y: p.y - ry), control1: CGPoint(x: p.x - rx, y: p.y - cy),
                control2: CGPoint(x: p.x - cx, y: p.y - ry))
            path.closeSubpath()
            return path
        }
    }

    /// The path at each keyframe. When one parameter is animated its keyframes (and easing) are
    /// kept exactly; when several are, the path is computed at every frame any of them has a
    /// keyframe and moves linearly between those.
    private static func combined(
        _ a: LottieAnimatable<CGPoint>, _ b: LottieAnimatable<CGPoint>, _ c: LottieAnimatable<CGPoint>,
        _ make: (CGPoint, CGPoint, CGPoint) -> CGPath
    ) -> LottieAnimatable<CGPath> {
        let animated = [a, b, c].filter(\.isAnimated)
        guard animated.count > 1 else {
            let timing = animated.first ?? a
            return LottieAnimatable(
                keyframes: timing.keyframes.map { key in
                    LottieKeyframe(
                        frame: key.frame,
                        value: make(at(a, key.frame), at(b, key.frame), at(c, key.frame)), easing: key.easing,
                        hold: key.hold)
                })
        }
        let frames = Set(animated.flatMap { $0.keyframes.map(\.frame) }).sorted()
        return LottieAnimatable(
            keyframes: frames.map { LottieKeyframe(frame: $0, value: make(at(a, $0), at(b, $0), at(c, $0))) })
    }

    private static func at(_ property: LottieAnimatable<CGPoint>, _ frame: Double) -> CGPoint {
        property.value(atFrame: frame) { a, b, p in CGPoint(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p) }
    }
}
