import Foundation
import Testing

@testable import ReelCore

@Suite("Layer timing and CAMediaTiming edge cases")
struct LayerTimingTests {
    @Test func layerSpeedAppliesToItsAnimationsAndSublayers() throws {
        let (scene, box) = makeScene()
        let child = CALayer()
        child.name = "child"
        box.addSublayer(child)
        box.speed = 2
        scene.at(0) {
            box.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "x")
            child.add(basic("opacity", from: 0, to: 1, duration: 4), forKey: "o")
        }
        let t = try scene.compile()
        #expect(t.state("box", at: 1).position.x == 50)
        #expect(t.state("child", at: 1).opacity == 0.5, "the sublayer's clock runs twice as fast too")
        #expect(t.events.filter { $0.kind == .didStop }.map(\.time) == [2, 2])
    }

    @Test func layerTimeOffsetAndBeginTimeShiftItsClock() throws {
        let (scene, box) = makeScene()
        box.timeOffset = 1
        scene.at(0) { box.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "x") }
        let t = try scene.compile()
        // Added at layer time 1 (beginTime 0 → the layer's current time): runs 0…4 s of scene time.
        #expect(t.state("box", at: 2).position.x == 50)
        let (scene2, box2) = makeScene()
        box2.beginTime = 2
        scene2.at(0) {
            box2.add(basic("position.x", from: 0, to: 100, duration: 4) { $0.beginTime = 0.5 }, forKey: "x")
        }
        let t2 = try scene2.compile()
        // Layer time = scene − 2, so layer time 0.5 is scene time 2.5.
        #expect(t2.state("box", at: 2.4).position.x == 50)
        #expect(t2.state("box", at: 4.5).position.x == 50, "half-way at scene 4.5")
        #expect(t2.events.first?.time == 2.5)
    }

    @Test func convertTimeBetweenLayers() {
        let (_, box) = makeScene()
        let child = CALayer()
        box.addSublayer(child)
        box.speed = 2
        box.beginTime = 1
        child.timeOffset = 3
        #expect(child.convertTime(5, from: nil) == (5 - 1) * 2 + 3)
        #expect(child.convertTime(11, to: nil) == 5)
        #expect(box.convertTime(8, from: child) == 5)
        #expect(child.convertTime(8, from: box) == 11)
    }

    @Test func aPausedLayersTimeConvertsToThePresent() throws {
        // Paused at scene 1 (QA1673): its time stands at 1 for every scene time, so Core
        // Animation's inverse has no answer; Reel gives the present, so that at scene 4 the
        // present converted into the paused layer's time and back is scene 4 again.
        let (scene, box) = makeScene()
        let child = CALayer()
        box.addSublayer(child)
        final class Seen: @unchecked Sendable { var times: [Double] = [] }
        let seen = Seen()
        scene.at(1) {
            box.timeOffset = box.convertTime(CACurrentMediaTime(), from: nil)
            box.speed = 0
        }
        scene.at(4) {
            let frozen = child.convertTime(CACurrentMediaTime(), from: nil)
            seen.times = [frozen, child.convertTime(frozen, to: nil), box.convertTime(frozen, to: child)]
        }
        _ = try scene.compile()
        #expect(seen.times == [1, 4, 1])
    }

    @Test func speedZeroFreezesAnAnimationAtItsTimeOffset() throws {
        let (scene, box) = makeScene()
        scene.at(0) {
            box.add(
                basic("position.x", from: 0, to: 100, duration: 4) {
                    $0.speed = 0; $0.timeOffset = 1
                }, forKey: "x")
        }
        let t = try scene.compile()
        #expect(t.state("box", at: 0).position.x == 25)
        #expect(t.state("box", at: 9).position.x == 25)
        #expect(t.events.map(\.kind) == [.didStart], "a frozen animation never stops")
    }

    @Test func negativeSpeedPlaysBackwards() throws {
        let (scene, box) = makeScene()
        scene.at(0) {
            box.add(
                basic("position.x", from: 0, to: 100, duration: 4) {
                    $0.speed = -2; $0.fillMode = .both; $0.isRemovedOnCompletion = false
                }, forKey: "x")
        }
        let t = try scene.compile()
        #expect(t.state("box", at: 0).position.x == 100)
        #expect(t.state("box", at: 1).position.x == 50)
        #expect(t.state("box", at: 2).position.x == 0)
        #expect(t.events.last?.time == 2)
    }

    @Test func repeatDurationLimitsRepeatsInSeconds() throws {
        let (scene, box) = makeScene()
        scene.at(0) {
            box.add(
                basic("position.x", from: 0, to: 100, duration: 1) {
                    $0.repeatDuration = 2.5
                    $0.fillMode = .forwards
                    $0.isRemovedOnCompletion = false
                }, forKey: "x")
        }
        let t = try scene.compile()
        #expect(t.state("box", at: 2.25).position.x == 25)
        #expect(t.state("box", at: 7).position.x == 50, "stopped half-way through the third repeat")
        #expect(t.events.last?.time == 2.5)
    }

    @Test func timingFunctionAppliesPerIterationAndMirrorsWhenReversing() throws {
        let e = CAMediaTimingFunction(name: .easeIn)
        let (scene, box) = makeScene()
        scene.at(0) {
            box.add(
                basic("position.x", from: 0, to: 100, duration: 2) {
                    $0.timingFunction = e
                    $0.autoreverses = true
                    $0.repeatCount = 2
                }, forKey: "x")
        }
        let t = try scene.compile()
        #expect(close(t.state("box", at: 0.5).position.x, 100 * e.progress(at: 0.25)))
        #expect(close(t.state("box", at: 3.5).position.x, 100 * e.progress(at: 0.25)), "reverse half mirrors the curve")
        #expect(close(t.state("box", at: 4.5).position.x, 100 * e.progress(at: 0.25)), "second iteration starts over")
    }

    @Test func valueFunctionReplacesTheWholeTransform() throws {
        let (scene, box) = makeScene()
        box.transform = CATransform3DMakeScale(2, 2, 1)
        scene.at(0) {
            let a = basic("transform", from: 0.0, to: 4 * Double.pi, duration: 4)
            a.valueFunction = CAValueFunction(name: .rotateZ)
            box.add(a, forKey: "spin")
        }
        let t = try scene.compile()
        #expect(
            close(t.state("box", at: 0.5).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
            "the scale is replaced")
        #expect(
            close(t.state("box", at: 1.5).transform, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)),
            "past 180° in one go")
    }

    @Test func addingToAPausedLayerBeginsAtItsFrozenTime() throws {
        let (scene, box) = makeScene()
        scene.at(1) {
            box.timeOffset = box.convertTime(CACurrentMediaTime(), from: nil)
            box.speed = 0
        }
        scene.at(2) { box.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "x") }
        let t = try scene.compile()
        #expect(t.state("box", at: 5).position.x == 0, "added at the frozen layer time: starts and stays at 0")
        #expect(t.events.map(\.kind) == [.didStart])
    }
}
