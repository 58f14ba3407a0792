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

    open override func validate() throws {
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
                return try c.compiled(in: context)
            } catch let error as AnimationError {
                throw AnimationError("animations[\(index)]: \(error.description)")
            }
        }
        return CompiledAnimation(timing: timing, timingFunction: timingFunction,
                                 removedOnCompletion: isRemovedOnCompletion, content: .group(children))
    }
}
