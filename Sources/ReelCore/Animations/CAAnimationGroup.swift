import Foundation

/// Runs several animations together in the group's time: children's beginTimes are relative to
/// the group, a child with duration 0 takes the group's duration, and the group's duration clips
/// them (a 10 s child in a 5 s group shows its first 5 s). Only the group's delegate is called.
open class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?

    public required init() {}

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        animations = o.animations?.map { $0.copy() }
    }

    override func descriptionFields() -> [(String, String)] {
        let children = (animations ?? []).map {
            "\(type(of: $0))" + (($0 as? CAPropertyAnimation)?.keyPath.map { " \($0)" } ?? "")
        }
        return [("animations", "(" + children.joined(separator: ", ") + ")")] + super.descriptionFields()
    }

    override func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        guard key == "animations" else { return super.setProperty(value, forKey: key) }
        return KeyValue.setOptional(value, key, as: [CAAnimation].self, expected: "an array of CAAnimation") {
            animations = $0
        }
    }

    override func property(forKey key: String) -> Any?? {
        key == "animations" ? .some(animations) : super.property(forKey: key)
    }

    open override func validate() throws {
        try super.validate()
        for (index, child) in (animations ?? []).enumerated() {
            do { try child.validate() } catch let error as AnimationError {
                throw AnimationError("animations[\(index)]: \(error.description)")
            }
        }
    }

    override func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        let children = try (animations ?? []).enumerated().map { index, child -> CompiledAnimation in
            let c = child.copy()
            if c.duration <= 0 || !c.duration.isFinite { c.duration = duration }
            do {
                return try c.checkedCompile(in: context)
            } catch let error as AnimationError {
                throw AnimationError("animations[\(index)]: \(error.description)")
            }
        }
        return CompiledAnimation(
            timing: timing, timingFunction: timingFunction,
            removedOnCompletion: isRemovedOnCompletion, content: .group(children))
    }
}
