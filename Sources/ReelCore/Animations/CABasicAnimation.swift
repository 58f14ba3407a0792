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
/// Values may be numbers (`Double`, `CGFloat`, `Int`, `Float`), `CGPoint`, `CGSize`, `CGRect`,
/// `CGColor`, `CATransform3D`, `Bool`, or `AnimatableValue`, matching the key path.
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

    override func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        let path = try resolvedKeyPath()
        func convert(_ v: Any?, _ label: String) throws -> AnimatableValue? {
            guard let v else { return nil }
            guard let value = AnimatableValue(any: v, as: path.kind) else {
                throw AnimationError("\(label) for '\(path)' must be \(path.kind.noun), not \(type(of: v))")
            }
            return value
        }
        let spec = PropertyAnimationSpec(
            keyPath: path,
            from: try convert(fromValue, "fromValue"),
            to: try convert(toValue, "toValue"),
            by: try convert(byValue, "byValue"),
            previous: context.previousValue(path),
            additive: isAdditive, cumulative: isCumulative)
        return CompiledAnimation(timing: timing, timingFunction: timingFunction,
                                 removedOnCompletion: isRemovedOnCompletion, content: .basic(spec))
    }
}

extension AnimatableValue {
    /// Converts a Swift value as Core Animation code passes it (`NSNumber`-like numbers,
    /// `NSValue`-like geometry) to the kind a key path needs; nil when it does not fit.
    public init?(any value: Any, as kind: ValueKind) {
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
        }
    }
}
