import Foundation

/// Where a timed object is at a given parent time.
public struct TimingSample: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case before, active, after }
    /// Before the active period (filling backwards), inside it, or after it (filling forwards).
    public var phase: Phase
    /// Zero-based iteration (repeat) index; used by cumulative animations.
    public var iteration: Int
    /// Position within the iteration, 0…1, after autoreverse and before the timing function.
    public var fraction: Double
}

/// The one place where time is mapped. Drawing, events and `inspect` all ask it, so they cannot
/// disagree. It is a pure function of its arguments.
///
/// ```
/// parent time ──(− beginTime) × |speed|──▶ active time a ∈ [0, activeDuration)
///   a + timeOffset ──mod cycle──▶ iteration, position ──autoreverse──▶ fraction ∈ [0, 1]
///
///  |◀ before ▶|◀──────────── active ────────────▶|◀ after ▶
///  fill back   iteration 0   iteration 1   …      fill forwards
/// ```
public enum TimingEvaluator {
    /// A layer's local time for its parent's time: `(t − beginTime) × speed + timeOffset`.
    /// Layers never end, so there is no active-period check.
    @inlinable
    public static func localTime(parentTime t: Double, beginTime: Double, speed: Double, timeOffset: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// The inverse of `localTime`: the parent time at which local time `local` is reached,
    /// or nil when the speed is 0 (local time never moves).
    @inlinable
    public static func parentTime(localTime local: Double, beginTime: Double, speed: Double, timeOffset: Double) -> Double? {
        speed == 0 ? nil : (local - timeOffset) / speed + beginTime
    }

    /// Samples an animation's timing at `parentTime`, or nil when it has no effect then.
    /// `endInclusive`: the parent is frozen at this time, so ending exactly at it is still the end
    /// of the active period (the last value), not removal.
    public static func sample(_ timing: MediaTiming, parentTime: Double, endInclusive: Bool = false) -> TimingSample? {
        let active = timing.activeDuration
        guard timing.duration > 0, active > 0 else {
            // A zero-length animation only ever shows its end state, and only when filling.
            guard parentTime >= timing.beginTime, timing.fillMode.fillsForwards else { return nil }
            return TimingSample(phase: .after, iteration: 0, fraction: 1)
        }
        var elapsed = (parentTime - timing.beginTime) * abs(timing.speed)
        if timing.speed == 0 { elapsed = 0 }
        if elapsed < 0 {
            guard timing.fillMode.fillsBackwards else { return nil }
            return position(timing, activeTime: timing.speed < 0 ? active : 0, phase: .before)
        }
        if elapsed >= active {
            let atEnd = endInclusive && elapsed - active <= 1e-9 * max(1, active)
            guard timing.fillMode.fillsForwards || atEnd else { return nil }
            return position(timing, activeTime: timing.speed < 0 ? 0 : active, phase: .after)
        }
        // A negative speed plays the active period from its end back to its start.
        return position(timing, activeTime: timing.speed < 0 ? active - elapsed : elapsed, phase: .active)
    }

    /// Iteration and fraction at active time `a` (0 ≤ a ≤ activeDuration).
    static func position(_ timing: MediaTiming, activeTime a: Double, phase: TimingSample.Phase) -> TimingSample {
        let cycle = timing.cycleDuration
        let local = a + timing.timeOffset
        var iteration = (local / cycle).rounded(.down)
        var within = local - iteration * cycle
        // The very end of the active period belongs to the iteration that ends there
        // (fraction 1 of iteration n−1), not to the start of iteration n.
        if within <= 1e-12 * cycle, a > 0, a >= timing.activeDuration, iteration > 0 {
            iteration -= 1
            within = cycle
        }
        if within < 0 { within = 0 }
        var fraction: Double
        if timing.autoreverses && within > timing.duration {
            fraction = (cycle - within) / timing.duration
        } else {
            fraction = within / timing.duration
        }
        fraction = min(max(fraction, 0), 1)
        let clampedIteration = iteration.isFinite ? Int(max(min(iteration, Double(Int32.max)), Double(Int32.min))) : 0
        return TimingSample(phase: phase, iteration: clampedIteration, fraction: fraction)
    }
}
