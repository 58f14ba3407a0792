import Foundation

/// iOS 17's way to describe a spring: how long it feels (`perceptualDuration`) and how much it
/// bounces, instead of mass, stiffness and damping. Apple's published mapping (WWDC23 session
/// 10158 "Animate with springs", chapter "How springs work", the conversion slide):
///
/// - mass = 1
/// - stiffness = (2π ÷ duration)²
/// - damping = 4π × (1 − bounce) ÷ duration, for bounce ≥ 0
/// - damping = 4π ÷ (duration × (1 + bounce)), for bounce < 0 (overdamped)
///
/// So the damping ratio ζ = damping ÷ (2√(stiffness × mass)) is 1 − bounce (bounce ≥ 0) or
/// 1 ÷ (1 + bounce) (bounce < 0), and the undamped period 2π√(mass ÷ stiffness) is the duration.
extension CASpringAnimation {
    /// Creates a spring that feels `perceptualDuration` seconds long and bounces by `bounce`
    /// (0: critically damped, up to 1: undamped; below 0, down to −1: overdamped), with
    /// mass 1 and the stiffness and damping of Apple's mapping. As with any spring, `duration`
    /// stays Core Animation's default: set it (to `settlingDuration`, say) as on iOS. A negative
    /// bounce turns `allowsOverdamping` on (Apple does not say; without it a negative bounce
    /// would be the critically damped spring of bounce 0, and SwiftUI's `Spring(duration:bounce:)`
    /// documents negative bounces as overdamped).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        setSpring(perceptualDuration: perceptualDuration, bounce: Double(bounce))
    }

    /// Mass, stiffness, damping and `allowsOverdamping` as `init(perceptualDuration:bounce:)`
    /// sets them (for the scene decoder, which has an animation already).
    package func setSpring(perceptualDuration: Double, bounce: Double) {
        let p = Self.parameters(perceptualDuration: perceptualDuration, bounce: bounce)
        mass = 1
        stiffness = p.stiffness
        damping = p.damping
        allowsOverdamping = bounce < 0
        givenPerceptual = SpringParameters.Perceptual(duration: perceptualDuration, bounce: bounce)
    }

    /// The stiffness and damping (mass 1) of a spring of `perceptualDuration` and `bounce`,
    /// by Apple's mapping above.
    public static func parameters(perceptualDuration: Double, bounce: Double) -> (stiffness: Double, damping: Double) {
        let omega = 2 * Double.pi / perceptualDuration
        let damping =
            bounce >= 0
            ? 4 * Double.pi * (1 - bounce) / perceptualDuration
            : 4 * Double.pi / (perceptualDuration * (1 + bounce))
        return (omega * omega, damping)
    }

    /// The spring's perceptual duration: its undamped period 2π√(mass ÷ stiffness). Read-only,
    /// as on iOS; derived from mass and stiffness, so it stays true when they are set after
    /// `init(perceptualDuration:bounce:)` (the last assignment wins).
    public var perceptualDuration: CFTimeInterval {
        2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot()
    }

    /// How much the spring bounces: 1 − ζ for a damping ratio ζ ≤ 1, 1 ÷ ζ − 1 above
    /// (overdamped, negative). Read-only, as on iOS; derived from mass, stiffness and damping.
    public var bounce: CGFloat {
        let zeta = Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot())
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}
