import Foundation

/// Interpolates one key path between two values (seed 001's table):
///
/// | set         | from        | to              |
/// |-------------|-------------|-----------------|
/// | from + to   | from        | to              |
/// | from + by   | from        | from + by       |
/// | to + by     | to − by     | to              |
/// | from        | from        | current (model) |
/// | to          | current     | to              |
/// | by          | current     | current + by    |
/// | none        | previous    | current         |
///
/// Values may be numbers (`Double`, `CGFloat`, `Int`, `Float`, `NSNumber`), `CGPoint`, `CGSize`,
/// `CGRect` (bare or in an `NSValue`), `CGColor`, `CATransform3D` (bare or
/// `NSValue(caTransform3D:)`), `Bool`, or `AnimatableValue`, matching the key path.
open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    public required init() {}

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
    }

    override func descriptionFields() -> [(String, String)] {
        var fields = super.descriptionFields()
        for (name, value) in [("fromValue", fromValue), ("toValue", toValue), ("byValue", byValue)] where value != nil {
            fields.append((name, DescriptionFormat.value(value)))
        }
        return fields
    }

    // The values are checked against the key path when the animation is added, as when set directly.
    override func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: return super.setProperty(value, forKey: key)
        }
        return .set
    }

    override func property(forKey key: String) -> Any?? {
        switch key {
        case "fromValue": .some(fromValue)
        case "toValue": .some(toValue)
        case "byValue": .some(byValue)
        default: super.property(forKey: key)
        }
    }

    override func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        CompiledAnimation(
            timing: timing, timingFunction: timingFunction,
            removedOnCompletion: isRemovedOnCompletion, content: .basic(try spec(in: context)))
    }

    /// The resolved key path and values.
    func spec(in context: AnimationCompileContext) throws -> PropertyAnimationSpec {
        let path = try resolvedKeyPath()
        let function = valueFunction?.name
        let converter = try valueConverter(for: path)
        func convert(_ v: Any?, _ label: String) throws -> AnimatableValue? { try v.map { try converter($0, label) } }
        return PropertyAnimationSpec(
            keyPath: path,
            from: try convert(fromValue, "fromValue"),
            to: try convert(toValue, "toValue"),
            by: try convert(byValue, "byValue"),
            previous: function?.identity ?? context.previousValue(path),
            additive: isAdditive, cumulative: isCumulative, valueFunction: function)
    }
}

extension AnimatableValue {
    /// Converts a Swift value as Core Animation code passes it (`NSNumber`-like numbers,
    /// `NSValue`-like geometry) to the kind a key path needs; nil when it does not fit.
    public init?(any boxed: Any, as kind: ValueKind) {
        let value = AnimatableValue.unboxed(boxed, as: kind)
        if let v = value as? AnimatableValue {
            guard v.kind == kind else { return nil }
            self = v
            return
        }
        switch kind {
        case .number:
            switch value {
            case let v as Double: self = .number(v)
            case let v as Float: self = .number(Double(v))
            case let v as Int: self = .number(Double(v))
            case let v as CGFloat: self = .number(Double(v))
            default: return nil
            }
        case .point:
            guard let p = value as? CGPoint else { return nil }
            self = .point(p)
        case .size:
            guard let s = value as? CGSize else { return nil }
            self = .size(s)
        case .rect:
            guard let r = value as? CGRect else { return nil }
            self = .rect(r)
        case .color:
            guard let c = value as? CGColor else { return nil }
            self = .color(c)
        case .transform:
            guard let t = value as? CATransform3D else { return nil }
            self = .transform(t)
        case .bool:
            guard let b = value as? Bool else { return nil }
            self = .bool(b)
        case .numbers:
            switch value {
            case let v as [Double]: self = .numbers(v)
            case let v as [CGFloat]: self = .numbers(v.map { Double($0) })
            case let v as [Float]: self = .numbers(v.map { Double($0) })
            case let v as [Int]: self = .numbers(v.map { Double($0) })
            default: return nil
            }
        case .path:
            guard let p = value as? CGPath else { return nil }
            self = .path(p.copy())
        case .string:
            guard let v = value as? String else { return nil }
            self = .string(v)
        case .colors:
            guard let v = value as? [CGColor] else { return nil }
            self = .colors(v)
        case .image:
            guard let v = value as? CGImage else { return nil }
            self = .image(v)
        case .cells:
            switch value {
            case let v as [EmitterCellState]: self = .cells(v)
            case let v as [CAEmitterCell]: self = .cells(v.map(\.state))
            default: return nil
            }
        case .filters:
            guard let v = value as? [Any] else { return nil }
            self = .filters(CAFilter.states(of: v))
        }
    }
}
