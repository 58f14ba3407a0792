import Foundation

/// A compiled scene: every layer's model history and every animation with resolved times.
/// `presentation(at:)` is a pure, thread-safe function of the time, so frames can be evaluated
/// in any order, on any thread (compile once, evaluate many).
public struct Timeline: Sendable {
    /// The canvas the scene was made for.
    public let canvas: Canvas
    /// Layers by ID (an index); the root is `rootID`.
    let layers: [CompiledLayer]
    /// The root layer's ID.
    let rootID: Int
    /// animationDidStart / animationDidStop events of explicitly added animations, in time order.
    public let events: [AnimationEvent]
    /// The outermost transactions that changed the model or added animations, in time order.
    public let transactions: [TransactionRecord]

    init(
        canvas: Canvas, layers: [CompiledLayer], rootID: Int, events: [AnimationEvent],
        transactions: [TransactionRecord] = []
    ) {
        self.canvas = canvas
        self.layers = layers
        self.rootID = rootID
        self.events = events
        self.transactions = transactions
    }

    /// The same timeline drawn on another canvas: a different frame rate or pixel scale.
    /// (The duration stays: events were resolved up to it.)
    public func with(canvas newCanvas: Canvas) -> Timeline {
        var c = newCanvas
        c.duration = canvas.duration
        return Timeline(canvas: c, layers: layers, rootID: rootID, events: events, transactions: transactions)
    }

    /// The names of all layers that ever exist in the scene.
    public var layerNames: [String] { layers.compactMap(\.name) }

    /// The presentation tree at scene time `t`: model values with every active animation applied.
    public func presentation(at t: Double) -> PresentationLayer {
        presentation(of: rootID, sceneTime: t, parentTime: t, parentClock: nil, budget: LayerBudget())
    }

    /// The presentation tree at `t` as a frame draws it: `presentation(at:)`, except that a layer
    /// hidden or fully transparent then keeps no sublayers, mask nor particles. Nothing of such a
    /// layer is drawn, so they are not evaluated: a Lottie's layers outside their in–out frames
    /// (whole precomps among them) are hidden, and were most of the evaluation.
    public func drawnPresentation(at t: Double) -> PresentationLayer {
        presentation(of: rootID, sceneTime: t, parentTime: t, parentClock: nil, budget: LayerBudget(drawing: true))
    }

    /// Most presentation layers one tree holds. Replicators multiply their sublayers, and
    /// replicators inside replicators multiply again (10⁴ × 10⁴ copies hung the renderer); scene
    /// files are held to `SceneLimits.maxDrawnLayers` when decoded, and this bounds what the Swift
    /// API or an animated instanceCount can reach. Beyond it, copies are not built.
    public static let maxPresentationLayers = 200_000

    /// Layers left to build in one presentation tree (shared by its recursion).
    final class LayerBudget {
        var remaining: Int
        /// The tree is for drawing: what an invisible layer holds is left out.
        let drawing: Bool
        init(limit: Int = Timeline.maxPresentationLayers, drawing: Bool = false) {
            remaining = limit
            self.drawing = drawing
        }
    }

    /// The presentation of the layer named `name` at `t` (with its subtree), if it is in the tree then.
    public func presentation(at t: Double, layerNamed name: String) -> PresentationLayer? {
        presentation(at: t).first { $0.name == name }
    }

    /// `parentClock`: the parent's time against scene time (nil: the same), so an emitter can
    /// find its state at earlier times of its own.
    func presentation(
        of id: Int, sceneTime t: Double, parentTime: Double, parentClock: LayerClock?, budget: LayerBudget
    ) -> PresentationLayer {
        // One level of the recursion over sublayers and masks: deep trees move to fresh stacks.
        DeepStack.level {
            presentationLevel(of: id, sceneTime: t, parentTime: parentTime, parentClock: parentClock, budget: budget)
        }
    }

