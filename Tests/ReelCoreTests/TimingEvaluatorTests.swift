import Foundation
import Testing

@testable import ReelCore

@Suite("TimingEvaluator")
struct TimingEvaluatorTests {
    func timing(
        begin: Double = 0, duration: Double = 2, fill: CAMediaTimingFillMode = .removed,
        repeatCount: Double = 0, autoreverses: Bool = false, speed: Double = 1, timeOffset: Double = 0
    ) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = begin; t.duration = duration; t.fillMode = fill; t.repeatCount = repeatCount
        t.autoreverses = autoreverses; t.speed = speed; t.timeOffset = timeOffset
        return t
    }

    @Test func activePeriodMapsLinearly() {
        let t = timing(begin: 1, duration: 2)
        #expect(TimingEvaluator.sample(t, parentTime: 1)?.fraction == 0)
        #expect(TimingEvaluator.sample(t, parentTime: 2)?.fraction == 0.5)
        #expect(TimingEvaluator.sample(t, parentTime: 2.5)?.fraction == 0.75)
        #expect(TimingEvaluator.sample(t, parentTime: 2)?.phase == .active)
    }

    @Test(arguments: [
        (CAMediaTimingFillMode.removed, false, false),
        (.forwards, false, true),
        (.backwards, true, false),
        (.both, true, true)
    ])
    func fillModes(fill: CAMediaTimingFillMode, before: Bool, after: Bool) {
        let t = timing(begin: 1, duration: 2, fill: fill)
        let b = TimingEvaluator.sample(t, parentTime: 0.5)
        let a = TimingEvaluator.sample(t, parentTime: 3.5)
        #expect((b != nil) == before)
        #expect((a != nil) == after)
        if let b { #expect(b.fraction == 0 && b.phase == .before) }
        if let a { #expect(a.fraction == 1 && a.phase == .after) }
        // The end instant belongs to "after": the animation has finished at begin + duration.
        #expect((TimingEvaluator.sample(t, parentTime: 3) != nil) == after)
    }

    @Test func repeatCountRepeatsAndEndsOnTheLastIteration() {
        let t = timing(duration: 1, fill: .forwards, repeatCount: 3)
        #expect(
            TimingEvaluator.sample(t, parentTime: 1.25) == TimingSample(phase: .active, iteration: 1, fraction: 0.25))
        #expect(TimingEvaluator.sample(t, parentTime: 2.5) == TimingSample(phase: .active, iteration: 2, fraction: 0.5))
        #expect(TimingEvaluator.sample(t, parentTime: 3) == TimingSample(phase: .after, iteration: 2, fraction: 1))
    }

    @Test func fractionalRepeatCountStopsPartWay() {
        let t = timing(duration: 2, fill: .forwards, repeatCount: 1.5)
        #expect(TimingEvaluator.sample(t, parentTime: 2.5)?.fraction == 0.25)
        // Filled at the fraction where it stopped: half of the second iteration.
        #expect(TimingEvaluator.sample(t, parentTime: 10) == TimingSample(phase: .after, iteration: 1, fraction: 0.5))
    }

    @Test func autoreversePlaysForwardThenBack() {
        let t = timing(duration: 2, fill: .forwards, autoreverses: true)
        #expect(MediaTiming.activeDuration(t) == 4)
        #expect(TimingEvaluator.sample(t, parentTime: 1)?.fraction == 0.5)
        #expect(TimingEvaluator.sample(t, parentTime: 2)?.fraction == 1)
        #expect(TimingEvaluator.sample(t, parentTime: 3)?.fraction == 0.5)
        #expect(TimingEvaluator.sample(t, parentTime: 4)?.fraction == 0)
    }

    @Test func infiniteRepeatNeverEnds() {
        let t = timing(duration: 1, repeatCount: .infinity, autoreverses: true)
        #expect(TimingEvaluator.sample(t, parentTime: 1_000_000.5)?.fraction == 0.5)
        #expect(TimingEvaluator.sample(t, parentTime: 1_000_001.25)?.fraction == 0.75)
    }

    @Test func speedScalesTheActivePeriod() {
        let t = timing(begin: 1, duration: 2, speed: 2)
        #expect(TimingEvaluator.sample(t, parentTime: 1.5)?.fraction == 0.5)
        #expect(TimingEvaluator.sample(t, parentTime: 2.01) == nil)
    }

    @Test func timeOffsetStartsPartWayAndWraps() {
        let t = timing(duration: 2, timeOffset: 1)
        #expect(TimingEvaluator.sample(t, parentTime: 0)?.fraction == 0.5)
        #expect(TimingEvaluator.sample(t, parentTime: 0.5)?.fraction == 0.75)
        #expect(TimingEvaluator.sample(t, parentTime: 1.5)?.fraction == 0.25)
        #expect(TimingEvaluator.sample(t, parentTime: 2.5) == nil)
    }

    @Test func layerTimeRoundTrips() {
        let local = TimingEvaluator.localTime(parentTime: 7, beginTime: 2, speed: 0.5, timeOffset: 3)
        #expect(local == 5.5)
        #expect(TimingEvaluator.parentTime(localTime: local, beginTime: 2, speed: 0.5, timeOffset: 3) == 7)
        #expect(TimingEvaluator.parentTime(localTime: 1, beginTime: 0, speed: 0, timeOffset: 0) == nil)
    }
}

extension MediaTiming {
    static func activeDuration(_ t: MediaTiming) -> Double { t.activeDuration }
}
