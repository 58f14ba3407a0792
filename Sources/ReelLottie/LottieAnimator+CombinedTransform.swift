import Foundation
import ReelCore

// MARK: - Combined transform
extension LottieAnimator {
    /// Applies a transform as one matrix on `transform` (anchor point and position at zero), as
    /// lottie-ios's Core Animation engine does when the transform has a skew (a layer has no skew
    /// property) or a negative scale.x (Core Animation turns a reflection set through
    /// `transform.scale.x` and `.y` into a rotation), animated as transform keyframes when any of
    /// its components animates.
    func applyCombined(_ transform: LottieTransform, to layer: CALayer, offset: Double) {
        layer.anchorPoint = .zero
        layer.position = .zero
        // A remapped precomp's values are sampled, as lottie-ios samples them: no holds are left.
        let matrices = remap == nil ? Self.loneHoldsUnapplied(Self.combined(transform)) : Self.combined(transform)
        apply(matrices, to: layer, keyPath: "transform", offset: offset) { $0 }
    }

    /// The matrices as Core Animation shows lottie-ios's animation of them. lottie-ios plays each
    /// run of keyframes with or without holds as a keyframe animation of its own (discrete for
    /// holds, whose values leave out the run's end); a hold standing alone leaves one value, and
    /// Core Animation applies no keyframe animation of one value: until the next keyframe the
    /// layer shows its own transform, the identity (as Apple's snapshots of such files show).
    static func loneHoldsUnapplied(_ matrices: LottieAnimatable<CATransform3D>) -> LottieAnimatable<CATransform3D> {
        let keys = matrices.keyframes
        // One run is one animation, whose key times are padded to the whole scene: no lone value.
        guard keys.indices.dropFirst().contains(where: { keys[$0].hold != keys[$0 - 1].hold }) else { return matrices }
        // A run of holds starting at k with one value: k is followed by a moving keyframe (which
        // starts the next run), or by the last keyframe, which ends the run.
        var blank = Set<Int>()
        for k in keys.indices.dropLast() where keys[k].hold && (k == 0 || !keys[k - 1].hold) {
            if !keys[k + 1].hold {
                blank.insert(k)
            } else if k + 2 == keys.count {
                blank.formUnion([k, k + 1])
            }
        }
        var result: [LottieKeyframe<CATransform3D>] = []
        for (k, key) in keys.enumerated() {
            // The moving run before a blanked hold still ends on the hold's matrix.
            if blank.contains(k), k > 0, !keys[k - 1].hold { result.append(key) }
            var shown = key
            if blank.contains(k) { shown.value = .identity }
            result.append(shown)
        }
        return LottieAnimatable(keyframes: result)
    }

    /// The transform's matrix, on the keyframes its components share or else sampled (see
    /// `LottieAnimatable.combined`); Core Animation interpolates the matrices between keyframes.
    static func combined(_ transform: LottieTransform) -> LottieAnimatable<CATransform3D> {
        LottieAnimatable.combined(transform.components) { matrix(transform, at: $0) }
    }

    /// The matrix at `moment`, in Core Animation's row-vector order: the anchor is moved to the
    /// origin, then scaled, skewed (a shear of `−sk` along the axis at `sa`, as the Lottie format
    /// defines it), rotated, and moved to the position.
    static func matrix(_ transform: LottieTransform, at moment: LottieMoment) -> CATransform3D {
        func number(_ p: LottieAnimatable<Double>) -> Double { p.value(at: moment) }
        func point(_ p: LottieAnimatable<CGPoint>) -> CGPoint { p.value(at: moment) }
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
    /// Whether the transform is one matrix for lottie-ios: a skew somewhere (any value not zero)
    /// or a negative scale.x.
    var isCombined: Bool {
        skew.keyframes.contains { $0.value != 0 } || scale.keyframes.contains { $0.value.x < 0 }
    }

    /// Each component (anchor, position, scale, rotation, skew and its axis), values dropped.
    fileprivate var components: [LottieAnimatable<Void>] {
        let position: [LottieAnimatable<Void>]
        switch self.position {
        case .point(let p): position = [p.timing]
        case .split(let x, let y): position = [x.timing, y.timing]
        }
        return [anchor.timing, scale.timing, rotation.timing, skew.timing, skewAxis.timing] + position
    }
}
