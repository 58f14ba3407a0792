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

    /// `el`: the ellipse inscribed in `size` around `position`.
    static func ellipse(position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>) -> LottieAnimatable<
        CGPath
    > {
        combined(position, size, LottieAnimatable(.zero)) { p, s, _ in
            CGPath(ellipseIn: CGRect(x: p.x - abs(s.x) / 2, y: p.y - abs(s.y) / 2, width: abs(s.x), height: abs(s.y)))
        }
    }

    /// The path (or any value made of the parameters) at each keyframe. When one parameter is animated its keyframes (and easing) are
    /// kept exactly; when several are, the path is computed at every frame any of them has a
    /// keyframe and moves linearly between those.
    static func combined<T>(
        _ a: LottieAnimatable<CGPoint>, _ b: LottieAnimatable<CGPoint>, _ c: LottieAnimatable<CGPoint>,
        _ make: (CGPoint, CGPoint, CGPoint) -> T
    ) -> LottieAnimatable<T> {
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
