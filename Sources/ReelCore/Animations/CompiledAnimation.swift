import Foundation

/// What an animation needs to know about the moment it is added.
protocol AnimationCompileContext {
    /// The presentation value of `path` just before the current transaction (the "previous"
    /// value of an animation with no from/to/by, and the start of implicit animations).
    func previousValue(_ path: LayerKeyPath) -> AnimatableValue
}

/// The immutable form of an added animation: absolute times resolved, values checked.
/// Evaluating it is a pure function of (model, local time), safe on any thread.
public struct CompiledAnimation: Sendable {
    /// Timing with `beginTime` in the parent's time (the layer's, or the group's) and the
    /// duration filled in.
    var timing: MediaTiming
    var timingFunction: CAMediaTimingFunction?
    var removedOnCompletion: Bool
    var content: Content

    indirect enum Content: Sendable {
        case basic(PropertyAnimationSpec)
        case spring(PropertyAnimationSpec, SpringSolver, SpringParameters)
        case keyframe(KeyframeSpec)
        /// Children run in the group's time; the group's active period clips them.
        case group([CompiledAnimation])
        /// Changes no property: the renderer blends old and new appearances.
        case transition(TransitionSpec)
    }

    /// The key paths this animation writes.
    var keyPaths: [LayerKeyPath] {
        switch content {
        case .basic(let spec): [spec.keyPath]
        case .spring(let spec, _, _): [spec.keyPath]
        case .keyframe(let spec): [spec.keyPath]
        case .group(let children): children.flatMap(\.keyPaths)
        case .transition: []
        }
    }

    /// Applies the animation to `state` (the presentation so far) at its parent's time.
    /// `model` is the layer's model state at that time ("current" in the value table).
    /// `frozenParent`: the parent group is held at its end by its fill, so a child that ends
    /// exactly there shows its end (iOS's recipe of a group with `fillMode = .forwards` holds its
    /// children's end values without fills of their own).
    func apply(to state: inout LayerState, model: LayerState, localTime: Double, frozenParent: Bool = false) {
        guard let sample = TimingEvaluator.sample(timing, parentTime: localTime, endInclusive: frozenParent) else {
            return
        }
        switch content {
        case .basic(let spec):
            spec.apply(progress: eased(sample.fraction), iteration: sample.iteration, to: &state, model: model)
        case .spring(let spec, let spring, _):
            // The spring's own motion replaces the timing function: progress from elapsed seconds.
            spec.apply(
                progress: spring.progress(at: sample.fraction * timing.duration), iteration: sample.iteration,
                to: &state, model: model)
        case .keyframe(let spec):
            spec.apply(progress: eased(sample.fraction), iteration: sample.iteration, to: &state, model: model)
        case .group(let children):
            let clock = childClock(sample)
            for child in children {
                child.apply(to: &state, model: model, localTime: clock.time, frozenParent: clock.frozen)
            }
        case .transition:
            break
        }
    }

    /// A group's children's clock for the group's sample: its eased fraction in seconds, frozen
    /// once the group has ended and holds by its fill.
    func childClock(_ sample: TimingSample) -> (time: Double, frozen: Bool) {
        (eased(sample.fraction) * timing.duration, sample.phase == .after)
    }

    /// The animation's timing function applied to a fraction of its duration (linear without one).
    func eased(_ fraction: Double) -> Double { timingFunction?.progress(at: fraction) ?? fraction }

    /// For a transition: where the effect is at the layer's local time, or nil when it shows nothing.
    func transitionState(localTime: Double) -> TransitionState? {
        guard case .transition(let spec) = content, let old = spec.old,
            let sample = TimingEvaluator.sample(timing, parentTime: localTime)
        else { return nil }
        let progress = spec.startProgress + (spec.endProgress - spec.startProgress) * eased(sample.fraction)
        return TransitionState(type: spec.type, subtype: spec.subtype, progress: min(max(progress, 0), 1), old: old)
    }
}
