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
/// disagree. It is a pure function of its arguments. `LayerClock` chains its layer mapping
/// through a layer's ancestors; nothing else writes the formula.
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
    public static func parentTime(localTime local: Double, beginTime: Double, speed: Double, timeOffset: Double)
        -> Double?
    {
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
        guard let (a, phase) = activeTime(timing, parentTime: parentTime, endInclusive: endInclusive) else {
            return nil
        }
        return position(timing, activeTime: a, phase: phase)
    }

    /// True inside the active period at `parentTime`, fill aside: from beginTime for
    /// activeDuration / |speed| parent seconds (timeOffset moves where a cycle starts, not when).
    public static func isActive(_ timing: MediaTiming, parentTime: Double) -> Bool {
        activeTime(timing, parentTime: parentTime, endInclusive: false)?.1 == .active
    }

    /// Active time (0…activeDuration) and phase at `parentTime` of an animation with a positive
    /// duration, or nil when it has no effect then.
    private static func activeTime(_ timing: MediaTiming, parentTime: Double, endInclusive: Bool) -> (
        Double, TimingSample.Phase
    )? {
        let active = timing.activeDuration
        var elapsed = (parentTime - timing.beginTime) * abs(timing.speed)
        if timing.speed == 0 { elapsed = 0 }
        if elapsed < 0 {
            guard timing.fillMode.fillsBackwards else { return nil }
            return (timing.speed < 0 ? active : 0, .before)
        }
        if elapsed >= active {
            let atEnd = endInclusive && elapsed - active <= 1e-9 * max(1, active)
            guard timing.fillMode.fillsForwards || atEnd else { return nil }
            return (timing.speed < 0 ? 0 : active, .after)
        }
        // A negative speed plays the active period from its end back to its start.
        return (timing.speed < 0 ? active - elapsed : elapsed, .active)
    }

    /// Iteration and fraction at active time `a` (0 ≤ a ≤ activeDuration).
    static func position(_ timing: MediaTiming, activeTime a: Double, phase: TimingSample.Phase) -> TimingSample {
        let (iteration, within) = cyclePosition(timing, activeTime: a)
        var fraction: Double
        if timing.autoreverses && within > timing.duration {
            fraction = (timing.cycleDuration - within) / timing.duration
        } else {
            fraction = within / timing.duration
        }
        fraction = min(max(fraction, 0), 1)
        let clampedIteration = iteration.isFinite ? Int(max(min(iteration, Double(Int32.max)), Double(Int32.min))) : 0
        return TimingSample(phase: phase, iteration: clampedIteration, fraction: fraction)
    }

    /// The iteration (a whole number) and the time into its cycle at active time `a`.
    private static func cyclePosition(_ timing: MediaTiming, activeTime a: Double) -> (
        iteration: Double, within: Double
    ) {
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
        return (iteration, max(within, 0))
    }

    /// True when an autoreversing animation is in the backward half of its cycle at `parentTime`
    /// (false when it has no effect then, or does not autoreverse). Review tools draw the halves.
    public static func isReversing(_ timing: MediaTiming, parentTime: Double, endInclusive: Bool = false) -> Bool {
        guard timing.autoreverses, timing.duration > 0, timing.activeDuration > 0,
            let (a, _) = activeTime(timing, parentTime: parentTime, endInclusive: endInclusive)
        else { return false }
        return cyclePosition(timing, activeTime: a).within > timing.duration
    }
}
