import Foundation
import Testing

@testable import ReelCore

/// iOS 17's `CASpringAnimation(perceptualDuration:bounce:)`, against Apple's mapping worked by
/// hand (WWDC23 "Animate with springs"): mass 1, stiffness (2π ÷ d)², damping 4π(1 − b) ÷ d
/// for b ≥ 0 and 4π ÷ (d(1 + b)) for b < 0.
@Suite("Perceptual springs")
struct PerceptualSpringTests {
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

    @Test(arguments: [
        // d 0.5, b 0.3: k = (2π ÷ 0.5)² = (4π)² = 16π² ≈ 157.914; c = 4π × 0.7 ÷ 0.5 = 5.6π ≈ 17.593.
        (0.5, 0.3, 16 * Double.pi * Double.pi, 5.6 * Double.pi),
        // d 1, b 0: k = (2π)² = 4π² ≈ 39.478; c = 4π × 1 ÷ 1 = 4π ≈ 12.566 (= 2√k, critical).
        (1.0, 0.0, 4 * Double.pi * Double.pi, 4 * Double.pi),
        // d 0.25, b −0.5: k = (8π)² = 64π² ≈ 631.655; c = 4π ÷ (0.25 × 0.5) = 32π ≈ 100.531 (ζ 2).
        (0.25, -0.5, 64 * Double.pi * Double.pi, 32 * Double.pi)
    ])
    func apple(_ pair: (Double, Double, Double, Double)) {
        let (duration, bounce, stiffness, damping) = pair
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        #expect(spring.mass == 1)
        #expect(near(spring.stiffness, stiffness), "stiffness \(spring.stiffness)")
        #expect(near(spring.damping, damping), "damping \(spring.damping)")
        // The read-only properties give the pair back.
        #expect(near(spring.perceptualDuration, duration) && near(spring.bounce, bounce))
        #expect(spring.value(forKey: "bounce") as? Double == Double(spring.bounce))
    }

    @Test func thePropertiesFollowMassStiffnessAndDampingSetAfterwards() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        // Core Animation's defaults (mass 1, stiffness 100, damping 10): ω₀ = 10, so the
        // period is 2π ÷ 10, and ζ = 10 ÷ (2 × 10) = 0.5, a bounce of 0.5.
        spring.stiffness = 100
        spring.damping = 10
        #expect(near(spring.perceptualDuration, 2 * Double.pi / 10) && near(spring.bounce, 0.5))
    }

    @Test func aBouncySpringOvershootsAnOverdampedOneDoesNot() {
        let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3).solver
        let slow = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5).solver
        let ts = stride(from: 0.0, through: 3, by: 0.01)
        #expect(ts.contains { bouncy.progress(at: $0) > 1.01 })
        #expect(ts.allSatisfy { slow.progress(at: $0) <= 1 })
    }
}
