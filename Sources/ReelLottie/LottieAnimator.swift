import Foundation
import ReelCore

/// Turns Lottie properties into model values and `CAKeyframeAnimation`s on scene time, as
/// lottie-ios's Core Animation engine does: one keyframe animation per property, the keyframes'
/// Bézier easing as per-segment timing functions, hold keyframes as jumps.
///
/// Scene time 0 is the document's frame `ip`; a keyframe at `frame` of a layer whose keyframes are
/// shifted by `offset` frames (the start times of the precomps it is in) is at
/// `(frame + offset − ip) / fr` seconds. Animations are collected and added at time 0, holding
/// their first value before and their last after (fill mode `both`).
final class LottieAnimator {
    let inPoint: Double
    let frameRate: Double
    /// An animation waiting to be added to its layer under its key.
    typealias Pending = (layer: CALayer, animation: CAAnimation, key: String)
    private(set) var pending: [Pending] = []
    /// Local seconds per scene second of the layers being built: the product of the speeds of the
    /// stretched precomps they are in (see `LottieAnimator+Time`).
    var rate = 1.0
    /// Set while building the layers of a time-remapped precomp: their values are sampled.
    var remap: LottieTimeRemap?
    /// Values sampled so far, against `sampleBudget`.
    var sampledValues = 0

    init(inPoint: Double, frameRate: Double) {
        self.inPoint = inPoint
        self.frameRate = frameRate
    }

    /// Seconds of scene time at `frame` shifted by `offset` frames.
    func seconds(_ frame: Double, offset: Double) -> Double { (frame + offset - inPoint) / frameRate }

    /// Sets the property's value at `keyPath` of `layer`, and animates it when it has keyframes.
    func apply<V>(
        _ property: LottieAnimatable<V>, to layer: CALayer, keyPath: String, offset: Double,
        _ convert: (V) -> Any
    ) {
        layer.setValue(convert(property.initial), forKeyPath: keyPath)
        guard property.isAnimated else { return }
        if let remap {
            return applySampled(property, remap, to: layer, keyPath: keyPath, offset: offset, convert)
        }
        let keyframes = property.keyframes
        let times = keyframes.map { seconds($0.frame, offset: offset) }
        guard let first = times.first, let last = times.last, last > first else {
            layer.setValue(convert(keyframes[keyframes.count - 1].value), forKeyPath: keyPath)
            return
        }
        var values: [Any] = []
        var keyTimes: [Double] = []
        var functions: [CAMediaTimingFunction] = []
        for (k, keyframe) in keyframes.enumerated() {
            let value = convert(keyframe.value)
            values.append(value)
            keyTimes.append((times[k] - first) / (last - first))
            guard k + 1 < keyframes.count else { break }
            if keyframe.hold {
                // Core Animation's calculation mode is one for all segments: a hold is the same
                // value again at the next key time, then a jump (two key times equal).
                values.append(value)
                keyTimes.append((times[k + 1] - first) / (last - first))
                functions += [.linear, .linear]
            } else {
                functions.append(keyframe.easing ?? .linear)
            }
        }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = keyTimes.map { min(max($0, 0), 1) }
        animation.timingFunctions = functions
        add(animation, to: layer, from: first, to: last)
    }

    /// Hides `layer` outside `[start, end)` seconds of scene time (a layer's `ip`/`op`). A layer
    /// lasting to the scene's end or beyond is still visible on its last frame (`op`): lottie-ios
    /// clamps its out key time to the animation's end, where a discrete animation still shows the
    /// value before its last key time.
    func visible(_ layer: CALayer, from start: Double, to end: Double, sceneDuration: Double) {
        if let remap { return visibleSampled(layer, remap, from: start, to: end) }
        // In the layer's own time, stretched precomps included.
        let sceneDuration = sceneDuration * rate
        let hidesAtEnd = end < sceneDuration
        guard start > 0 || hidesAtEnd else { return }
        // The animation covers the whole scene and the visible span, so it holds no value by fill.
        let begin = min(start, 0) - 1
        let finish = max(end, sceneDuration) + 1
        let animation = CAKeyframeAnimation(keyPath: "hidden")
        animation.calculationMode = .discrete
        animation.values = hidesAtEnd ? [true, false, true] : [true, false]
        animation.keyTimes =
            [0, (start - begin) / (finish - begin)] + (hidesAtEnd ? [(end - begin) / (finish - begin)] : []) + [1]
        layer.isHidden = true
        add(animation, to: layer, from: begin, to: finish)
    }

