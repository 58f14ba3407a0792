import Foundation

/// What an animation needs to know about the moment it is added.
protocol AnimationCompileContext {
    /// The presentation value of `path` just before the current transaction (the "previous"
    /// value of an animation with no from/to/by, and the start of implicit animations).
    func previousValue(_ path: LayerKeyPath) -> AnimatableValue
}

/// An animation of one key path with resolved values.
struct PropertyAnimationSpec: Sendable {
    var keyPath: LayerKeyPath
    var from: AnimatableValue?
    var to: AnimatableValue?
    var by: AnimatableValue?
    /// The presentation value before the change, for the "none" row of the table.
    var previous: AnimatableValue
    var additive: Bool
    var cumulative: Bool

    /// Start and end values per seed 001's table; `current` is the model value now.
    func endpoints(current: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        switch (from, to, by) {
        case let (f?, t?, _): (f, t)
        case let (f?, nil, b?): (f, f.adding(b))
        case let (nil, t?, b?): (t.subtracting(b), t)
        case let (f?, nil, nil): (f, current)
        case let (nil, t?, nil): (current, t)
        case let (nil, nil, b?): (current, current.adding(b))
        case (nil, nil, nil): (previous, current)
        }
    }
}

/// The immutable form of an added animation: absolute times resolved, values checked.
/// Evaluating it is a pure function of (model, local time), safe on any thread.
public struct CompiledAnimation: Sendable {
    /// Timing with `beginTime` in the layer's local time and the duration filled in.
    var timing: MediaTiming
    var timingFunction: CAMediaTimingFunction?
    var removedOnCompletion: Bool
    var content: Content

    enum Content: Sendable {
        case basic(PropertyAnimationSpec)
    }

    /// The key paths this animation writes (what `inspect` and transitions care about).
    var keyPaths: [LayerKeyPath] {
        switch content {
        case .basic(let spec): [spec.keyPath]
        }
    }

    /// Applies the animation to `state` (the presentation so far) at the layer's local time.
    /// `model` is the layer's model state at that time ("current" in the value table).
    func apply(to state: inout LayerState, model: LayerState, localTime: Double) {
        guard let sample = TimingEvaluator.sample(timing, parentTime: localTime) else { return }
        let progress = timingFunction?.progress(at: sample.fraction) ?? sample.fraction
        switch content {
        case .basic(let spec):
            let current = spec.keyPath.get(model)
            let (a, b) = spec.endpoints(current: current)
            var value = a.interpolated(to: b, fraction: progress)
            if spec.cumulative, sample.iteration > 0 {
                value = value.adding(b.subtracting(a).scaled(by: Double(sample.iteration)))
            }
            if spec.additive {
                value = spec.keyPath.get(state).adding(value)
            }
            spec.keyPath.set(&state, value)
        }
    }
}
