import Foundation
import Testing

@testable import ReelCore

@Suite("CASpringAnimation")
struct SpringTests {
    @Test func underdampedMatchesTheClosedForm() {
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        // ω0 = 10, ζ = 0.5, ωd = 10·√0.75; x(t) = 1 − e^{−5t}(cos ωd t + (5/ωd) sin ωd t).
        let wd = 10 * 0.75.squareRoot()
        for t in [0.0, 0.1, 0.3, 0.7, 1.5] {
            let expected = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(close(s.progress(at: t), expected, 1e-12))
        }
        #expect(s.progress(at: 0) == 0)
        // It overshoots: the first peak is at π/ωd.
        #expect(s.progress(at: Double.pi / wd) > 1.15)
    }

    @Test func criticallyAndOverdampedNeverOvershoot() {
        let critical = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        let over = SpringSolver(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0)
        for t in stride(from: 0.0, through: 3, by: 0.01) {
            #expect(critical.progress(at: t) <= 1 + 1e-12)
            #expect(over.progress(at: t) <= 1 + 1e-12)
        }
        #expect(close(critical.progress(at: 0.1), 1 - exp(-1) * (1 + 1)))
        // Initial velocity is the slope at 0.
        let pushed = SpringSolver(mass: 1, stiffness: 100, damping: 40, initialVelocity: 5)
        #expect(close((pushed.progress(at: 1e-7) - pushed.progress(at: 0)) / 1e-7, 5, 1e-4))
    }

    @Test func settlingDuration() {
        func settle(damping: Double, velocity: Double = 0) -> Double {
            let a = CASpringAnimation()
            a.damping = damping
            a.initialVelocity = velocity
            return a.settlingDuration
        }
        // Apple's examples: damping 5 ≈ 2.85 s, damping 15 "just over 1 s".
        #expect(close(settle(damping: 5), 2.999, 0.002))
        #expect(close(settle(damping: 15), 1.068, 0.002))
        #expect(close(settle(damping: 10), 1.541, 0.002))
        // After the settling duration the spring stays within 0.05 % of its target.
        let solver = SpringSolver(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        for t in stride(from: settle(damping: 5) + 0.002, through: 10, by: 0.01) {
            #expect(abs(solver.displacement(at: t)) < 5e-4)
        }
    }

    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0), (1, 100, 5, 0), (1, 100, 15, 3), (2, 300, 8, -4), (1, 100, 20, 0),
        (1, 100, 20, 12), (1, 100, 40, 0), (1, 50, 90, 2), (0.5, 20, 0.8, 0)
    ])
    func settlingDurationMatchesAFullScan(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        // The windowed search must find the same 1 ms grid point as scanning everything.
        let solver = SpringSolver(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        var last = 0.0
        var t = 0.0
        while t <= 120 {
            if abs(solver.displacement(at: t)) >= 5e-4 { last = t }
            t += 1e-3
        }
        #expect(
            close(solver.settlingDuration, last, 1e-9),
            "\(mass) \(stiffness) \(damping) \(velocity): \(solver.settlingDuration) vs \(last)")
    }

    @Test func springDrivesTheValue() throws {
        let (scene, box) = makeScene()
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0.0
        a.toValue = 100.0
        a.duration = 2
        scene.at(0) { box.add(a, forKey: "s") }
        let t = try scene.compile()
        let solver = SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        for time in [0.1, 0.3, 0.6, 1.2] {
            #expect(close(t.state("box", at: time).position.x, 100 * solver.progress(at: time), 1e-9))
        }
    }
}

@Suite("CAAnimationGroup")
struct GroupTests {
    func group(duration: Double, _ children: [CAAnimation], configure: (CAAnimationGroup) -> Void = { _ in })
        -> CAAnimationGroup
    {
        let g = CAAnimationGroup()
        g.animations = children
        g.duration = duration
        configure(g)
        return g
    }

