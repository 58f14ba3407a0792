import Foundation

/// A basic animation whose progress follows a damped spring instead of a timing function:
/// the solution of m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0 and x′(0) = initialVelocity, as
/// Apple documents CASpringAnimation. Progress overshoots 1 when the spring is underdamped.
open class CASpringAnimation: CABasicAnimation {
    /// Mass of the object on the spring (> 0).
    public var mass: CGFloat = 1
    /// Spring stiffness k (> 0).
    public var stiffness: CGFloat = 100
    /// Damping coefficient c (≥ 0).
    public var damping: CGFloat = 10
    /// Initial velocity, in units of the whole distance per second (positive: towards the target).
    /// The spring parameters are `CGFloat`, as in Apple's API (a `Double` converts implicitly).
    public var initialVelocity: CGFloat = 0
    /// Whether a spring damped beyond critical moves as an overdamped spring (iOS 17). Off by
    /// default, as on iOS: a damping above 2√(stiffness × mass) is then taken as exactly that,
    /// the critically damped spring — what SwiftUI's `Spring(…allowOverDamping:)` documents for
    /// its default, and what CASpringAnimation did before the property existed (RBBAnimation, a
    /// CASpringAnimation clone, added the same switch off by default "to behave like
    /// CASpringAnimation out of the box").
    public var allowsOverdamping = false
    /// The perceptual duration and bounce last given (`setSpring`), for review tools; kept only
    /// while mass, stiffness and damping are still the ones they set.
    var givenPerceptual: SpringParameters.Perceptual?

    public required init() {}

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity
        allowsOverdamping = o.allowsOverdamping; givenPerceptual = o.givenPerceptual
    }

    override func descriptionFields() -> [(String, String)] {
        super.descriptionFields()
            + [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity)]
            .map { ($0.0, DescriptionFormat.number(Double($0.1))) }
            + (allowsOverdamping ? [("allowsOverdamping", "true")] : [])
    }

    override func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        switch key {
        case "mass": KeyValue.setNumber(value, key) { mass = CGFloat($0) }
        case "stiffness": KeyValue.setNumber(value, key) { stiffness = CGFloat($0) }
        case "damping": KeyValue.setNumber(value, key) { damping = CGFloat($0) }
        case "initialVelocity": KeyValue.setNumber(value, key) { initialVelocity = CGFloat($0) }
        case "allowsOverdamping": KeyValue.setBool(value, key) { allowsOverdamping = $0 }
        case "settlingDuration", "perceptualDuration", "bounce":
            .mismatch("setValue(_:forKey: \"\(key)\"): the property is read-only")
        default: super.setProperty(value, forKey: key)
        }
    }

    override func property(forKey key: String) -> Any?? {
        switch key {
        case "mass": KeyValue.box(Double(mass))
        case "stiffness": KeyValue.box(Double(stiffness))
        case "damping": KeyValue.box(Double(damping))
        case "initialVelocity": KeyValue.box(Double(initialVelocity))
        case "allowsOverdamping": KeyValue.box(allowsOverdamping)
        case "settlingDuration": KeyValue.box(settlingDuration)
        case "perceptualDuration": KeyValue.box(perceptualDuration)
        case "bounce": KeyValue.box(Double(bounce))
        default: super.property(forKey: key)
        }
    }

    /// Seconds until the spring is at rest: from then on it stays within 0.05 % of the distance
    /// from its target (Apple gives ≈2.85 s for damping 5 and "just over 1 s" for 15; this
    /// criterion gives 3.00 s and 1.07 s).
    public var settlingDuration: Double { solver.settlingDuration }

    var solver: SpringSolver {
        let critical = 2 * (Double(stiffness) * Double(mass)).squareRoot()
        return SpringSolver(
            mass: mass, stiffness: stiffness, damping: allowsOverdamping ? damping : min(Double(damping), critical),
            initialVelocity: initialVelocity)
    }

    open override func validate() throws {
        try super.validate()
        guard mass > 0, stiffness > 0, damping >= 0, [mass, stiffness, damping, initialVelocity].allSatisfy(\.isFinite)
        else {
            throw AnimationError("a spring needs mass > 0, stiffness > 0 and damping ≥ 0")
        }
    }

    override func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        try validate()
        return CompiledAnimation(
            timing: timing, timingFunction: nil, removedOnCompletion: isRemovedOnCompletion,
            content: .spring(try spec(in: context), solver, parameters))
    }

    /// The parameters as written, for review tools.
    var parameters: SpringParameters {
        // The perceptual form counts only while mass, stiffness and damping are still its own.
        let perceptual = givenPerceptual.flatMap { p -> SpringParameters.Perceptual? in
            let q = Self.parameters(perceptualDuration: p.duration, bounce: p.bounce)
            return Double(mass) == 1 && Double(stiffness) == q.stiffness && Double(damping) == q.damping ? p : nil
        }
        return SpringParameters(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping,
            settlingDuration: settlingDuration, perceptual: perceptual)
    }
}

