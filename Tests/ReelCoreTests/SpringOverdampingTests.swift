import Foundation
import Testing

@testable import ReelCore

/// `allowsOverdamping` (iOS 17): off by default, a spring damped beyond critical moves as the
/// critically damped spring; on, as the overdamped one. Mass 1, stiffness 100 (ω₀ = 10),
/// damping 50 (ζ = 2.5), at rest at 0:
/// - critical (damping 20): progress(t) = 1 − e^(−10t)(1 + 10t); at 0.1 s: 1 − 2/e = 0.264241;
/// - overdamped: roots r = −10(2.5 ∓ √5.25) = −2.08712, −47.9129; y = c1·e^(r1 t) + c2·e^(r2 t)
///   with y(0) = −1, y′(0) = 0: c2 = r1 ÷ (r2 − r1) = 0.0455447, c1 = −1.0455447; at 0.1 s the
///   progress is 1 + y = 0.151784.
@Suite("Overdamped springs")
struct SpringOverdampingTests {
    func spring(damping: CGFloat, allowsOverdamping: Bool) -> CASpringAnimation {
        let s = CASpringAnimation()
        s.mass = 1
        s.stiffness = 100
        s.damping = damping
        s.allowsOverdamping = allowsOverdamping
        return s
    }

    @Test func dampingBeyondCriticalIsCriticalUnlessAllowed() {
        let clamped = spring(damping: 50, allowsOverdamping: false).solver
        let over = spring(damping: 50, allowsOverdamping: true).solver
        #expect(abs(clamped.progress(at: 0.1) - 0.264241) < 1e-6)
        #expect(abs(over.progress(at: 0.1) - 0.151784) < 1e-6)
        // The same settling as the critically damped spring; the overdamped one creeps for longer.
        let critical = spring(damping: 20, allowsOverdamping: false)
        #expect(spring(damping: 50, allowsOverdamping: false).settlingDuration == critical.settlingDuration)
        #expect(spring(damping: 50, allowsOverdamping: true).settlingDuration > 3 * critical.settlingDuration)
        // Below critical the switch changes nothing.
        #expect(
            spring(damping: 5, allowsOverdamping: false).solver.progress(at: 0.3)
                == spring(damping: 5, allowsOverdamping: true).solver.progress(at: 0.3))
    }

    @Test func aNegativeBounceAllowsOverdamping() {
        #expect(CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5).allowsOverdamping)
        #expect(!CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3).allowsOverdamping)
        #expect(!CASpringAnimation().allowsOverdamping)
    }

    @Test func keyValueCodingAndCopies() throws {
        let s = CASpringAnimation()
        s.setValue(true, forKey: "allowsOverdamping")
        #expect(s.allowsOverdamping)
        #expect((s.value(forKey: "allowsOverdamping") as? NSNumber)?.boolValue == true)
        #expect((s.copy() as? CASpringAnimation)?.allowsOverdamping == true)
    }
}