    func run(_ g: CAAnimation) throws -> Timeline {
        let (scene, box) = makeScene()
        scene.at(1) { box.add(g, forKey: "g") }
        return try scene.compile()
    }

    @Test func childrenRunInGroupTimeAndAreClipped() throws {
        // A 10 s child in a 5 s group shows its first 5 s, not scaled.
        let t = try run(group(duration: 5, [basic("position.x", from: 0, to: 100, duration: 10)]))
        #expect(close(t.state("box", at: 3).position.x, 20))
        #expect(close(t.state("box", at: 5.9).position.x, 49))
        #expect(t.state("box", at: 6).position.x == 50, "the group ended: model value")
    }

    @Test func aGroupFilledForwardsHoldsChildrenThatEndWithIt() throws {
        // The iOS recipe for keeping an animation's end state: the group fills forwards and stays;
        // its children (no fill of their own) end exactly when it does and hold their end values.
        // A child that ended earlier, without a fill, is gone.
        let whole = basic("position.x", from: 0, to: 100, duration: 0)
        let early = basic("opacity", from: 0, to: 0.5, duration: 1)
        let t = try run(
            group(duration: 2, [whole, early]) {
                $0.fillMode = .forwards
                $0.isRemovedOnCompletion = false
            })
        #expect(close(t.state("box", at: 2).position.x, 50))
        #expect(t.state("box", at: 4).position.x == 100, "held at the end, not the model's 50")
        #expect(t.state("box", at: 4).opacity == 1, "the early child ended without a fill: the model")
    }

    @Test func childBeginTimeIsRelativeToTheGroupAndDurationZeroTakesTheGroups() throws {
        let late = basic("position.x", from: 0, to: 100, duration: 2) { $0.beginTime = 1 }
        let inherit = basic("opacity", from: 0, to: 1, duration: 0)
        let t = try run(group(duration: 4, [late, inherit]))
        #expect(t.state("box", at: 1.5).position.x == 50, "not begun: the model")
        #expect(close(t.state("box", at: 3).position.x, 50))
        #expect(close(t.state("box", at: 3).opacity, 0.5), "the child took the group's 4 s")
    }

    @Test func groupTimingAppliesToChildren() throws {
        let t = try run(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 2)]) {
                $0.timingFunction = CAMediaTimingFunction(name: .easeIn)
                $0.repeatCount = 2
                $0.autoreverses = true
            })
        let e = CAMediaTimingFunction(name: .easeIn).progress(at: 0.5)
        #expect(close(t.state("box", at: 2).position.x, 100 * e))
        #expect(
            close(t.state("box", at: 2.99).position.x, 100 * CAMediaTimingFunction(name: .easeIn).progress(at: 0.995)))
        #expect(close(t.state("box", at: 4).position.x, 100 * e), "reversing")
        #expect(close(t.state("box", at: 6).position.x, 100 * e), "second repeat")
    }

    @Test func nestedGroups() throws {
        let inner = group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 4)]) { $0.beginTime = 1 }
        let t = try run(group(duration: 6, [inner]))
        #expect(t.state("box", at: 1.5).position.x == 50)
        #expect(close(t.state("box", at: 3).position.x, 25))
        #expect(t.state("box", at: 4.5).position.x == 50, "inner group ended at 2 s of its time")
    }

    @Test func onlyTheGroupsDelegateIsCalled() throws {
        final class Recorder: CAAnimationDelegate {
            var calls: [String] = []
            func animationDidStart(_ anim: CAAnimation) { calls.append("start \(type(of: anim))") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                calls.append("stop \(type(of: anim)) \(flag)")
            }
        }
        let recorder = Recorder()
        let child = basic("opacity", from: 0, to: 1, duration: 1)
        child.delegate = recorder
        let g = group(duration: 2, [child])
        g.delegate = recorder
        let t = try run(g)
        #expect(recorder.calls == ["start CAAnimationGroup", "stop CAAnimationGroup true"])
        #expect(t.events.map(\.time) == [1, 3])
    }
}
