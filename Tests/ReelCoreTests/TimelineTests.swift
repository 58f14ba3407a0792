import Foundation
import Testing

@testable import ReelCore

@Suite("Timeline, transactions and implicit animations")
struct TimelineTests {
    @Test func implicitAnimationUsesQuarterSecondAndTheDefaultCurve() throws {
        let (scene, box) = makeScene()
        scene.at(2) { box.position = CGPoint(x: 150, y: 50) }
        let timeline = try scene.compile()
        #expect(timeline.state("box", at: 2).position.x == 50)
        let f = CAMediaTimingFunction(name: .default).progress(at: 0.5)
        #expect(close(timeline.state("box", at: 2.125).position.x, 50 + 100 * f))
        #expect(timeline.state("box", at: 2.25).position.x == 150)
        #expect(timeline.keys("box", at: 2.1) == ["position"])
        // The model changes at once; only the presentation animates.
        #expect(timeline.presentation(at: 2.1, layerNamed: "box")!.model.position.x == 150)
    }

    @Test func replicatorInstanceColorStartsOpaqueWhite() throws {
        // Core Animation's default instanceColor is opaque white (not nil), so an implicit
        // change to red animates from white: half-way (linear) it is (1, 0.5, 0.5, 1).
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), fps: 10, duration: 3))
        let replicator = CAReplicatorLayer()
        replicator.name = "r"
        scene.rootLayer.addSublayer(replicator)
        #expect(replicator.instanceColor == .white)
        scene.at(1) {
            CATransaction.setAnimationTimingFunction(.linear)
            replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let timeline = try scene.compile()
        let c = try #require(timeline.state("r", at: 1.125).instanceColor)
        #expect(close(c.red, 1) && close(c.green, 0.5) && close(c.blue, 0.5) && close(c.alpha, 1), "\(c)")
    }

    @Test func implicitAnimationStartsFromThePresentationValue() throws {
        let (scene, box) = makeScene()
        scene.at(1) {
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(.linear)
            box.position = CGPoint(x: 150, y: 50)
        }
        // Interrupt half-way: the new animation starts where the old one had got to (100).
        scene.at(2) {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(.linear)
            box.position = CGPoint(x: 0, y: 50)
        }
        let timeline = try scene.compile()
        #expect(close(timeline.state("box", at: 2).position.x, 100))
        #expect(close(timeline.state("box", at: 2.5).position.x, 50))
        #expect(timeline.state("box", at: 3).position.x == 0)
    }

    @Test func disableActionsAndNullActionsJump() throws {
        let (scene, box) = makeScene()
        box.actions = ["opacity": NSNull()]
        scene.at(1) {
            CATransaction.setDisableActions(true)
            box.position = CGPoint(x: 150, y: 50)
        }
        scene.at(1) { box.opacity = 0.2 }
        let timeline = try scene.compile()
        #expect(timeline.state("box", at: 1).position.x == 150)
        #expect(close(timeline.state("box", at: 1).opacity, 0.2, 1e-7))  // opacity is a Float, as on iOS
        #expect(timeline.keys("box", at: 1.1).isEmpty)
    }

    @Test func nestedTransactionsRestoreOuterSettings() throws {
        let (scene, box) = makeScene()
        let other = CALayer()
        other.name = "other"
        scene.rootLayer.addSublayer(other)
        scene.at(1) {
            CATransaction.setAnimationDuration(2)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            box.position = CGPoint(x: 150, y: 50)
            CATransaction.commit()
            other.position = CGPoint(x: 100, y: 0)
        }
        let timeline = try scene.compile()
        #expect(timeline.state("box", at: 1).position.x == 150)
        #expect(timeline.state("other", at: 2).position.x > 0 && timeline.state("other", at: 2).position.x < 100)
        #expect(timeline.state("other", at: 3).position.x == 100)
    }

    @Test func newLayersDoNotAnimateTheirFirstValues() throws {
        let (scene, _) = makeScene()
        let late = CALayer()
        late.name = "late"
        scene.at(1) {
            scene.rootLayer.addSublayer(late)
            late.position = CGPoint(x: 80, y: 20)
        }
        scene.at(2) { late.position = CGPoint(x: 100, y: 20) }
        let timeline = try scene.compile()
        #expect(timeline.presentation(at: 0.5, layerNamed: "late") == nil)
        #expect(timeline.state("late", at: 1).position.x == 80)
        #expect(timeline.keys("late", at: 2.1) == ["position"])
    }

    @Test func entriesAtTheSameTimeRunInOrder() throws {
        let (scene, box) = makeScene()
        scene.at(1) {
            CATransaction.setDisableActions(true); box.opacity = 0.1
        }
        scene.at(1) {
            CATransaction.setDisableActions(true); box.opacity = 0.9
        }
        #expect(close(try scene.compile().state("box", at: 1).opacity, 0.9, 1e-7))
    }

    @Test func evaluationOrderDoesNotMatter() throws {
        let (scene, box) = makeScene(duration: 6)
        scene.at(0) {
            box.add(basic("position.x", from: 0, to: 200, duration: 3) { $0.autoreverses = true }, forKey: "x")
        }
        scene.at(1.5) { box.opacity = 0.3 }
        scene.at(2) { box.add(basic("transform.rotation.z", by: 3.0, duration: 2), forKey: "spin") }
        let timeline = try scene.compile()
        let times = (0..<60).map { Double($0) / 10 }
        let inOrder = times.map { timeline.presentation(at: $0).sublayers[0].state }
        let reversed = times.reversed().map { timeline.presentation(at: $0).sublayers[0].state }.reversed()
        #expect(Array(reversed) == inOrder)
        var shuffled = Array(times.enumerated())
        shuffled.shuffle()
        for (i, t) in shuffled { #expect(timeline.presentation(at: t).sublayers[0].state == inOrder[i]) }
        // And concurrently, from several threads at once.
        let results = ConcurrentResults(count: times.count)
        DispatchQueue.concurrentPerform(iterations: times.count) { i in
            results.set(i, timeline.presentation(at: times[i]).sublayers[0].state)
        }
        #expect(results.values == inOrder)
    }

    @Test func compilingTwiceGivesTheSameTimeline() throws {
        let (scene, box) = makeScene()
        scene.at(1) { box.position = CGPoint(x: 150, y: 50) }
        let a = try scene.compile(), b = try scene.compile()
        #expect(a.state("box", at: 1.1) == b.state("box", at: 1.1))
        #expect(box.position == CGPoint(x: 50, y: 50), "layers are restored to their initial model")
    }

    @Test func delegateEventsHappenAtExactTimesAndMayChangeTheModel() throws {
        // Seed 000's falling petal: on didStop set the final position with actions disabled.
        final class Petal: CAAnimationDelegate {
            let layer: CALayer
            var stops: [(Double, Bool)] = []
            init(_ layer: CALayer) { self.layer = layer }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stops.append((CACurrentMediaTime(), flag))
                CATransaction.setDisableActions(true)
                layer.position = CGPoint(x: 55, y: 90)
            }
        }
        let (scene, box) = makeScene()
        let delegate = Petal(box)
        scene.at(2) {
            let a = basic("position", to: CGPoint(x: 55, y: 90), duration: 5)
            a.delegate = delegate
            box.add(a, forKey: "fall")
        }
        let timeline = try scene.compile()
        #expect(delegate.stops.count == 1)
        #expect(delegate.stops.first?.0 == 7 && delegate.stops.first?.1 == true)
        #expect(timeline.state("box", at: 6.99).position.y > 85)
        #expect(timeline.state("box", at: 7).position == CGPoint(x: 55, y: 90))
        #expect(timeline.keys("box", at: 7.1).isEmpty, "no second animation")
        #expect(timeline.events.map(\.kind) == [.didStart, .didStop])
        #expect(timeline.events.map(\.time) == [2, 7])
    }

    @Test func removingEarlyStopsUnfinished() throws {
        let (scene, box) = makeScene()
        scene.at(1) { box.add(basic("opacity", from: 0, to: 1, duration: 5), forKey: "fade") }
        scene.at(2) { box.removeAnimation(forKey: "fade") }
        let timeline = try scene.compile()
        #expect(close(timeline.state("box", at: 1.5).opacity, 0.1))
        #expect(timeline.state("box", at: 2).opacity == 1)
        #expect(
            timeline.events.last == AnimationEvent(time: 2, layer: "box", key: "fade", kind: .didStop, finished: false))
    }

    @Test func completionRunsWhenTheTransactionsAnimationsFinish() throws {
        let (scene, box) = makeScene()
        var ranAt: Double?
        scene.at(1) {
            CATransaction.setCompletionBlock { ranAt = CACurrentMediaTime() }
            box.add(basic("opacity", from: 0, to: 1, duration: 3), forKey: "a")
            box.add(basic("position.x", from: 0, to: 1, duration: 2), forKey: "b")
        }
        _ = try scene.compile()
        #expect(ranAt == 4)
    }

    @Test func pausedLayerFreezesItsAnimations() throws {
        // Seed 000's recipe: speed 0 with timeOffset = the local time; resume shifts beginTime.
        let (scene, box) = makeScene()
        scene.at(0) { box.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "x") }
        scene.at(1) {
            let t = box.convertTime(CACurrentMediaTime(), from: nil)
            box.speed = 0
            box.timeOffset = t
        }
        scene.at(3) {
            let paused = box.timeOffset
            box.speed = 1
            box.timeOffset = 0
            box.beginTime = 0
            box.beginTime = box.convertTime(CACurrentMediaTime(), from: nil) - paused
        }
        let timeline = try scene.compile()
        #expect(close(timeline.state("box", at: 2).position.x, 25))
        #expect(close(timeline.state("box", at: 4).position.x, 50))
        // The end moved by the 2 s pause: didStop at 6, not 4.
        #expect(timeline.events.last?.time == 6)
    }
}

/// Thread-safe collection of per-index results for concurrentPerform.
final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [LayerState?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: LayerState) { lock.lock(); storage[i] = v; lock.unlock() }
    var values: [LayerState] { storage.map { $0! } }
}