    private func presentationLevel(
        of id: Int, sceneTime t: Double, parentTime: Double, parentClock: LayerClock?,
        budget: LayerBudget
    ) -> PresentationLayer {
        budget.remaining -= 1
        let layer = layers[id]
        let snapshot = layer.snapshot(at: t)
        let local = snapshot.state.localTime(parentTime: parentTime)
        let s0 = snapshot.state
        let clock = LayerClock.chain(parentClock, s0)
        var state = snapshot.state
        var keys: [String] = []
        // Zero or one, as arrays: a nil TransitionState? or PresentationLayer? is zeroed in full.
        var transitions: [TransitionState] = []
        for attachment in layer.attachments(activeAt: t) {
            attachment.animation.apply(to: &state, model: snapshot.state, localTime: local)
            if let key = attachment.key { keys.append(key) }
            if let effect = attachment.animation.transitionState(localTime: local) { transitions = [effect] }
        }
        let unseen = budget.drawing && (state.isHidden || state.opacity <= 0)
        let children =
            unseen
            ? []
            : snapshot.sublayers.map {
                presentation(of: $0, sceneTime: t, parentTime: local, parentClock: clock, budget: budget)
            }
        let masks =
            unseen
            ? []
            : snapshot.mask.map {
                [presentation(of: $0, sceneTime: t, parentTime: local, parentClock: clock, budget: budget)]
            } ?? []
        // A replicator's copies show its sublayers `instanceDelay` seconds apart in time.
        var instances: [[PresentationLayer]] = []
        if layer.kind == .replicator, !unseen, state.instanceDelay != 0, state.instanceCount > 1 {
            // Copies beyond the budget are not built; they are drawn undelayed (ReplicatorDrawing).
            for i in 1..<state.instanceCount where budget.remaining > 0 {
                let shifted = local - Double(i) * state.instanceDelay
                let delayed = LayerClock.chain(
                    clock, beginTime: 0, speed: 1, timeOffset: -Double(i) * state.instanceDelay)
                instances.append(
                    snapshot.sublayers.map {
                        presentation(of: $0, sceneTime: t, parentTime: shifted, parentClock: delayed, budget: budget)
                    })
            }
        }
        let particles =
            layer.kind == .emitter && !unseen
            ? emitterFrame(of: layer, state: state, sceneTime: t, localTime: local, clock: clock) : nil
        return PresentationLayer(
            name: layer.name, kind: layer.kind, model: snapshot.state, state: state, localTime: local,
            animationKeys: keys, sublayers: children, masks: masks, delayedInstances: instances,
            transitions: transitions, particles: particles)
    }

    /// An emitter's particles now. Its state at earlier layer times comes from its own history
    /// (model snapshots and animations), mapped back to scene time through its clock — never
    /// through the frame's own time, so a particle's birth is the same in every frame. It emits
    /// from its local time 0, or from when it was inserted if later (so a negative beginTime or a
    /// timeOffset starts the scene with particles already in flight).
    private func emitterFrame(
        of layer: CompiledLayer, state: LayerState, sceneTime t: Double, localTime local: Double,
        clock: LayerClock?
    ) -> EmitterFrame {
        let inserted = layer.snapshotTimes.first ?? 0
        let start = inserted > 0 ? max(0, clock?.localTime(atSceneTime: inserted) ?? inserted) : 0
        // A paused clock (speed 0 somewhere) has no earlier times: its particles are frozen at now.
        let sceneTime = { (tau: Double) in clock == nil ? tau : clock!.sceneTime(atLocalTime: tau) ?? t }
        let history: (Double) -> LayerState = { tau in
            let sceneTime = sceneTime(tau)
            let snapshot = layer.snapshot(at: sceneTime)
            let active = layer.attachments(activeAt: sceneTime)
            guard !active.isEmpty else { return snapshot.state }
            var s = snapshot.state
            for attachment in active { attachment.animation.apply(to: &s, model: snapshot.state, localTime: tau) }
            return s
        }
        // The state now holds all through [a, b] when one model snapshot covers it and now, and
        // no animation is attached at any moment of that.
        let isConstant: (Double, Double) -> Bool = { a, b in
            let lo = min(sceneTime(a), sceneTime(b), t), hi = max(sceneTime(a), sceneTime(b), t)
            guard layer.snapshotIndex(at: lo) == layer.snapshotIndex(at: hi) else { return false }
            return !layer.attachmentList.contains { $0.addedAt <= hi && $0.removedAt > lo }
        }
        return ParticleSystem.frame(at: local, since: start, current: state, history: history, isConstant: isConstant)
    }
}

/// One animation event as a delegate receives it.
public struct AnimationEvent: Hashable, Sendable {
    public enum Kind: String, Sendable { case didStart, didStop }
    /// Scene time of the event.
    public var time: Double
    /// The layer's name (nil for an unnamed layer).
    public var layer: String?
    /// The key the animation was added under (nil when added without a key).
    public var key: String?
    public var kind: Kind
    /// For didStop: true when it ran to its end, false when removed or replaced early.
    public var finished: Bool?
    /// For a spring's didStart: its `settlingDuration` (seconds until it is at rest).
    public var settlingDuration: Double? = nil
}

/// A layer of the presentation tree: what is drawn and what `inspect` reports.
public struct PresentationLayer: Sendable {
    public let name: String?
    /// The layer's class.
    public let kind: LayerKind
    /// "CALayer", "CAShapeLayer", …
    public var className: String { kind.rawValue }
    /// The model values at this time.
    public let model: LayerState
    /// The presentation values (model + animations).
    public let state: LayerState
    /// The layer's local time (its animations' time space).
    public let localTime: Double
    /// Keys of the animations attached now, in the order they apply.
    public let animationKeys: [String]
    /// Sublayers back to front (not yet sorted by zPosition).
    public let sublayers: [PresentationLayer]
    private let maskBox: [PresentationLayer]
    /// The mask layer, in this layer's coordinate space.
    public var mask: PresentationLayer? { maskBox.first }
    /// Whether the layer has a mask: `mask != nil` without copying the mask out of its box
    /// (profiled, the copies were most of comparing motion blur's sub-frame trees).
    public var hasMask: Bool { !maskBox.isEmpty }
    /// For a replicator with an instanceDelay: the sublayers of instances 1, 2, … evaluated that
    /// much earlier (instance 0 is `sublayers`). Empty when every instance looks the same.
    public let delayedInstances: [[PresentationLayer]]
    private let transitionBox: [TransitionState]
    /// A transition under way on this layer: the renderer blends its old and new appearance.
    public var transition: TransitionState? { transitionBox.first }
    /// Whether a transition is under way: `transition != nil` without copying it out.
    public var hasTransition: Bool { !transitionBox.isEmpty }
    private let particlesBox: [EmitterFrame]
    /// An emitter's particles at this moment (nil for other layers).
    public var particles: EmitterFrame? { particlesBox.first }

