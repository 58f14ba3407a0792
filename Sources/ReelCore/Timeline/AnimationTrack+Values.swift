import Foundation

extension AnimationTrack {
    /// The values it was given, by their Core Animation names: `fromValue`, `toValue`, `byValue`
    /// (basic and spring animations), `values` and `keyTimes` (keyframe animations); for review
    /// tools that compare two versions of an animation. Keyframe paths are left out.
    public var writtenValues: [(name: String, values: [AnimatableValue])] {
        switch animation.content {
        case .basic(let spec), .spring(let spec, _, _):
            return [("fromValue", spec.from), ("toValue", spec.to), ("byValue", spec.by)].compactMap { name, value in
                value.map { (name, [$0]) }
            }
        case .keyframe(let spec):
            guard case .values(let track) = spec.track else { return [] }
            return [("values", track.values), ("keyTimes", track.times.map(AnimatableValue.number))]
        case .group, .transition:
            return []
        }
    }
}
