import Foundation
import Reel

extension UIView {
    /// iOS 17's spring animation: `duration` is the spring's perceptual duration and `bounce`
    /// its bounciness (0: no overshoot, up to 1; below 0: overdamped), mapped to mass, stiffness
    /// and damping as `CASpringAnimation(perceptualDuration:bounce:)` does (Apple's WWDC23
    /// mapping). `initialSpringVelocity` is in whole distances per second, as in the older
    /// spring API. The animations run until the spring settles (`settlingDuration`), which is
    /// when `completion` runs; that may be later than `duration` for a bouncy spring.
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0, initialSpringVelocity: CGFloat = 0.0,
        delay: TimeInterval = 0.0, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(
            spring: .init(shape: .bounce(Double(bounce)), initialVelocity: Double(initialSpringVelocity)),
            duration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }
}

extension UIViewAnimationContext.Spring {
    /// The spring animation for a block of `duration` seconds.
    func animation(duration: Double) -> CASpringAnimation {
        let s: CASpringAnimation
        switch shape {
        case .dampingRatio(let ratio):
            s = CASpringAnimation()
            let parameters = SpringMapping.parameters(dampingRatio: ratio, duration: duration)
            s.mass = 1
            s.stiffness = parameters.stiffness
            s.damping = parameters.damping
            s.initialVelocity = initialVelocity
            s.duration = duration
        case .bounce(let bounce):
            s = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
            s.initialVelocity = initialVelocity
            s.duration = s.settlingDuration
        }
        return s
    }
}