    public init(
        name: String?, kind: LayerKind, model: LayerState, state: LayerState, localTime: Double,
        animationKeys: [String], sublayers: [PresentationLayer], mask: PresentationLayer? = nil,
        delayedInstances: [[PresentationLayer]] = [], transition: TransitionState? = nil,
        particles: EmitterFrame? = nil
    ) {
        self.init(
            name: name, kind: kind, model: model, state: state, localTime: localTime, animationKeys: animationKeys,
            sublayers: sublayers, masks: mask.map { [$0] } ?? [], delayedInstances: delayedInstances,
            transitions: transition.map { [$0] } ?? [], particles: particles)
    }

    /// The mask and transition as zero or one element: what the timeline builds every layer
    /// with (profiled, passing nil optionals zeroed a transition's whole layer each time).
    init(
        name: String?, kind: LayerKind, model: LayerState, state: LayerState, localTime: Double,
        animationKeys: [String], sublayers: [PresentationLayer], masks: [PresentationLayer],
        delayedInstances: [[PresentationLayer]], transitions: [TransitionState], particles: EmitterFrame?
    ) {
        self.name = name
        self.kind = kind
        self.model = model
        self.state = state
        self.localTime = localTime
        self.animationKeys = animationKeys
        self.sublayers = sublayers
        self.maskBox = masks
        self.delayedInstances = delayedInstances
        self.transitionBox = transitions
        self.particlesBox = particles.map { [$0] } ?? []
    }

    /// The same layer with other presentation values (`state`), everything else kept.
    public func with(state: LayerState) -> PresentationLayer {
        PresentationLayer(
            name: name, kind: kind, model: model, state: state, localTime: localTime, animationKeys: animationKeys,
            sublayers: sublayers, mask: mask, delayedInstances: delayedInstances, transition: transition,
            particles: particles)
    }

    /// The same layer without its transition (the new appearance alone).
    public var withoutTransition: PresentationLayer {
        PresentationLayer(
            name: name, kind: kind, model: model, state: state, localTime: localTime, animationKeys: animationKeys,
            sublayers: sublayers, mask: mask, delayedInstances: delayedInstances, particles: particles)
    }

    /// Depth-first search of this subtree (masks included).
    public func first(where predicate: (PresentationLayer) -> Bool) -> PresentationLayer? {
        if predicate(self) { return self }
        if let found = mask?.first(where: predicate) { return found }
        for child in sublayers {
            if let found = child.first(where: predicate) { return found }
        }
        return nil
    }
}

/// A layer's compiled history.
struct CompiledLayer: Sendable {
    let name: String?
    let kind: LayerKind
    /// Model snapshots, ordered by time; the model at t is the last snapshot at or before t.
    let snapshotTimes: [Double]
    let snapshots: [LayerSnapshot]
    /// Animations attached to the layer at some time, in the order they were added.
    let attachmentList: [Attachment]
    let index: IntervalIndex

    init(name: String?, kind: LayerKind, snapshotTimes: [Double], snapshots: [LayerSnapshot], attachments: [Attachment])
    {
        self.name = name
        self.kind = kind
        self.snapshotTimes = snapshotTimes
        self.snapshots = snapshots
        self.attachmentList = attachments
        self.index = IntervalIndex(attachments.map { ($0.addedAt, $0.removedAt) })
    }

    /// The model at time t (the first snapshot if t is before everything).
    func snapshot(at t: Double) -> LayerSnapshot { snapshots[snapshotIndex(at: t)] }

    /// The index of the snapshot in force at t.
    func snapshotIndex(at t: Double) -> Int {
        // Binary search for the last time ≤ t.
        var lo = 0, hi = snapshotTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if snapshotTimes[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }

    /// Attachments with addedAt ≤ t < removedAt, in the order they were added.
    func attachments(activeAt t: Double) -> [Attachment] {
        index.indices(containing: t).map { attachmentList[$0] }
    }
}

/// A layer's model at one moment.
struct LayerSnapshot: Sendable {
    var state: LayerState
    var sublayers: [Int]
    var mask: Int? = nil
}

/// An animation attached to a layer for the interval [addedAt, removedAt) of scene time.
struct Attachment: Sendable {
    var key: String?
    /// Made by a model change (an implicit animation), not added with `add(_:forKey:)`.
    var isImplicit = false
    var animation: CompiledAnimation
    var addedAt: Double
    var removedAt: Double
}
