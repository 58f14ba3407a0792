import Foundation
import ReelUIKit
import Testing

@Suite("UIView spring animations")
struct SpringAnimationTests {
    /// x of the card through a spring animation from 100 to 300 at t = 1, sampled every 10 ms.
    func run(damping: CGFloat, velocity: CGFloat = 0, duration: Double = 1) throws -> ([CGFloat], CASpringAnimation?) {
        let (scene, card) = makeViewScene()
        var added: CASpringAnimation?
        scene.at(1) {
            UIView.animate(
                withDuration: duration, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: velocity,
                options: [], animations: { card.center.x = 300 })
        }
        scene.at(1.1) { added = card.layer.animation(forKey: "position") as? CASpringAnimation }
        let t = try scene.compile()
        let xs = (0...Int(duration * 100)).map { t.state("card", at: 1 + Double($0) / 100).position.x }
        return (xs, added)
    }

    @Test func anUnderdampedSpringOvershootsAndSettlesWithinTheDuration() throws {
        let (xs, spring) = try run(damping: 0.3)
        #expect(spring != nil && spring?.mass == 1 && spring?.duration == 1)
        #expect(xs.max()! > 300 + 20, "overshoots")
        // Settled: within 0.05 % of the 200-point move from the end of the duration on (0.1 %
        // in its last 10 ms, as the criterion is met at the end itself).
        #expect(xs[99...].allSatisfy { abs($0 - 300) <= 0.2 })
        #expect(xs[80...95].contains { abs($0 - 300) > 0.1 }, "but not long before the end: it uses the duration")
        if let spring { #expect(abs(spring.settlingDuration - 1) < 0.005) }
    }

    @Test func aCriticallyDampedSpringDoesNotOvershoot() throws {
        let (xs, spring) = try run(damping: 1, duration: 0.8)
        #expect(xs.allSatisfy { $0 <= 300 + 1e-9 })
        #expect(xs[40] > 250, "well on its way by half time")
        #expect(xs[79...].allSatisfy { abs($0 - 300) <= 0.2 })
        if let spring {
            #expect(
                abs(spring.settlingDuration - 0.8) < 0.005 && close(spring.damping, 2 * spring.stiffness.squareRoot()))
        }
    }

    @Test func initialVelocityIsInWholeDistancesPerSecond() throws {
        let (still, _) = try run(damping: 1)
        let (fast, spring) = try run(damping: 1, velocity: 5)
        #expect(spring?.initialVelocity == 5)
        // Over the first 10 ms the fast start covers about 5 × 200 × 0.01 = 10 points more.
        #expect(fast[1] - still[1] > 7)
    }
}

@Suite("UIView iOS 17 spring animations")
struct PerceptualUIViewSpringTests {
    @Test func springDurationAndBounceMapAsCASpringAnimationDoes() throws {
        let (scene, card) = makeViewScene()
        var added: CASpringAnimation?
        var finishedAt: Double?
        scene.at(1) {
            UIView.animate(springDuration: 0.5, bounce: 0.3) {
                card.center.x = 300
            } completion: { _ in
                finishedAt = CACurrentMediaTime()
            }
        }
        scene.at(1.1) { added = card.layer.animation(forKey: "position") as? CASpringAnimation }
        let t = try scene.compile()
        let spring = try #require(added)
        // Apple's mapping for (0.5, 0.3): stiffness (2π ÷ 0.5)² = 16π², damping 4π × 0.7 ÷ 0.5 = 5.6π.
        #expect(abs(spring.stiffness - 16 * Double.pi * Double.pi) < 1e-9)
        #expect(abs(spring.damping - 5.6 * Double.pi) < 1e-9 && spring.mass == 1)
        #expect(spring.duration == spring.settlingDuration, "runs until the spring is at rest")
        #expect(finishedAt.map { abs($0 - (1 + spring.settlingDuration)) < 1e-9 } == true)
        #expect(t.state("card", at: 1.35).position.x > 300, "bounces past the target")
    }
}
