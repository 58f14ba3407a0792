import Foundation

/// What an animation does outside its active period (`fillMode`).
public enum CAMediaTimingFillMode: String, Hashable, Sendable, CaseIterable {
    /// No effect outside the active period.
    case removed
    /// Holds the final value after the active period (only while the animation stays attached).
    case forwards
    /// Shows the initial value from the moment it is added until it begins.
    case backwards
    /// Both forwards and backwards.
    case both

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The CAMediaTiming fields of an animation or a layer, with Core Animation's defaults.
///
/// Layers have an infinite duration: only `beginTime`, `speed` and `timeOffset` matter for them.
public struct MediaTiming: Hashable, Sendable {
    /// Start, in the parent's time space (the layer's time for an animation).
    public var beginTime: Double = 0
    /// Length of one iteration in seconds. 0 is replaced when the animation is added.
    public var duration: Double = 0
    /// Rate relative to the parent's time: 2 plays twice as fast, 0 freezes, negative reverses.
    public var speed: Double = 1
    /// Added to the local time (skips into the animation; the remainder wraps around).
    public var timeOffset: Double = 0
    /// Number of iterations (fractional allowed; `.infinity` forever). 0 means 1.
    public var repeatCount: Double = 0
    /// Seconds to repeat for, alternative to `repeatCount`. 0 means unused.
    public var repeatDuration: Double = 0
    /// Each iteration plays forward, then backward.
    public var autoreverses: Bool = false
    /// Effect outside the active period.
    public var fillMode: CAMediaTimingFillMode = .removed

    public init() {}

    /// Duration of one iteration including its reversed half.
    public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// Length of the whole active period in local (speed-scaled) seconds; may be infinite.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// Length of the active period in parent seconds (infinite when the speed is 0).
    public var activeDurationInParent: Double {
        speed == 0 ? .infinity : activeDuration / abs(speed)
    }
}