/// The closed-form damped harmonic oscillator (under-, critically and over-damped).
struct SpringSolver: Sendable, Hashable {
    let omega0: Double
    let zeta: Double
    let velocity: Double

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        omega0 = (stiffness / mass).squareRoot()
        zeta = damping / (2 * (stiffness * mass).squareRoot())
        velocity = initialVelocity
    }

    /// Displacement from the target at time t (−1 at t = 0).
    func displacement(at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (velocity - zeta * omega0) / wd
            return exp(-zeta * omega0 * t) * (-cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-omega0 * t) * (-1 + (velocity - omega0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
        // y = C1 e^{r1 t} + C2 e^{r2 t}, y(0) = −1, y′(0) = v.
        let c2 = (velocity + r1) / (r2 - r1), c1 = -1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Progress 0 → 1 (and beyond, while bouncing) at t seconds.
    func progress(at t: Double) -> Double { 1 + displacement(at: max(t, 0)) }

    /// The last time the spring is 0.05 % or more of the distance away from its target, on a
    /// 1 ms grid. The displacement never exceeds its decay envelope, so the last such time lies
    /// before the envelope drops below 0.05 %, and (for an oscillating spring) within a period of
    /// that — only that window is sampled, so this is cheap however slow the spring.
    var settlingDuration: Double {
        let epsilon = 5e-4, step = 1e-3, cap = 3600.0
        var upper: Double, lower = 0.0
        if zeta < 1 {
            let decay = zeta * omega0
            guard decay > 0 else { return cap }  // undamped: it never settles
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (velocity - decay) / wd
            // |−cos + b·sin| ≤ √(1 + b²): the envelope is that times e^(−ζω₀t).
            upper = log((1 + b * b).squareRoot() / epsilon) / decay
            lower = upper - 2 * Double.pi / wd - 1
        } else {
            // Non-oscillating: find where a bound on |y| falls below ε, by doubling.
            upper = 1
            while upper < cap, abs(displacement(at: upper)) >= epsilon || envelopeBound(at: upper) >= epsilon {
                upper *= 2
            }
        }
        upper = min(max(upper, 0), cap)
        var t = (max(lower, 0) / step).rounded(.down) * step
        var last = 0.0
        while t <= upper + step {
            if abs(displacement(at: t)) >= epsilon { last = t }
            t += step
        }
        return min(last, cap)
    }

    /// An upper bound of |displacement| from t on, for the non-oscillating springs.
    private func envelopeBound(at t: Double) -> Double {
        if zeta == 1 { return (1 + abs(velocity - omega0) * t) * exp(-omega0 * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
        let c2 = (velocity + r1) / (r2 - r1), c1 = -1 - c2
        return (abs(c1) + abs(c2)) * exp(r1 * t)
    }
}
