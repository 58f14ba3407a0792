import Foundation

/// Receives an animation's start and stop, at the scene time they happen. The delegate may
/// change the model there (seed 000: set the final position with actions disabled).
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active period began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended (`finished` true) or was removed before ending (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of all animations: CAMediaTiming, timing function, delegate.
///
/// As in Core Animation, `add(_:forKey:)` copies the animation, so changing it afterwards does
/// not affect what was added.
open class CAAnimation {
    /// The CAMediaTiming fields, in double precision. The properties below are views of it
    /// typed as Apple types them (`speed` and `repeatCount` are `Float` there); a scene file or
    /// other exact source may set the fields here directly (`anim.timing.speed = 0.1`).
    public var timing = MediaTiming()

    /// Start, in the layer's time (`CACurrentMediaTime() + delay` in the seeds' idiom); 0 = now.
    /// `CFTimeInterval` (a `Double`) in Apple's API.
    public var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    /// Seconds per iteration; 0 takes the transaction's duration (0.25 s by default).
    public var duration: CFTimeInterval {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    /// Rate relative to the layer's time (2 twice as fast, 0 frozen). `Float`, as in Apple's
    /// `CAMediaTiming`; kept as a `Double` in `timing`.
    public var speed: Float {
        get { Float(timing.speed) }
        set { timing.speed = Double(newValue) }
    }
    /// Skips into the animation, in local seconds.
    public var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    /// Number of iterations: fractional allowed, 0 means 1, and `Float.infinity` (`HUGE_VALF`)
    /// or `.greatestFiniteMagnitude` repeat for ever. `Float`, as in Apple's `CAMediaTiming`.
    public var repeatCount: Float {
        get { Float(timing.repeatCount) }
        set { timing.repeatCount = Double(newValue) }
    }
    /// Seconds to repeat for, instead of `repeatCount`; 0 means unused.
    public var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    /// Each iteration plays forward, then backward.
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    /// The effect outside the active period.
    public var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }
    /// Pacing of each iteration; nil is linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Whether the animation is removed from the layer when its active period ends.
    public var isRemovedOnCompletion = true
    /// Receives didStart/didStop. Retained, as Core Animation retains its delegate.
    public var delegate: CAAnimationDelegate?
    /// Arbitrary values stored with `setValue(_:forKey:)` (the seeds stash end positions here).
    public var userInfo: [String: Any] = [:]

    public required init() {}

    /// A new, default animation.
    public class func animation() -> Self { Self() }

    /// A copy of the animation (what `add(_:forKey:)` stores).
    open func copy() -> CAAnimation {
        let c = Self()
        c.copyFields(from: self)
        return c
    }

    /// Copies this class's fields from `other`; subclasses extend it.
    open func copyFields(from other: CAAnimation) {
        timing = other.timing; timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion; delegate = other.delegate; userInfo = other.userInfo
    }

    /// Key-value storage, as Objective-C code uses on animations.
    public func setValue(_ value: Any?, forKey key: String) { userInfo[key] = value }
    public func value(forKey key: String) -> Any? { userInfo[key] }

    /// Checks what can be checked before the animation is added (key times, counts, ranges),
    /// so scene files can report it with a location. Adding an invalid animation reports the
    /// same error when the timeline is compiled.
    open func validate() throws {}

    /// Builds the immutable, thread-safe form the timeline evaluates. `context` resolves what
    /// depends on the moment of adding (the layer's model value, the previous presentation value).
    func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        throw AnimationError("\(type(of: self)) cannot be added to a layer; use a concrete animation class")
    }
}

/// An animation of one key path of the layer.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path (`position`, `transform.rotation.z`, `bounds.size.width`, …).
    public var keyPath: String?
    /// Adds the animated value to the value underneath instead of replacing it.
    public var isAdditive = false
    /// Each repeat continues from where the previous one ended.
    public var isCumulative = false
    /// Converts interpolated numbers into the transform set at `keyPath` (`transform`).
    public var valueFunction: CAValueFunction?

    public required init() {}

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative; valueFunction = o.valueFunction
    }

    /// The parsed key path, or an error naming it.
    func resolvedKeyPath() throws -> LayerKeyPath {
        guard let text = keyPath else { throw AnimationError("\(type(of: self)) has no keyPath") }
        guard let path = LayerKeyPath(text) else {
            throw AnimationError("unknown key path '\(text)'\(suggestion(for: text, among: LayerKeyPath.allPaths))")
        }
        guard path.isAnimatable else { throw AnimationError("'\(text)' is not animatable") }
        return path
    }

    /// Converts the values given for `path` (`label` names one in errors): the key path's kind, or
    /// with a valueFunction its input (numbers), normalised by it.
    /// - Throws: `AnimationError` when a valueFunction targets a key path that is not a transform.
    func valueConverter(for path: LayerKeyPath) throws -> (_ value: Any, _ label: String) throws -> AnimatableValue {
        let function = valueFunction?.name
        if function != nil, path.kind != .transform {
            throw AnimationError("a valueFunction makes a transform; '\(path)' is not a transform key path")
        }
        let kind = function?.inputKind ?? path.kind
        return { v, label in
            guard let value = AnimatableValue(any: v, as: kind) else {
                throw AnimationError("\(label) for '\(path)' must be \(kind.noun), not \(type(of: v))")
            }
            return function?.normalized(value) ?? value
        }
    }
}

/// A problem with an animation found when it is added.
public struct AnimationError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
