import Foundation

/// A spring animation's parameters as written, for review tools (timing diagrams, `reel diff`):
/// the motion itself is the solver's; these say how it was described.
public struct SpringParameters: Sendable, Hashable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let initialVelocity: Double
    public let allowsOverdamping: Bool
    /// Seconds until the spring stays within 0.05 % of its target (`CASpringAnimation.settlingDuration`).
    public let settlingDuration: Double
    /// The perceptual duration and bounce the spring was made from
    /// (`init(perceptualDuration:bounce:)`, or a scene's `perceptualDuration`/`bounce`), nil when
    /// it was given by mass, stiffness and damping.
    public let perceptual: Perceptual?

    /// iOS 17's description of a spring.
    public struct Perceptual: Sendable, Hashable {
        public let duration: Double
        public let bounce: Double
    }
}
