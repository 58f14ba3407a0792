import Foundation

/// A basic (or spring) animation of one key path with resolved values.
struct PropertyAnimationSpec: Sendable {
    var keyPath: LayerKeyPath
    var from: AnimatableValue?
    var to: AnimatableValue?
    var by: AnimatableValue?
    /// The presentation value before the change, for the "none" row of the table.
    var previous: AnimatableValue
    var additive: Bool
    var cumulative: Bool
    /// Turns the interpolated number(s) into a transform (`CAValueFunction`).
    var valueFunction: CAValueFunctionName?

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

    func apply(progress: Double, iteration: Int, to state: inout LayerState, model: LayerState) {
        let current = valueFunction.map { $0.identity } ?? keyPath.get(model)
        let (a, b) = endpoints(current: current)
        var value = a.interpolated(to: b, fraction: progress)
        if cumulative, iteration > 0 {
            value = value.adding(b.subtracting(a).scaled(by: Double(iteration)))
        }
        if let valueFunction {
            value = .transform(valueFunction.transform(for: value))
        }
        if additive {
            value = keyPath.get(state).adding(value)
        }
        keyPath.set(&state, value)
    }
}
