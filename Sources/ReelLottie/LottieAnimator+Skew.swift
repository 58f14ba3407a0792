import Foundation
import ReelCore

// MARK: - Skew
extension LottieAnimator {
    /// Applies a transform with a skew, as lottie-ios's Core Animation engine does: a layer has no
    /// skew property, so the whole transform is one matrix on `transform` (anchor point and
    /// position at zero), animated as transform keyframes when any of its components animates.
    func applySkewed(_ transform: LottieTransform, to layer: CALayer, offset: Double) {
        layer.anchorPoint = .zero
        layer.position = .zero
        apply(Self.combined(transform), to: layer, keyPath: "transform", offset: offset) { $0 }
    }

    /// The transform's matrix, on keyframes as lottie-ios combines them: one value when nothing
    /// animates; the keyframes (times, easing, holds) of the animated components when they all
    /// have the same times, Core Animation interpolating the matrices between them; otherwise a
    /// sample at every frame from the first keyframe of any component to the last (components
    /// easing on their own keyframes have no single set of keyframes and timing functions).
    static func combined(_ transform: LottieTransform) -> LottieAnimatable<CATransform3D> {
        let animated = transform.components.filter(\.isAnimated)
        guard let shared = animated.first else { return LottieAnimatable(matrix(transform, atFrame: 0)) }
        let times = shared.keyframes.map(\.frame)
        if animated.allSatisfy({ $0.keyframes.map(\.frame) == times }) {
            return shared.keyframed { matrix(transform, atFrame: $0) }
        }
        let frames = animated.flatMap { $0.keyframes.map(\.frame) }
        let first = frames.min() ?? 0
        let last = frames.max() ?? 0
        let count = max(min(Int((last - first).rounded(.up)), maxSamples), 1)
        return LottieAnimatable(
            keyframes: (0...count).map { n in
                let frame = first + (last - first) * Double(n) / Double(count)
                return LottieKeyframe(frame: frame, value: matrix(transform, atFrame: frame))
            })
    }

    /// The matrix at `frame`, in Core Animation's row-vector order: the anchor is moved to the
    /// origin, then scaled, skewed (a shear of `−sk` along the axis at `sa`, as the Lottie format
    /// defines it), rotated, and moved to the position.
    static func matrix(_ transform: LottieTransform, atFrame frame: Double) -> CATransform3D {
        func number(_ p: LottieAnimatable<Double>) -> Double { p.value(atFrame: frame) { $0 + ($1 - $0) * $2 } }
        func point(_ p: LottieAnimatable<CGPoint>) -> CGPoint {
            p.value(atFrame: frame) { CGPoint(x: $0.x + ($1.x - $0.x) * $2, y: $0.y + ($1.y - $0.y) * $2) }
        }
        let anchor = point(transform.anchor)
        let position: CGPoint
        switch transform.position {
        case .point(let p): position = point(p)
        case .split(let x, let y): position = CGPoint(x: number(x), y: number(y))
        }
        let scale = point(transform.scale)
        let radians = Double.pi / 180
        let axis = number(transform.skewAxis) * radians
        let (c, s) = (cos(axis), sin(axis))
        func planar(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> CATransform3D {
            CATransform3D(
                m11: a, m12: b, m13: 0, m14: 0, m21: c, m22: d, m23: 0, m24: 0,
                m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        }
        let steps = [
            CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0),
            CATransform3DMakeScale(scale.x / 100, scale.y / 100, 1),
            planar(c, s, -s, c), planar(1, 0, tan(-number(transform.skew) * radians), 1), planar(c, -s, s, c),
            CATransform3DMakeRotation(number(transform.rotation) * radians, 0, 0, 1),
            CATransform3DMakeTranslation(position.x, position.y, 0)
        ]
        return steps.dropFirst().reduce(steps[0], CATransform3DConcat)
    }
}

extension LottieTransform {
    /// Whether any value of the skew is not zero.
    var hasSkew: Bool { skew.keyframes.contains { $0.value != 0 } }

    /// Each component (anchor, position, scale, rotation, skew and its axis), values dropped.
    fileprivate var components: [LottieAnimatable<Void>] {
        func plain<V>(_ p: LottieAnimatable<V>) -> LottieAnimatable<Void> { p.map { _ in () } }
        let position: [LottieAnimatable<Void>]
        switch self.position {
        case .point(let p): position = [plain(p)]
        case .split(let x, let y): position = [plain(x), plain(y)]
        }
        return [plain(anchor), plain(scale), plain(rotation), plain(skew), plain(skewAxis)] + position
    }
}

extension LottieAnimatable {
    /// The same keyframes (times, easing, holds), each value given by `value` at its frame.
    fileprivate func keyframed<T>(_ value: (Double) -> T) -> LottieAnimatable<T> {
        LottieAnimatable<T>(
            keyframes: keyframes.map {
                LottieKeyframe(frame: $0.frame, value: value($0.frame), easing: $0.easing, hold: $0.hold)
            })
    }
}
