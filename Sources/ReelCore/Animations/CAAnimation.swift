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
        keyValueProblems = other.keyValueProblems
    }

    /// Problems from key-value coding (a value that did not fit the property its key names), by
    /// key; reported by `validate()` and when the animation is added (see `setValue(_:forKey:)`).
    var keyValueProblems: [String: String] = [:]

    // MARK: Key-value coding

    /// Key-value coding as on Apple platforms: a key naming a property (`duration`, `speed`,
    /// `repeatCount`, `fillMode`, `removedOnCompletion`, `timingFunction`, and each subclass's:
    /// `keyPath`, `fromValue`, `values`, `keyTimes`, `mass`, `type`, `animations`, …) sets that
    /// property — `anim.setValue(2, forKey: "duration")` is `anim.duration = 2` — and any other
    /// key stores the value with the animation (`anim.setValue("fade", forKey: "name")`, read back
    /// with `value(forKey:)`, the usual way to tell animations apart in `animationDidStop`); nil
    /// removes it.
    ///
    /// Numbers may be any Swift number type or an `NSNumber`; flags a `Bool` or an `NSNumber`;
    /// options (`fillMode`, `calculationMode`, `type`…) their name or the option itself. Where
    /// Core Animation would raise an exception for a value that does not fit the property (a
    /// string for `duration`, nil for `speed`), Reel does not trap: the property keeps its value
    /// and the problem is reported by `validate()` and, with the layer and key, when the timeline
    /// is compiled (as for any invalid animation). Setting the key again with a fitting value
    /// clears the problem.
    public func setValue(_ value: Any?, forKey key: String) {
        switch setProperty(value, forKey: key) {
        case .notAProperty: userInfo[key] = value
        case .set: keyValueProblems[key] = nil
        case .mismatch(let message): keyValueProblems[key] = message
        }
    }

    /// The value of a property by its key (numbers and flags as `NSNumber`, which `as? Double`,
    /// `as? Float` and `as? Bool` read; options by name), or the value stored under any other key.
    public func value(forKey key: String) -> Any? {
        if let property = property(forKey: key) { return property }
        return userInfo[key]
    }

    /// `setValue(_:forKey:)` for a key path. An animation's properties are not nested, so a path
    /// is a key: one naming a property sets it, any other is stored whole.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) { setValue(value, forKey: keyPath) }

    /// `value(forKey:)` for a key path (see `setValue(_:forKeyPath:)`).
    public func value(forKeyPath keyPath: String) -> Any? { value(forKey: keyPath) }

    // MARK: Descriptions

    /// `<CABasicAnimation: 0x…; keyPath = position.x; duration = 2; toValue = 100>`: the class,
    /// the object's address (as Apple's `description` shows it; it differs from run to run) and
    /// the fields that differ from their defaults, with the values stored by key at the end.
    /// On Linux `print(anim)` and `"\(anim)"` are what `NSLog("%@", anim)` is on Apple platforms.
    open var description: String {
        DescriptionFormat.object(
            self,
            fields: descriptionFields() + userInfo.keys.sorted().map { ($0, DescriptionFormat.value(userInfo[$0])) })
    }

    /// The same as `description` (as for Apple's objects).
    open var debugDescription: String { description }

    /// The fields `description` lists (name, value); subclasses put theirs first.
    func descriptionFields() -> [(String, String)] {
        let defaults = MediaTiming()
        var fields: [(String, String)] = []
        func add(_ name: String, _ value: Double, _ base: Double) {
            if value != base { fields.append((name, DescriptionFormat.number(value))) }
        }
        add("beginTime", timing.beginTime, defaults.beginTime)
        fields.append(("duration", DescriptionFormat.number(timing.duration)))
        add("speed", timing.speed, defaults.speed)
        add("timeOffset", timing.timeOffset, defaults.timeOffset)
        add("repeatCount", timing.repeatCount, defaults.repeatCount)
        add("repeatDuration", timing.repeatDuration, defaults.repeatDuration)
        if autoreverses { fields.append(("autoreverses", "1")) }
        if fillMode != .removed { fields.append(("fillMode", fillMode.rawValue)) }
        if !isRemovedOnCompletion { fields.append(("removedOnCompletion", "0")) }
        if let timingFunction { fields.append(("timingFunction", timingFunction.description)) }
        return fields
    }

    /// Sets the property `key` names; subclasses add their keys and call super for the rest.
    func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        switch key {
        case "beginTime": return KeyValue.setNumber(value, key) { timing.beginTime = $0 }
        case "duration": return KeyValue.setNumber(value, key) { timing.duration = $0 }
        case "speed": return KeyValue.setNumber(value, key) { speed = Float($0) }
        case "timeOffset": return KeyValue.setNumber(value, key) { timing.timeOffset = $0 }
        case "repeatCount": return KeyValue.setNumber(value, key) { repeatCount = Float($0) }
        case "repeatDuration": return KeyValue.setNumber(value, key) { timing.repeatDuration = $0 }
        case "autoreverses": return KeyValue.setBool(value, key) { autoreverses = $0 }
        case "fillMode": return KeyValue.setOption(value, key, among: CAMediaTimingFillMode.allCases) { fillMode = $0 }
        case "removedOnCompletion", "isRemovedOnCompletion":
            return KeyValue.setBool(value, key) { isRemovedOnCompletion = $0 }
        case "timingFunction":
            return KeyValue.setOptional(value, key, as: CAMediaTimingFunction.self, expected: "a CAMediaTimingFunction")
            {
                timingFunction = $0
            }
        case "delegate":
            return KeyValue.setOptional(value, key, as: CAAnimationDelegate.self, expected: "a CAAnimationDelegate") {
                delegate = $0
            }
        default: return .notAProperty
        }
    }

    /// The property `key` names, boxed as Foundation boxes it; nil when the key names none.
    /// (A property that is nil answers `.some(nil)`.)
    func property(forKey key: String) -> Any?? {
        switch key {
        case "beginTime": KeyValue.box(beginTime)
        case "duration": KeyValue.box(duration)
        case "speed": NSNumber(value: speed)
        case "timeOffset": KeyValue.box(timeOffset)
        case "repeatCount": NSNumber(value: repeatCount)
        case "repeatDuration": KeyValue.box(repeatDuration)
        case "autoreverses": KeyValue.box(autoreverses)
        case "fillMode": fillMode.rawValue
        case "removedOnCompletion", "isRemovedOnCompletion": KeyValue.box(isRemovedOnCompletion)
        case "timingFunction": .some(timingFunction)
        case "delegate": .some(delegate)
        default: nil
        }
    }

    /// Checks what can be checked before the animation is added (key times, counts, ranges),
    /// so scene files can report it with a location. Adding an invalid animation reports the
    /// same error when the timeline is compiled.
    ///
    /// Subclasses that override it call `super.validate()` first: the base reports values set
    /// by key that did not fit their property.
    open func validate() throws { try checkKeyValueProblems() }

    /// Throws the first (by key) value set by key that did not fit its property.
    func checkKeyValueProblems() throws {
        if let key = keyValueProblems.keys.sorted().first, let message = keyValueProblems[key] {
            throw AnimationError(message)
        }
    }

    /// `compiled(in:)` after the checks every class shares (key-value problems).
    func checkedCompile(in context: AnimationCompileContext) throws -> CompiledAnimation {
        try checkKeyValueProblems()
        return try compiled(in: context)
    }

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

    override func descriptionFields() -> [(String, String)] {
        var fields = [("keyPath", keyPath ?? "(null)")]
        if isAdditive { fields.append(("additive", "1")) }
        if isCumulative { fields.append(("cumulative", "1")) }
        if let valueFunction { fields.append(("valueFunction", valueFunction.name.rawValue)) }
        return fields + super.descriptionFields()
    }

    override func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        switch key {
        case "keyPath":
            KeyValue.setOptional(value, key, as: String.self, expected: "a key path string") { keyPath = $0 }
        case "additive", "isAdditive": KeyValue.setBool(value, key) { isAdditive = $0 }
        case "cumulative", "isCumulative": KeyValue.setBool(value, key) { isCumulative = $0 }
        case "valueFunction":
            KeyValue.setOptional(value, key, as: CAValueFunction.self, expected: "a CAValueFunction") {
                valueFunction = $0
            }
        default: super.setProperty(value, forKey: key)
        }
    }

    override func property(forKey key: String) -> Any?? {
        switch key {
        case "keyPath": .some(keyPath)
        case "additive", "isAdditive": KeyValue.box(isAdditive)
        case "cumulative", "isCumulative": KeyValue.box(isCumulative)
        case "valueFunction": .some(valueFunction)
        default: super.property(forKey: key)
        }
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
