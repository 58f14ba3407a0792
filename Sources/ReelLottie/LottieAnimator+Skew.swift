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

    /// The transform's matrix: one value, or a sample at every frame from the first keyframe of
    /// any component to the last (components ease on their own keyframes, so no single set of
    /// keyframes and timing functions describes the product).
    static func combined(_ transform: LottieTransform) -> LottieAnimatable<CATransform3D> {
        let frames = transform.components.flatMap { $0 }
        guard let first = frames.min(), let last = frames.max(), last > first else {
            return LottieAnimatable(matrix(transform, atFrame: frames.first ?? 0))
        }
        let count = min(Int((last - first).rounded(.up)), maxSamples)
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

    /// The keyframe frames of each component that animates (anchor, position, scale, rotation,
    /// skew and its axis).
    fileprivate var components: [[Double]] {
        func frames<V>(_ p: LottieAnimatable<V>) -> [Double] { p.isAnimated ? p.keyframes.map(\.frame) : [] }
        let position: [Double]
        switch self.position {
        case .point(let p): position = frames(p)
        case .split(let x, let y): position = frames(x) + frames(y)
        }
        return [frames(anchor), position, frames(scale), frames(rotation), frames(skew), frames(skewAxis)]
    }
}
