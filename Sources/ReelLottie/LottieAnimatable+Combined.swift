import Foundation
import ReelCore

/// Where a value made of several properties is taken: at a keyframe the animated properties
/// share (each gives that keyframe's own value, so that two keyframes at one frame stay a jump),
/// or at a frame between keyframes.
enum LottieMoment {
    case keyframe(Int, frame: Double)
    case frame(Double)
}

extension LottieAnimatable {
    /// The keyframes' timing (frames, easing, holds), values dropped.
    var timing: LottieAnimatable<Void> { map { _ in () } }

    /// The value at `moment`; `mix` as for `value(atFrame:mix:)`.
    func value(at moment: LottieMoment, mix: (Value, Value, Double) -> Value) -> Value {
        switch moment {
        case .keyframe(let index, _): isAnimated ? keyframes[index].value : initial
        case .frame(let frame): value(atFrame: frame, mix: mix)
        }
    }
}

extension LottieAnimatable where Value == Double {
    /// The number at `moment`, eased between keyframes.
    func value(at moment: LottieMoment) -> Double { value(at: moment) { $0 + ($1 - $0) * $2 } }
}

extension LottieAnimatable where Value == CGPoint {
    /// The point at `moment`, eased between keyframes along a straight line.
    func value(at moment: LottieMoment) -> CGPoint {
        value(at: moment) { CGPoint(x: $0.x + ($1.x - $0.x) * $2, y: $0.y + ($1.y - $0.y) * $2) }
    }
}

extension LottieAnimatable where Value == Void {
    /// A value made of several properties (given by their `timing`), on keyframes as lottie-ios's
    /// Core Animation engine combines them: one value when none animates; the animated ones'
    /// keyframes (frames, easing, holds) when they all have the same, Core Animation moving
    /// between the made values; otherwise a sample at every frame from the first keyframe of any
    /// to the last (at most `LottieAnimator.maxSamples`, spread evenly past that), moving
    /// linearly in between: properties easing on their own keyframes have no shared timing.
    static func combined<T>(_ properties: [Self], _ make: (LottieMoment) -> T) -> LottieAnimatable<T> {
        let animated = properties.filter(\.isAnimated)
        guard let shared = animated.first else { return LottieAnimatable<T>(make(.keyframe(0, frame: 0))) }
        if animated.allSatisfy({ $0.hasSameTiming(as: shared) }) {
            return LottieAnimatable<T>(
                keyframes: shared.keyframes.enumerated().map { index, key in
                    LottieKeyframe(
                        frame: key.frame, value: make(.keyframe(index, frame: key.frame)), easing: key.easing,
                        hold: key.hold)
                })
        }
        let frames = animated.flatMap { $0.keyframes.map(\.frame) }
        let (first, last) = (frames.min()!, frames.max()!)
        let step = max(1, (last - first) / Double(LottieAnimator.maxSamples))
        let samples = Set(Array(stride(from: first, to: last, by: step)) + frames).sorted()
        return LottieAnimatable<T>(keyframes: samples.map { LottieKeyframe(frame: $0, value: make(.frame($0))) })
    }

    /// Whether both have keyframes at the same frames, with the same easing and holds.
    private func hasSameTiming(as other: Self) -> Bool {
        keyframes.count == other.keyframes.count
            && zip(keyframes, other.keyframes).allSatisfy {
                $0.frame == $1.frame && $0.easing == $1.easing && $0.hold == $1.hold
            }
    }
}
