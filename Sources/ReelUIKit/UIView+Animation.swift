import Foundation
import Reel

/// UIKit's block animations. Inside `animations`, setting `frame`, `bounds`, `center`,
/// `transform`, `alpha` or `backgroundColor` of a view (or an animatable property of a view's
/// layer) adds an explicit animation to the view's layer under the property's name, with the
/// given duration, delay and curve; the model takes the new value at once, as on iOS. Use them
/// inside a scene's timeline:
///
/// ```swift
/// scene.at(1) {
///     UIView.animate(withDuration: 0.6, delay: 0.2, options: [.curveEaseOut]) {
///         card.center.y -= 120
///         card.alpha = 1
///     } completion: { finished in
///         badge.isHidden = false          // runs at 1.8 s on the scene's clock
///     }
/// }
/// ```
///
/// `completion` runs when the last of the block's animations ends, at that scene time (inside
/// the timeline, like an animation delegate, so it may start the next animation); `finished` is
/// false when one was removed or replaced first. With nothing to animate it runs right after
/// the current timeline entry, at the same time. With `.repeat` it never runs. Outside a
/// timeline (setting up a scene) the changes simply apply and the completion runs at once.
/// Layers that are not a view's keep Core Animation's own implicit animations (0.25 s), as on iOS.
extension UIView {
    /// Animates the changes in `animations` over `duration` seconds after `delay`, with the
    /// curve and options given.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(
            UIViewAnimationContext(
                duration: duration, delay: delay, options: options, spring: nil, completion: completion,
                outer: UIViewAnimationContext.current), animations)
    }

    /// Animates over `duration` seconds, easing in and out, then runs `completion`.
    public class func animate(
        withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates over `duration` seconds, easing in and out.
    public class func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates with a spring that settles within `duration`: `dampingRatio` 1 comes to rest
    /// without overshooting, smaller values bounce; `velocity` is the initial speed in whole
    /// distances per second (1: the whole change in one second). See `SpringMapping` for how the
    /// ratio and duration become a `CASpringAnimation` (mass 1). Curve options are ignored.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(
            spring: .init(shape: .dampingRatio(Double(dampingRatio)), initialVelocity: Double(velocity)),
            duration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// A block animated by `spring` (curve options do not apply to a spring).
    class func animate(
        spring: UIViewAnimationContext.Spring, duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        run(
            UIViewAnimationContext(
                duration: duration, delay: delay, options: options.union(.overrideInheritedCurve), spring: spring,
                completion: completion, outer: UIViewAnimationContext.current), animations)
    }

    /// Makes the changes in `actionsWithoutAnimation` without animating them, even inside an
    /// animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationContext.$current.withValue(nil) { actionsWithoutAnimation() }
    }

    /// The duration of the animation block running now; 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval { UIViewAnimationContext.current?.duration ?? 0 }

    private class func run(_ context: UIViewAnimationContext, _ animations: () -> Void) {
        UIViewAnimationContext.$current.withValue(context) { animations() }
        context.tracker.blockDidEnd(inTimeline: context.inTimeline)
    }
}
