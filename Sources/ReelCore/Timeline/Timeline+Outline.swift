import Foundation

/// A layer of the compiled timeline as review tools (timing diagrams, value plots) list it: where
/// it sits in the tree and every animation ever attached to it.
public struct LayerOutlineEntry: Sendable {
    /// The layer's index in the timeline (for `Timeline.layerLocalTimes(at:)`).
    public let id: Int
    public let name: String?
    public let kind: LayerKind
    /// 0 for the root, 1 for its sublayers, …
    public let depth: Int
    /// The layer is its parent's mask, not a sublayer.
    public let isMask: Bool
    /// Every animation attached at some time, in the order they were added.
    public let animations: [AttachedAnimation]
}

/// An animation attached to a layer for `addedAt ..< removedAt` of scene time.
public struct AttachedAnimation: Sendable {
    /// The key it was added under (nil without one; implicit animations use the property's name).
    public let key: String?
    /// Made by a model change rather than `add(_:forKey:)`.
    public let isImplicit: Bool
    /// Scene time it was added.
    public let addedAt: Double
    /// Scene time it was removed (on completion, replaced or removed by key); `.infinity` if never.
    public let removedAt: Double
    /// Its compiled timing and content.
    public let track: AnimationTrack
}

/// A read-only view of a compiled animation. Its times are in its parent's time space (the
/// layer's local time, or for a group's children the group's clock); every question about them
/// is answered by `TimingEvaluator`, as drawing answers them.
public struct AnimationTrack: Sendable {
    let animation: CompiledAnimation

    /// What the animation is.
    public enum Kind: String, Sendable {
        case basic, spring, keyframe, group, transition
    }

    /// Timing with `beginTime` in the parent's time and the duration filled in.
    public var timing: MediaTiming { animation.timing }
    public var timingFunction: CAMediaTimingFunction? { animation.timingFunction }
    public var removedOnCompletion: Bool { animation.removedOnCompletion }

    public var kind: Kind {
        switch animation.content {
        case .basic: .basic
        case .spring: .spring
        case .keyframe: .keyframe
        case .group: .group
        case .transition: .transition
        }
    }

    /// The key paths it writes (its own; a group's are its children's), as written in scenes.
    public var keyPaths: [String] { animation.keyPaths.map(\.description) }

    /// A group's animations (empty for others).
    public var children: [AnimationTrack] {
        guard case .group(let children) = animation.content else { return [] }
        return children.map(AnimationTrack.init)
    }

    /// A transition's type and subtype (`push fromLeft`), nil for other animations.
    public var transitionName: String? {
        guard case .transition(let spec) = animation.content else { return nil }
        return spec.subtype.rawValue.isEmpty ? spec.type.rawValue : "\(spec.type.rawValue) \(spec.subtype.rawValue)"
    }

    /// A spring's parameters as written, nil for other animations.
    public var spring: SpringParameters? {
        guard case .spring(_, _, let parameters) = animation.content else { return nil }
        return parameters
    }

    /// A keyframe animation's key times (fractions of its duration where each value is reached),
    /// nil for others.
    public var keyTimes: [Double]? {
        guard case .keyframe(let spec) = animation.content else { return nil }
        switch spec.track {
        case .values(let t): return t.times
        case .path(let t): return t.times
        }
    }

    /// The timing at `parentTime` (nil: no effect then), exactly as drawing evaluates it.
    public func sample(parentTime: Double, endInclusive: Bool = false) -> TimingSample? {
        TimingEvaluator.sample(animation.timing, parentTime: parentTime, endInclusive: endInclusive)
    }

    /// True in the backward half of an autoreversing cycle.
    public func isReversing(parentTime: Double, endInclusive: Bool = false) -> Bool {
        TimingEvaluator.isReversing(animation.timing, parentTime: parentTime, endInclusive: endInclusive)
    }

    /// A group's children's clock at `parentTime` (nil when the group has no effect then), and
    /// whether it is frozen at the group's end.
    public func childClock(parentTime: Double, endInclusive: Bool = false) -> (time: Double, frozen: Bool)? {
        guard case .group = animation.content, let sample = sample(parentTime: parentTime, endInclusive: endInclusive)
        else { return nil }
        return animation.childClock(sample)
    }

    /// How far the value has gone from start (0) to end (1) for a sample: the timing function
    /// (a spring's own motion; a keyframe animation's key times and per-segment functions, as
    /// keyframe index over count − 1) applied to its fraction. May leave 0…1 (overshoot).
    public func progress(of sample: TimingSample) -> Double {
        let f = sample.fraction
        switch animation.content {
        case .basic, .group: return animation.eased(f)
        case .spring(_, let spring, _): return spring.progress(at: f * animation.timing.duration)
        case .transition(let spec):
            return spec.startProgress + (spec.endProgress - spec.startProgress) * animation.eased(f)
        case .keyframe(let spec):
            let eased = animation.eased(f)
            guard case .values(let track) = spec.track, track.values.count > 1 else { return eased }
            let last = Double(track.values.count - 1)
            if track.mode == .discrete {
                return Double(track.times.indices.last { track.times[$0] <= eased } ?? 0) / last
            }
            guard let (i, u) = track.locate(eased) else { return eased }
            return (Double(i) + u) / last
        }
    }
}

extension Timeline {
    /// Every layer that is ever in the tree, depth first from the root: sublayers back to front,
    /// then the mask. A layer inserted later comes where it first appeared under its first parent.
    public var layerOutline: [LayerOutlineEntry] {
        var children = [[(id: Int, isMask: Bool)]](repeating: [], count: layers.count)
        var placed = Set<Int>([rootID])
        for (parent, layer) in layers.enumerated() {
            for snapshot in layer.snapshots {
                for child in snapshot.sublayers where placed.insert(child).inserted {
                    children[parent].append((child, false))
                }
                if let mask = snapshot.mask, placed.insert(mask).inserted { children[parent].append((mask, true)) }
            }
        }
        var result: [LayerOutlineEntry] = []
        func visit(_ id: Int, depth: Int, isMask: Bool) {
            let layer = layers[id]
            result.append(
                LayerOutlineEntry(
                    id: id, name: layer.name, kind: layer.kind, depth: depth, isMask: isMask,
                    animations: layer.attachmentList.map {
                        AttachedAnimation(
                            key: $0.key, isImplicit: $0.isImplicit, addedAt: $0.addedAt, removedAt: $0.removedAt,
                            track: AnimationTrack(animation: $0.animation))
                    }))
            // Sublayers before the mask, each in the order it first appeared.
            for child in children[id].filter({ !$0.isMask }) + children[id].filter(\.isMask) {
                visit(child.id, depth: depth + 1, isMask: child.isMask)
            }
        }
        visit(rootID, depth: 0, isMask: false)
        return result
    }

    /// Every layer's local time (its animations' time space) at scene time `t`, by layer index,
    /// for the layers in the tree then — the times `presentation(at:)` evaluates them at.
    public func layerLocalTimes(at t: Double) -> [Int: Double] {
        var times: [Int: Double] = [:]
        func visit(_ id: Int, parentTime: Double) {
            guard times[id] == nil else { return }
            let snapshot = layers[id].snapshot(at: t)
            let local = snapshot.state.localTime(parentTime: parentTime)
            times[id] = local
            for child in snapshot.sublayers { visit(child, parentTime: local) }
            if let mask = snapshot.mask { visit(mask, parentTime: local) }
        }
        visit(rootID, parentTime: t)
        return times
    }
}
