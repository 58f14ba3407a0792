import Foundation
import ReelCore

/// One keyframe of a Lottie property: a value at a frame, and how the value moves on to the
/// next keyframe.
public struct LottieKeyframe<Value> {
    /// The frame, in the time of the layer's composition.
    public var frame: Double
    public var value: Value
    /// The easing towards the next keyframe: Lottie's `o` (first control point) and the next
    /// keyframe's `i` (second), both stored on this keyframe. Nil is linear.
    public var easing: CAMediaTimingFunction?
    /// `h: 1`: the value holds until the next keyframe, then jumps.
    public var hold: Bool
    /// For positions: the motion path's control points towards the next keyframe, relative to
    /// this value (`to`) and to the next one (`ti`); nil or zero is a straight line.
    public var spatialOut: CGPoint?
    public var spatialIn: CGPoint?

    public init(
        frame: Double, value: Value, easing: CAMediaTimingFunction? = nil, hold: Bool = false,
        spatialOut: CGPoint? = nil, spatialIn: CGPoint? = nil
    ) {
        self.frame = frame
        self.value = value
        self.easing = easing
        self.hold = hold
        self.spatialOut = spatialOut
        self.spatialIn = spatialIn
    }
}

/// A Lottie property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`): one value, or
/// keyframes in increasing frame order (never empty).
public struct LottieAnimatable<Value> {
    public var keyframes: [LottieKeyframe<Value>]

    /// Keyframes as given; at least one.
    public init(keyframes: [LottieKeyframe<Value>]) {
        precondition(!keyframes.isEmpty, "a Lottie property has at least one keyframe")
        self.keyframes = keyframes
    }

    /// A value that never changes.
    public init(_ value: Value) { keyframes = [LottieKeyframe(frame: 0, value: value)] }

    /// Whether the value changes over time.
    public var isAnimated: Bool { keyframes.count > 1 }
    /// The value before the first keyframe (and the only one when not animated).
    public var initial: Value { keyframes[0].value }

    /// The same keyframes with each value converted.
    public func map<T>(_ transform: (Value) -> T) -> LottieAnimatable<T> {
        LottieAnimatable<T>(
            keyframes: keyframes.map {
                LottieKeyframe(
                    frame: $0.frame, value: transform($0.value), easing: $0.easing, hold: $0.hold,
                    spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
            })
    }
}

extension LottieAnimatable {
    /// The value at `frame` (in keyframe time): eased between keyframes, held before the first
    /// and after the last, as Core Animation's keyframe animation with fill mode `both` shows it.
    /// `mix(a, b, p)` is the value a fraction `p` of the way from `a` to `b`.
    public func value(atFrame frame: Double, mix: (Value, Value, Double) -> Value) -> Value {
        guard let next = keyframes.firstIndex(where: { $0.frame > frame }) else { return keyframes.last!.value }
        guard next > 0 else { return keyframes[0].value }
        let a = keyframes[next - 1]
        let b = keyframes[next]
        if a.hold { return a.value }
        let x = (frame - a.frame) / (b.frame - a.frame)
        return mix(a.value, b.value, a.easing?.progress(at: x) ?? x)
    }
}