    func add(_ animation: CAKeyframeAnimation, to layer: CALayer, from begin: Double, to end: Double) {
        animation.beginTime = begin
        animation.duration = end - begin
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        pending.append((layer, animation, "lottie.\(animation.keyPath ?? "")"))
    }

    /// Applies a transform (`ks` or `tr`) to a layer of size `size`: the anchor is
    /// `anchorPoint` (a fraction of the size), rotation and scale are about it. Opacity only
    /// when `opacity` (parents lend their transform to children, not their opacity).
    func apply(_ transform: LottieTransform, to layer: CALayer, size: CGSize, offset: Double, opacity: Bool) {
        layer.bounds = CGRect(origin: .zero, size: size)
        if opacity {
            apply(transform.opacity, to: layer, keyPath: "opacity", offset: offset) { $0 / 100 }
        }
        if transform.hasSkew || transform.mirrorsUnderAnimatedTurn {
            return applySkewed(transform, to: layer, offset: offset)
        }
        apply(transform.anchor, to: layer, keyPath: "anchorPoint", offset: offset) {
            CGPoint(x: $0.x / size.width, y: $0.y / size.height)
        }
        switch transform.position {
        case .point(let p): applyPosition(p, to: layer, offset: offset)
        case .split(let x, let y):
            apply(x, to: layer, keyPath: "position.x", offset: offset) { $0 }
            apply(y, to: layer, keyPath: "position.y", offset: offset) { $0 }
        }
        // Rotation before scale: a transform scaled to zero has no rotation left to decompose.
        apply(transform.rotation, to: layer, keyPath: "transform.rotation.z", offset: offset) { $0 * .pi / 180 }
        // A negative scale.x is a half turn about y with |scale.x|, as lottie-ios does: two
        // negative scale key paths set one after the other decompose into a rotation, not a flip.
        if transform.scale.keyframes.contains(where: { $0.value.x < 0 }) {
            apply(transform.scale, to: layer, keyPath: "transform.rotation.y", offset: offset) {
                $0.x < 0 ? Double.pi : 0
            }
        }
        apply(transform.scale, to: layer, keyPath: "transform.scale.x", offset: offset) { abs($0.x) / 100 }
        apply(transform.scale, to: layer, keyPath: "transform.scale.y", offset: offset) { $0.y / 100 }
    }

    /// Position keyframes with motion-path tangents move along the curves between them, as a
    /// keyframe animation's `path` (one element per keyframe segment, each with its easing).
    /// Holds keep the values form (a path cannot jump), where the tangents are not used.
    private func applyPosition(_ position: LottieAnimatable<CGPoint>, to layer: CALayer, offset: Double) {
        let keyframes = position.keyframes
        func isCurve(_ k: LottieKeyframe<CGPoint>) -> Bool {
            [k.spatialOut, k.spatialIn].contains { $0.map { $0 != .zero } ?? false }
        }
        let times = keyframes.map { seconds($0.frame, offset: offset) }
        // Sampled values (a remapped precomp) take the values form.
        guard remap == nil, keyframes.dropLast().contains(where: isCurve),
            !keyframes.dropLast().contains(where: \.hold), let first = times.first, let last = times.last, last > first
        else { return apply(position, to: layer, keyPath: "position", offset: offset) { $0 } }
        let path = CGMutablePath()
        path.move(to: keyframes[0].value)
        for (a, b) in zip(keyframes, keyframes.dropFirst()) {
            guard isCurve(a) else {
                path.addLine(to: b.value)
                continue
            }
            let out = a.spatialOut ?? .zero
            let into = a.spatialIn ?? .zero
            path.addCurve(
                to: b.value, control1: CGPoint(x: a.value.x + out.x, y: a.value.y + out.y),
                control2: CGPoint(x: b.value.x + into.x, y: b.value.y + into.y))
        }
        layer.position = keyframes[0].value
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.keyTimes = times.map { min(max(($0 - first) / (last - first), 0), 1) }
        animation.timingFunctions = keyframes.dropLast().map { $0.easing ?? .linear }
        add(animation, to: layer, from: first, to: last)
    }
}
