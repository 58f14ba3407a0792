import Foundation
import ReelCore

/// Finds where each animation is active, repeats, turns back and fills, by asking the timing
/// evaluator at scene times — on a fine grid, then by bisection at every change — instead of
/// re-deriving the timing formulas, so layer timing (beginTime, speed, timeOffset, pauses) and
/// group clocks are accounted for exactly as drawing accounts for them.
struct TimingTracer {
    let timeline: Timeline
    let duration: Double
    /// Grid spacing in seconds.
    let step: Double
    /// Every layer's local time at each grid time k × step.
    private let gridLocalTimes: [[Int: Double]]

    /// Changes closer than this (seconds) are found by bisection down to it.
    static let resolution = 1e-10
    /// After this many spans (very short repeats) a bar only tells its phases apart: the rest of
    /// the active period is one span, whose curve is left out.
    static let maxSpans = 2_000

    init(timeline: Timeline, duration: Double, fps: Double) {
        self.timeline = timeline
        self.duration = duration
        // At least 4 samples a frame and 2000 in all, at most 20000: a change between grid points
        // is found exactly by bisection; only a whole iteration shorter than a step could hide.
        let count = min(max(2_000, Int(saturating: (duration * fps * 4).rounded(.up))), 20_000)
        let step = duration / Double(count)
        self.step = step
        // The same products `spans` samples at, so its grid times hit this cache.
        gridLocalTimes = (0...count).map { timeline.layerLocalTimes(at: Double($0) * step) }
    }

    /// The state of an animation at a scene time (nil: no effect then).
    struct State: Equatable {
        var phase: TimingSample.Phase
        var iteration: Int
        var reversing: Bool
        var progress: Double

        func sameStretch(_ other: State) -> Bool {
            phase == other.phase && iteration == other.iteration && reversing == other.reversing
        }
    }

    /// An animation's parent time at a scene time, and whether its parent is frozen there.
    typealias Clock = (Double) -> (time: Double, endInclusive: Bool)?

    /// The bar of an attachment on layer `layer`; nil when it is never attached within the scene.
    func bar(for attachment: AttachedAnimation, layer: Int) -> TimingBar? {
        let start = max(attachment.addedAt, 0), end = min(attachment.removedAt, duration)
        guard start < end else { return nil }
        // While attached; and as if it stayed attached, to tell an animation that ended from one cut short.
        let attached: Clock = { t in
            guard t >= attachment.addedAt, t < attachment.removedAt, let local = localTime(of: layer, at: t) else {
                return nil
            }
            return (local, false)
        }
        let unbounded: Clock = { t in localTime(of: layer, at: t).map { ($0, false) } }
        return bar(
            attachment.track, key: attachment.key, isImplicit: attachment.isImplicit, addedAt: attachment.addedAt,
            removedAt: attachment.removedAt, clocks: (attached, unbounded), from: start, to: end)
    }

    private func bar(
        _ track: AnimationTrack, key: String?, isImplicit: Bool, addedAt: Double, removedAt: Double,
        clocks: (attached: Clock, unbounded: Clock), from start: Double, to end: Double
    ) -> TimingBar {
        func state(_ clock: @escaping Clock) -> (Double) -> State? {
            { t in
                guard let (time, endInclusive) = clock(t),
                    let sample = track.sample(parentTime: time, endInclusive: endInclusive)
                else { return nil }
                return State(
                    phase: sample.phase, iteration: sample.iteration,
                    reversing: track.isReversing(parentTime: time, endInclusive: endInclusive),
                    progress: track.progress(of: sample))
            }
        }
        func child(of clock: @escaping Clock) -> Clock {
            { t in
                guard let (time, endInclusive) = clock(t),
                    let c = track.childClock(parentTime: time, endInclusive: endInclusive)
                else { return nil }
                return (c.time, c.frozen)
            }
        }
        let children = track.children.map { c in
            bar(
                c, key: nil, isImplicit: isImplicit, addedAt: addedAt, removedAt: removedAt,
                clocks: (child(of: clocks.attached), child(of: clocks.unbounded)), from: start, to: end)
        }
        let spans = spans(state(clocks.attached), from: start, to: end)
        // The active period ended where its last active span does, unless it would have gone on
        // had the animation stayed attached and the scene lasted.
        var activeEnd: Double?
        if let last = spans.last(where: { $0.phase == .active }) {
            let next = state(clocks.unbounded)(last.end)
            let goesOn = next?.phase == .active
            activeEnd = goesOn ? nil : last.end
        }
        return TimingBar(
            kind: track.kind, keyPaths: track.keyPaths, key: key, isImplicit: isImplicit,
            transitionName: track.transitionName,
            addedAt: addedAt, removedAt: removedAt, removedOnCompletion: track.removedOnCompletion,
            keyTimes: track.keyTimes, timing: track.timing, timingFunction: track.timingFunction, spring: track.spring,
            spans: spans, children: children, activeEnd: activeEnd)
    }

