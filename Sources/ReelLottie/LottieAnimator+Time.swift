import Foundation
import ReelCore

/// A time-remapped precomp's time (`tm`): at each frame of the scene (`times`, in the local time
/// of the layers being built), the second of their composition that is shown (`seconds`: the
/// time their keyframes take, `seconds(frame, offset:)`). Values are sampled at every frame and
/// interpolated linearly between, as lottie-ios's Core Animation engine does: a remapping is no
/// linear function of time, so Core Animation's timing cannot play it.
struct LottieTimeRemap {
    var times: [Double]
    var seconds: [Double]
}

// MARK: - Precomp time
extension LottieAnimator {
    /// Builds a precomp's layers (`build`, given the offset their keyframes take) on the
    /// precomp's own time. A stretch (`sr`) is the layer speed `1 / sr` of the precomp's
    /// `clip`, Core Animation's timing (a remapped precomp's stretch, inside a sampled one, is
    /// sampled too); a remapping (`tm`, seconds of the precomp at frames of its composition)
    /// samples the values (see `LottieTimeRemap`); otherwise the start time `st` shifts them.
    func buildPrecomp(
        _ layer: LottieLayer, clip: CALayer, offset: Double, sceneDuration: Double, _ build: (Double) -> Void
    ) {
        let saved = (rate, remap)
        defer { (rate, remap) = saved }
        let stretch = layer.timeStretch
        if let tm = layer.timeRemap {
            remap = sampled(offset: offset, sceneDuration: sceneDuration) { frame in
                tm.value(atFrame: frame) { a, b, p in a + (b - a) * p }
            }
            build(inPoint)
        } else if stretch != 1, remap != nil {
            remap = sampled(offset: offset, sceneDuration: sceneDuration) { frame in
                (frame - layer.startTime) / stretch / self.frameRate
            }
            build(inPoint)
        } else if stretch != 1 {
            // The clip's time is its parent's divided by sr: a keyframe at the precomp's frame f
            // is at frame f × sr + st of its composition.
            clip.speed = Float(1 / stretch)
            rate /= stretch
            build(inPoint + (layer.startTime + offset - inPoint) / stretch)
        } else {
            build(offset + layer.startTime)
        }
    }

    /// The remapping of a precomp whose composition's keyframes take `offset`, `map` giving the
    /// precomp's seconds at a frame of its composition.
    private func sampled(offset: Double, sceneDuration: Double, _ map: (Double) -> Double) -> LottieTimeRemap {
        let outer =
            remap
            ?? {
                // Every whole frame from ip up to (not at) op, as lottie-ios samples; up to a bound,
                // past which the samples spread out evenly. The last sample holds to the end, where
                // Core Animation's fill keeps a keyframe animation's last value.
                let frames = sceneDuration * frameRate
                let count = max(1, min(Int(frames.rounded(.up)), Self.maxSamples))
                let step = max(1, frames / Double(count))
                let samples = (0..<count).map { Double($0) * step / frameRate * rate }
                return LottieTimeRemap(times: samples + [sceneDuration * rate], seconds: samples + [samples[count - 1]])
            }()
        return LottieTimeRemap(
            times: outer.times, seconds: outer.seconds.map { map($0 * frameRate - offset + inPoint) })
    }

    /// `property` sampled at every frame of `remap`.
    func applySampled<V>(
        _ property: LottieAnimatable<V>, _ remap: LottieTimeRemap, to layer: CALayer, keyPath: String,
        offset: Double, _ convert: (V) -> Any
    ) {
        let converted = property.map(convert)
        guard let kind = Self.kind(of: converted.initial), remap.times.count > 1 else { return }
        guard takeSamples(remap) else { return }
        let values = remap.seconds.map { second in
            converted.value(atFrame: second * frameRate - offset + inPoint) { a, b, p in
                guard let from = AnimatableValue(any: a, as: kind), let to = AnimatableValue(any: b, as: kind) else {
                    return a
                }
                return from.interpolated(to: to, fraction: p)
            }
        }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = normalized(remap.times)
        add(animation, to: layer, from: remap.times[0], to: remap.times[remap.times.count - 1])
    }

    /// Hides `layer` at the frames of `remap` whose seconds fall outside `[start, end)`.
    func visibleSampled(_ layer: CALayer, _ remap: LottieTimeRemap, from start: Double, to end: Double) {
        let hidden = remap.seconds.map { !($0 >= start && $0 < end) }
        layer.isHidden = hidden[0]
        guard hidden.contains(!hidden[0]), takeSamples(remap) else { return }
        let animation = CAKeyframeAnimation(keyPath: "hidden")
        animation.calculationMode = .discrete
        // Discrete: each value holds from its key time to the next; the last key time ends it.
        animation.values = Array(hidden.dropLast())
        animation.keyTimes = normalized(remap.times)
        add(animation, to: layer, from: remap.times[0], to: remap.times[remap.times.count - 1])
    }

    /// Whether `remap`'s samples fit in what is left of `sampleBudget` (taking them): precomps
    /// used many times multiply the samples; past the budget a value stays as it starts.
    private func takeSamples(_ remap: LottieTimeRemap) -> Bool {
        guard sampledValues + remap.times.count <= Self.sampleBudget else { return false }
        sampledValues += remap.times.count
        return true
    }

    private func normalized(_ times: [Double]) -> [Double] {
        let first = times[0]
        let span = times[times.count - 1] - first
        return times.map { span > 0 ? min(max(($0 - first) / span, 0), 1) : 0 }
    }

    /// Most samples of one remapped property: a frame each for about three minutes at 60 fps.
    static let maxSamples = 10_000
    /// Most samples of all remapped properties, bounding the memory a hostile file can ask for.
    static let sampleBudget = 1_000_000

    /// The kind of a value the builder sets (see `apply`'s conversions).
    private static func kind(of value: Any) -> ValueKind? {
        switch value {
        case is Double: .number
        case is CGPoint: .point
        case is CGColor: .color
        case is CGPath: .path
        case is [CGColor]: .colors
        case is CATransform3D: .transform
        default: nil
        }
    }
}
