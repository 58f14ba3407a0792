import Foundation
import Reel

/// The timing of the `UIView.animate` block being run: what the view property changes inside it
/// become. Lives only while the block runs (a task-local value, so nested blocks stack and
/// unwind by themselves).
final class UIViewAnimationContext: @unchecked Sendable {
    // @unchecked: made, read and dropped synchronously by the code running one timeline entry.

    /// The block running now, if any.
    @TaskLocal static var current: UIViewAnimationContext?

    /// A spring's parameters, as UIKit takes them: a damping ratio (iOS 7's API), or iOS 17's
    /// bounce with the block's duration as the perceptual duration.
    struct Spring {
        enum Shape {
            case dampingRatio(Double)
            case bounce(Double)
        }
        var shape: Shape
        var initialVelocity: Double
    }

    let duration: Double
    let delay: Double
    let options: UIView.AnimationOptions
    let curve: CAMediaTimingFunction
    let spring: Spring?
    let tracker: AnimationCompletionTracker
    /// Whether a scene's timeline is being compiled: outside one (setting up a scene) changes
    /// only configure the initial state, so nothing is animated.
    let inTimeline: Bool
    /// Layer and key of each animation this block added (to tell a property set twice).
    private var added: [ObjectIdentifier: Set<String>] = [:]

    /// The context for a block nested in `outer` (nil: outermost). As in UIKit, a nested block
    /// takes the enclosing block's duration, curve and repeat/autoreverse options unless it
    /// passes the matching `overrideInherited…` option.
    init(
        duration: Double, delay: Double, options: UIView.AnimationOptions, spring: Spring?,
        completion: ((Bool) -> Void)?, outer: UIViewAnimationContext?
    ) {
        var options = options
        var duration = duration
        var curve = options.timingFunction
        var spring = spring
        if let outer {
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                curve = outer.curve
                if spring == nil { spring = outer.spring }
            }
            if !options.contains(.overrideInheritedOptions) {
                options.remove([.repeat, .autoreverse])
                options.formUnion(outer.options.intersection([.repeat, .autoreverse]))
            }
        }
        self.duration = duration
        self.delay = delay
        self.options = options
        self.curve = curve
        self.spring = spring
        tracker = AnimationCompletionTracker(completion: completion)
        // A layer's `presentation()` exists only while a timeline is compiled.
        inTimeline = CALayer().presentation() != nil
    }

    /// Adds the animation of a view property the block changed, from its old value (the
    /// presentation value when beginning from the current state or interrupting an animation
    /// of the same property) to the new one.
    func animate(
        _ layer: CALayer, keyPath: LayerKeyPath, key: String, from old: AnimatableValue, to new: AnimatableValue
    ) {
        guard duration > 0, inTimeline else { return }
        let running = layer.animation(forKey: key) != nil
        var from = old
        if options.contains(.beginFromCurrentState) || running, let presented = layer.presentation() {
            from = presented.value(forKeyPath: keyPath)
        }
        let animation = makeAnimation(for: layer)
        animation.keyPath = key
        animation.fromValue = from
        animation.toValue = new
        add(animation, to: layer, key: key)
    }

    /// The action for a change made to a view's layer directly inside the block: the compiler
    /// fills in the key path and values (previous presentation value → new model value).
    func action(for layer: CALayer, key: String) -> CAAction {
        guard duration > 0 else { return NSNull() }
        let animation = makeAnimation(for: layer)
        record(layer, key: key)
        return animation
    }

    /// An animation with the block's timing: duration, delay (held at its start value before,
    /// as UIKit's fill mode is backwards), curve or spring, repeat and autoreverse.
    private func makeAnimation(for layer: CALayer) -> CABasicAnimation {
        let animation: CABasicAnimation
        if let spring {
            animation = spring.animation(duration: duration)
        } else {
            animation = CABasicAnimation()
            animation.timingFunction = curve
            animation.duration = duration
        }
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        animation.delegate = tracker
        return animation
    }

    private func add(_ animation: CABasicAnimation, to layer: CALayer, key: String) {
        record(layer, key: key)
        layer.add(animation, forKey: key)
    }

    private func record(_ layer: CALayer, key: String) {
        tracker.didAdd(replacingOwn: !added[ObjectIdentifier(layer), default: []].insert(key).inserted)
    }
}