    /// The layer's local time at `t` (nil when it is not in the tree then); grid times come from the cache.
    private func localTime(of layer: Int, at t: Double) -> Double? {
        let k = (t / step).rounded()
        if k * step == t, k >= 0, k < Double(gridLocalTimes.count) { return gridLocalTimes[Int(k)][layer] }
        return timeline.layerLocalTimes(at: t)[layer]
    }

    /// Contiguous stretches of one phase, iteration and direction within `start…end`.
    private func spans(_ state: (Double) -> State?, from start: Double, to end: Double) -> [TimingSpan] {
        // Sample times: the start, the grid points inside, and just before the end (a new
        // iteration starting at the scene's last instant is no stretch to draw).
        var times = [start]
        var k = (start / step).rounded(.down) + 1
        while k * step < end {
            times.append(k * step)
            k += 1
        }
        let last = end.nextDown
        if end > start { times.append(last) }
        var result: [TimingSpan] = []
        var coarse = false
        var open: (start: Double, state: State, curve: [ProgressPoint])?
        var previous: (time: Double, state: State?)?
        func close(at time: Double) {
            guard let o = open else { return }
            if time - o.start > Self.resolution {
                result.append(
                    TimingSpan(
                        start: o.start, end: time, phase: o.state.phase, iteration: o.state.iteration,
                        reversing: o.state.reversing, curve: coarse && o.state.phase == .active ? [] : o.curve))
            }
            open = nil
        }
        func same(_ a: State?, _ b: State?) -> Bool {
            guard coarse, let a, let b else { return Self.same(a, b) }
            return a.phase == b.phase
        }
        for t in times {
            if result.count >= Self.maxSpans { coarse = true }
            let s = state(t)
            if let p = previous, !same(p.state, s) {
                // The changes lie in (p.time, t]: bisect for each in turn (several when an
                // iteration is shorter than a step).
                var lo = p.time, loState = p.state, found = 0
                while !same(loState, s), found < 64 {
                    var hi = t
                    while hi - lo > Self.resolution * max(1, abs(hi)) {
                        let mid = (lo + hi) / 2
                        if same(state(mid), loState) { lo = mid } else { hi = mid }
                    }
                    if let o = open, let before = state(lo), same(before, o.state) {
                        open?.curve.append(ProgressPoint(time: hi, progress: before.progress))
                    }
                    close(at: hi)
                    let after = hi < t ? state(hi) : s
                    open = after.map { (hi, $0, [ProgressPoint(time: hi, progress: $0.progress)]) }
                    lo = hi
                    loState = after
                    found += 1
                    if hi >= t { break }
                }
                if !same(loState, s) {
                    close(at: t)
                    open = s.map { (t, $0, []) }
                }
            } else if previous == nil, let s {
                open = (t, s, [])
            }
            if let s, open != nil { open?.curve.append(ProgressPoint(time: t, progress: s.progress)) }
            previous = (t, s)
        }
        close(at: end)
        return result
    }

    private static func same(_ a: State?, _ b: State?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.sameStretch(b)
        default: false
        }
    }
}
