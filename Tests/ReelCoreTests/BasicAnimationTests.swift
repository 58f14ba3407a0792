import Foundation
import Testing

@testable import ReelCore

/// CABasicAnimation through the whole path: scene → compile → presentation(at:).
@Suite("CABasicAnimation")
struct BasicAnimationTests {
    /// Adds `animation` to the box at t = 1 (opacity model 0.5 unless changed) and returns the timeline.
    func run(_ animation: CAAnimation, key: String = "a", model: ((CALayer) -> Void)? = nil) throws -> Timeline {
        let (scene, box) = makeScene()
        box.opacity = 0.5
        model?(box)
        scene.at(1) { box.add(animation, forKey: key) }
        return try scene.compile()
    }

    /// Seed 001's from/to/by table, each row at the animation's midpoint and end (fillMode forwards).
    @Test(arguments: [
        // (from, to, by, expected start, expected end); the model value ("current") is 0.5.
        (0.2 as Double?, 0.8 as Double?, nil as Double?, 0.2, 0.8),
        (0.2, nil, 0.3, 0.2, 0.5),
        (nil, 0.8, 0.3, 0.5, 0.8),
        (0.2, nil, nil, 0.2, 0.5),
        (nil, 0.8, nil, 0.5, 0.8),
        (nil, nil, 0.3, 0.5, 0.8)
    ])
    func valueTable(from: Double?, to: Double?, by: Double?, start: Double, end: Double) throws {
        let a = basic("opacity", from: from, to: to, by: by, duration: 2) {
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        let timeline = try run(a)
        #expect(close(timeline.state("box", at: 1).opacity, start))
        #expect(close(timeline.state("box", at: 2).opacity, (start + end) / 2))
        #expect(close(timeline.state("box", at: 5).opacity, end))
        #expect(timeline.state("box", at: 0.5).opacity == 0.5)
    }

    @Test func noValuesAnimateFromPreviousToCurrent() throws {
        // The "none" row: previous presentation value → current model value, the same transaction
        // changing the model (actions disabled, so only the explicit animation plays).
        let (scene, box) = makeScene()
        scene.at(1) {
            CATransaction.setDisableActions(true)
            box.position = CGPoint(x: 150, y: 50)
            box.add(basic("position", duration: 2), forKey: "move")
        }
        let timeline = try scene.compile()
        #expect(timeline.state("box", at: 1).position == CGPoint(x: 50, y: 50))
        #expect(timeline.state("box", at: 2).position == CGPoint(x: 100, y: 50))
        #expect(timeline.state("box", at: 3).position == CGPoint(x: 150, y: 50))
    }

    @Test func linearPositionMidpointAndModelAfterUnfilledEnd() throws {
        let timeline = try run(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 40), duration: 4))
        #expect(timeline.state("box", at: 3).position == CGPoint(x: 50, y: 20))
        // Not filled, removed on completion: afterwards the layer shows its model value again.
        #expect(timeline.state("box", at: 5).position == CGPoint(x: 50, y: 50))
        #expect(timeline.keys("box", at: 3) == ["a"])
        #expect(timeline.keys("box", at: 5) == [])
    }

    /// fillMode × removedOnCompletion after the end, and before a delayed begin.
    @Test(arguments: [
        (CAMediaTimingFillMode.removed, true, 0.5, 0.5),
        (.removed, false, 0.5, 0.5),
        (.forwards, true, 0.5, 0.5),
        (.forwards, false, 0.5, 1.0),
        (.backwards, true, 0.0, 0.5),
        (.backwards, false, 0.0, 0.5),
        (.both, true, 0.0, 0.5),
        (.both, false, 0.0, 1.0)
    ])
    func fillModeAndRemoval(fill: CAMediaTimingFillMode, removed: Bool, before: Double, after: Double) throws {
        let a = basic("opacity", from: 0, to: 1, duration: 1) {
            $0.fillMode = fill
            $0.isRemovedOnCompletion = removed
            $0.beginTime = 3  // absolute layer time: added at 1, begins at 3
        }
        let timeline = try run(a)
        #expect(close(timeline.state("box", at: 2).opacity, before), "before begin")
        #expect(close(timeline.state("box", at: 3.5).opacity, 0.5), "active")
        #expect(close(timeline.state("box", at: 6).opacity, after), "after end")
        #expect(timeline.keys("box", at: 6) == (removed ? [] : ["a"]))
    }

    @Test func repeatAndAutoreverse() throws {
        let a = basic("position.x", from: 0, to: 100, duration: 1) {
            $0.repeatCount = 2
            $0.autoreverses = true
        }
        let timeline = try run(a)
        for (t, x) in [(1.25, 25.0), (2.0, 100), (2.5, 50), (3.0, 0), (3.25, 25), (4.5, 50), (5.5, 50)] {
            #expect(close(timeline.state("box", at: t).position.x, x), "t = \(t)")
        }
    }

    @Test func timingFunctionShapesProgress() throws {
        let a = basic("position.x", from: 0, to: 100, duration: 2) {
            $0.timingFunction = CAMediaTimingFunction(name: .easeIn)
        }
        let timeline = try run(a)
        #expect(close(timeline.state("box", at: 2).position.x, 31.5357, 1e-3))
    }

    @Test func additiveAddsToTheUnderlyingValue() throws {
        let a = basic("position.x", from: 0, to: 10, duration: 2) { $0.isAdditive = true }
        let timeline = try run(a)
        #expect(timeline.state("box", at: 2).position.x == 55)
    }

    @Test func cumulativeAccumulatesOverRepeats() throws {
        let a = basic("position.x", from: 0, to: 10, duration: 1) {
            $0.repeatCount = 3
            $0.isCumulative = true
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        let timeline = try run(a)
        #expect(close(timeline.state("box", at: 1.5).position.x, 5))
        #expect(close(timeline.state("box", at: 2.5).position.x, 15))
        #expect(close(timeline.state("box", at: 3.5).position.x, 25))
        #expect(close(timeline.state("box", at: 9).position.x, 30))
    }

    @Test func transformKeyPathsSpinPastHalfATurn() throws {
        let a = basic("transform.rotation.z", from: 0, to: 2 * Double.pi, duration: 4)
        let timeline = try run(a)
        let t = timeline.state("box", at: 3).transform
        #expect(close(t, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-12))
        let scale = try run(basic("transform.scale", from: 1, to: 3, duration: 2))
        #expect(close(scale.state("box", at: 2).transform, CATransform3DMakeScale(2, 2, 2)))
    }

    @Test func colorsInterpolateComponentWise() throws {
        let a = basic(
            "backgroundColor", from: CGColor(red: 1, green: 0, blue: 0),
            to: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), duration: 2)
        let timeline = try run(a)
        let c = try #require(timeline.state("box", at: 2).backgroundColor)
        #expect(close(c.red, 0.5) && close(c.blue, 0.5) && close(c.alpha, 0.75) && c.green == 0)
    }

    @Test func laterAnimationsApplyOnTopAndSameKeyReplaces() throws {
        let (scene, box) = makeScene()
        scene.at(0) {
            box.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "one")
            box.add(basic("position.x", from: 1000, to: 1000, duration: 2), forKey: "two")
        }
        scene.at(1) { box.add(basic("opacity", from: 0, to: 1, duration: 4), forKey: "one") }
        let timeline = try scene.compile()
        #expect(timeline.state("box", at: 0.5).position.x == 1000)  // "two" on top
        #expect(timeline.state("box", at: 3).position.x == 50)  // "one" (position) replaced at 1 → model
        #expect(timeline.keys("box", at: 1.5) == ["two", "one"])
    }

    @Test func durationZeroTakesTheTransactionDuration() throws {
        let (scene, box) = makeScene()
        scene.at(1) {
            box.add(basic("opacity", from: 0, to: 1, duration: 0), forKey: "default")
        }
        scene.at(2) {
            CATransaction.setAnimationDuration(2)
            box.add(basic("position.x", from: 0, to: 100, duration: 0), forKey: "long")
        }
        let timeline = try scene.compile()
        #expect(close(timeline.state("box", at: 1.125).opacity, 0.5))
        #expect(timeline.state("box", at: 1.25).opacity == 1)
        #expect(close(timeline.state("box", at: 3).position.x, 50))
    }

    @Test func addingCopiesTheAnimation() throws {
        let (scene, box) = makeScene()
        let a = basic("position.x", from: 0, to: 100, duration: 2)
        scene.at(0) {
            box.add(a, forKey: "a")
            a.toValue = 1000.0  // changing it afterwards has no effect, as in Core Animation
        }
        #expect(close(try scene.compile().state("box", at: 1).position.x, 50))
    }

    @Test func wrongValueKindIsReportedNotCrashed() {
        let (scene, box) = makeScene()
        scene.at(0) { box.add(basic("position", to: 5.0), forKey: "bad") }
        #expect(throws: TimelineError.self) { try scene.compile() }
    }
}
