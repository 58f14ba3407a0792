import Foundation
import Reel

/// How `UIView.animate(…usingSpringWithDamping:…)`'s damping ratio and duration become a
/// `CASpringAnimation` (UIKit does not publish its own mapping):
///
/// - mass 1; damping ratio ζ = `dampingRatio` (at least 0.01, so the spring settles);
/// - natural frequency ω₀ chosen so that the spring, started at rest, settles (stays within
///   0.05 % of its target, `CASpringAnimation.settlingDuration`'s criterion) exactly at the end
///   of `duration`: settling time scales as 1/ω₀, so ω₀ = T₁ / duration, where T₁ is the settling
///   time of the same ζ at ω₀ = 1;
/// - stiffness = ω₀², damping = 2ζω₀.
///
/// The animation lasts `duration`, as UIKit's does; an initial velocity changes the path but not
/// the stiffness, so a fast start may still be moving (a little) at the end and then snaps.
enum SpringMapping {
    static let minimumDampingRatio = 0.01

    static func parameters(dampingRatio: Double, duration: Double) -> (stiffness: Double, damping: Double) {
        let zeta = max(dampingRatio.isFinite ? dampingRatio : 1, minimumDampingRatio)
        let unit = CASpringAnimation()
        unit.mass = 1
        unit.stiffness = 1
        unit.damping = 2 * zeta
        let omega = max(unit.settlingDuration, 1e-3) / duration
        return (omega * omega, 2 * zeta * omega)
    }
}
