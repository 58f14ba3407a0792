import Foundation

/// Runs a scene's timeline once, as a discrete-event simulation in scene-time order, and records
/// everything history-dependent: model snapshots, animation attachments with their add/remove
/// times, delegate events. The result, a `Timeline`, is then evaluated purely per frame.
///
/// ```
/// queue: (time, seq) ──▶ entry closure │ didStart │ didStop │ completion block
///            ▲                 │ model changes → snapshots, implicit animations
///            └── schedules ────┘ added animations → their start/stop events
/// ```
/// Every callback runs inside a transaction with `CACurrentMediaTime() == now`. A change of layer
/// timing (pause/resume) or of the tree reschedules pending events, so event times stay exact.
final class TimelineCompiler: @unchecked Sendable {
    // @unchecked: a compiler lives on the thread that calls `Scene.compile()`; the task-local only
    // makes it reachable from the API calls that closure makes, on that same thread.
    @TaskLocal static var current: TimelineCompiler?

    /// The most events one compile may process: a handler that re-adds a near-zero-length
    /// animation forever is stopped with an error instead of hanging.
    static let eventLimit = 2_000_000

    /// Set by `Scene.refuseCompiling(_:line:column:)`: the compile stops with this error.
    var refusal: TimelineError?

    let scene: Scene
    private(set) var now: Double = 0

    // MARK: Layers
    var ids: [ObjectIdentifier: Int] = [:]
    var objects: [CALayer] = []
    var snapshotTimes: [[Double]] = []
    var snapshots: [[LayerSnapshot]] = []
    /// Every layer the run has changed, as it was before (`willMutate`), restored at the end.
    var restoreOrder: [LayerRestorePoint] = []
    var restorePoints: [ObjectIdentifier: Int] = [:]
    /// Layers in the rendered tree, with the transaction number in which they joined it.
    var onScreenSince: [Int: Int] = [:]

    // MARK: Animations
    var attachments: [LiveAttachment] = []
    /// Per layer, the attachments still on it (in the order added). Removed ones leave this list,
    /// so compiling stays linear in the length of the timeline.
    var layerAttachments: [[Int]] = []
    var queue = EventQueue<Event>()
    var events: [AnimationEvent] = []
    var completionWaits: [(remaining: Set<Int>, block: () -> Void)] = []

    // MARK: Transactions
    var transactionStack: [TransactionSettings] = []
    var transactionNumber = 0
    /// What runs the current outermost transaction, and the first attachment it added.
    var transactionCause: TransactionRecord.Cause = .initial
    var transactionFirstAttachment = 0
    /// The outermost transactions that changed something (`Timeline.transactions`).
    var transactions: [TransactionRecord] = []
    /// Model states and sublayers at the start of the current outermost transaction, for layers it
    /// changed (implicit animations start from them; transitions freeze them as the old appearance).
    var beforeTransactionSnapshots: [Int: LayerSnapshot] = [:]
    /// Transitions added in the current outermost transaction (their old appearance is frozen at commit).
    var pendingTransitions: [Int] = []

    var errors: [String] = []

    // MARK: Display
    /// Layers marked by `setNeedsDisplay()`, displayed when the outermost transaction commits.
    var pendingDisplay: [CALayer] = []

    enum Event {
        case entry(Int)
        case didStart(attachment: Int, generation: Int)
        case didStop(attachment: Int, generation: Int)
        /// A didStop caused by removal; the delegate hears of it after the transaction, as in Core Animation.
        case removed(attachment: Int)
        case completion(() -> Void)
    }

    init(scene: Scene) {
        self.scene = scene
    }

    // MARK: - Running

    func run() throws -> Timeline {
        let root = scene.rootLayer
        // The initial tree is recorded whole (layout may change it before any entry runs);
        // layers the timeline reaches later are recorded when first changed.
        for layer in root.subtree { willMutate(layer) }
        // Values set by key outside the timeline that did not fit their property.
        for layer in root.subtree {
            for problem in layer.keyValueProblems {
                errors.append("on \(layer.name.map { "layer '\($0)'" } ?? "an unnamed layer"): \(problem)")
            }
        }
        defer {
            // Restore the initial state so the scene can be compiled again to the same result.
            LayerRestorePoint.restore(restoreOrder)
        }
        // The first layout, before anything is recorded: the frames the scene starts with.
        Self.layOut(root)
        // Layers marked before the timeline runs are displayed before the first frame, as the
        // first commit would (their drawing is part of the initial state, not a change).
        for layer in root.subtree where layer.needsDisplayFlag { layer.displayIfNeeded() }
        for layer in root.subtree {
            let id = register(layer, initialState: layer.modelState, at: -.infinity)
            onScreenSince[id] = -1
        }
        for id in 0..<objects.count { recordSnapshot(id, at: -.infinity) }

        try Self.$current.withValue(self) {
            // Animations added while building the scene start at time 0, before any entry.
            let withPending = root.subtree.filter { !$0.pendingAnimations.isEmpty }
            if !withPending.isEmpty {
                now = 0
                inTransaction(.initial) {
                    for layer in withPending {
                        let pending = layer.pendingAnimations
                        layer.pendingAnimations = []
                        for (key, animation) in pending { addAnimation(animation, to: layer, forKey: key) }
                    }
                }
            }
            for (index, entry) in scene.entries.enumerated() {
                guard entry.time.isFinite else {
                    errors.append("timeline entry \(index + 1) has a non-finite time")
                    continue
                }
                queue.push(max(entry.time, 0), .entry(index))
            }
            var processed = 0
            let horizon = scene.canvas.duration
            while let (time, event) = queue.pop() {
                if time > horizon { break }
                processed += 1
                if processed > Self.eventLimit {
                    throw TimelineError(messages: [
                        "the timeline does not settle: more than \(Self.eventLimit) events before \(horizon) s (does an animationDidStop handler keep adding very short animations?)"
                    ])
                }
                now = max(now, time)
                handle(event)
                if let refusal { throw refusal }
            }
        }
        if !errors.isEmpty { throw TimelineError(messages: errors) }
        return makeTimeline()
    }

    private func handle(_ event: Event) {
        switch event {
        case .entry(let index):
            inTransaction(.entry(index)) { scene.entries[index].body() }
        case .didStart(let id, let generation):
            guard attachments[id].generation == generation, !attachments[id].started else { return }
            attachments[id].started = true
            record(id, .didStart, finished: nil)
            if let delegate = attachments[id].source.delegate {
                inTransaction(.delegate) { delegate.animationDidStart(attachments[id].source) }
            }
        case .didStop(let id, let generation):
            guard attachments[id].generation == generation, !attachments[id].stopped else { return }
            attachments[id].stopped = true
            if attachments[id].animation.removedOnCompletion {
                attachments[id].removedAt = now
                layerAttachments[attachments[id].layer].removeAll { $0 == id }
            }
            record(id, .didStop, finished: true)
            animationStopped(id)
            if let delegate = attachments[id].source.delegate {
                inTransaction(.delegate) { delegate.animationDidStop(attachments[id].source, finished: true) }
            }
        case .removed(let id):
            record(id, .didStop, finished: false)
            if let delegate = attachments[id].source.delegate {
                inTransaction(.delegate) { delegate.animationDidStop(attachments[id].source, finished: false) }
            }
        case .completion(let block):
            inTransaction(.completion) { block() }
        }
    }

    private func record(_ id: Int, _ kind: AnimationEvent.Kind, finished: Bool?) {
        let a = attachments[id]
        guard !a.isImplicit else { return }
        let spring = kind == .didStart ? a.source as? CASpringAnimation : nil
        events.append(
            AnimationEvent(
                time: now, layer: objects[a.layer].name, key: a.key, kind: kind, finished: finished,
                settlingDuration: spring?.settlingDuration))
    }

    private func makeTimeline() -> Timeline {
        var perLayer = [[Attachment]](repeating: [], count: objects.count)
        for a in attachments where a.addedAt < a.removedAt {
            perLayer[a.layer].append(
                Attachment(
                    key: a.key, isImplicit: a.isImplicit, animation: a.animation, addedAt: a.addedAt,
                    removedAt: a.removedAt))
        }
        let layers = objects.indices.map { id in
            CompiledLayer(
                name: objects[id].name, kind: type(of: objects[id]).kind,
                snapshotTimes: snapshotTimes[id], snapshots: snapshots[id], attachments: perLayer[id])
        }
        return Timeline(
            canvas: scene.canvas, layers: layers, rootID: ids[ObjectIdentifier(scene.rootLayer)]!, events: events,
            transactions: transactions)
    }

    // MARK: - Layers and the model

    /// The ID of `layer`, registering it (with a first snapshot) when it is new.
    @discardableResult
    func register(_ layer: CALayer, initialState: LayerState? = nil, at time: Double? = nil) -> Int {
        if let id = ids[ObjectIdentifier(layer)] { return id }
        let id = objects.count
        ids[ObjectIdentifier(layer)] = id
        objects.append(layer)
        snapshotTimes.append([])
        snapshots.append([])
        layerAttachments.append([])
        if let time, time == -.infinity { return id }  // the initial tree records its snapshots afterwards
        snapshotTimes[id].append(time ?? now)
        // A layer built off screen and inserted later (an `insert` with sublayers) brings its
        // subtree: each sublayer is registered with it.
        snapshots[id].append(
            LayerSnapshot(
                state: initialState ?? layer.modelState, sublayers: layer.children.map { register($0, at: time) },
                mask: layer.mask.map { register($0, at: time) }))
        return id
    }

    /// Records the layer's current model and sublayers as its state from `time` (default: now) on.
    func recordSnapshot(_ id: Int, at time: Double? = nil) {
        let t = time ?? now
        let snapshot = currentSnapshot(id)
        if snapshotTimes[id].last == t {
            snapshots[id][snapshots[id].count - 1] = snapshot
        } else {
            snapshotTimes[id].append(t)
            snapshots[id].append(snapshot)
        }
    }

    /// The layer's model state and structure now.
    func currentSnapshot(_ id: Int) -> LayerSnapshot {
        LayerSnapshot(
            state: objects[id].modelState, sublayers: objects[id].children.map { register($0) },
            mask: objects[id].mask.map { register($0) })
    }

    /// Called by every model setter during compilation.
    func layerDidChange(_ layer: CALayer, property: LayerProperty, from old: LayerState) {
        let id = register(layer, initialState: old)
        if beforeTransactionSnapshots[id] == nil, let last = snapshots[id].last {
            beforeTransactionSnapshots[id] = LayerSnapshot(state: old, sublayers: last.sublayers, mask: last.mask)
        }
        recordSnapshot(id)
        switch property {
        case .beginTime, .speed, .timeOffset:
            rescheduleAll()
        default:
            runActions(layer, id: id, property: property, old: old)
        }
    }

    /// Called when a layer's sublayers change during compilation.
    func structureDidChange(_ parent: CALayer) {
        let id = register(parent)
        let previous = snapshots[id].last?.sublayers ?? []
        if beforeTransactionSnapshots[id] == nil, let last = snapshots[id].last {
            beforeTransactionSnapshots[id] = last
        }
        recordSnapshot(id)
        var entered: [CALayer] = []
        if onScreenSince[id] != nil {
            // The sublayers that come on screen now were inserted (their own sublayers came with them).
            entered = parent.children.filter { onScreenSince[register($0)] == nil }
            for layer in parent.subtree where onScreenSince[register(layer)] == nil {
                onScreenSince[register(layer)] = transactionNumber
                if layer.needsDisplayFlag { pendingDisplay.append(layer) }
            }
        }
        var left: [CALayer] = []
        for oldChild in previous where !isOnScreen(objects[oldChild]) {
            if onScreenSince[oldChild] != nil { left.append(objects[oldChild]) }
            for layer in objects[oldChild].subtree { onScreenSince[register(layer)] = nil }
        }
        rescheduleAll()
        for layer in entered { runTreeAction(layer, inserted: true, parent: parent) }
        for layer in left { runTreeAction(layer, inserted: false, parent: parent) }
    }

    func isOnScreen(_ layer: CALayer) -> Bool { layer.ancestry.first === scene.rootLayer }

    /// Runs every layout manager of `root`'s tree, superlayers before their sublayers (a layout
    /// may resize a layer whose own sublayers depend on its bounds).
    static func layOut(_ root: CALayer) {
        for layer in root.subtree where layer.layoutManager != nil { layer.layoutSublayers() }
    }

    /// The layer's presentation state at `now` as it was before the current transaction
    /// (what `presentation()` returns and where implicit animations start).
    func presentationBeforeTransaction(_ id: Int) -> LayerState {
        let model = beforeTransactionSnapshots[id]?.state ?? objects[id].modelState
        var state = model
        applyEarlierAnimations(of: id, to: &state, model: model, localTime: objects[id].localTime(fromScene: now))
        return state
    }

    /// Applies the layer's animations running now that earlier transactions added; returns their keys.
    @discardableResult
    func applyEarlierAnimations(of id: Int, to state: inout LayerState, model: LayerState, localTime: Double)
        -> [String]
    {
        var keys: [String] = []
        for index in layerAttachments[id] {
            let a = attachments[index]
            guard a.addedAt <= now, now < a.removedAt, a.transaction < transactionNumber else { continue }
            a.animation.apply(to: &state, model: model, localTime: localTime)
            if let key = a.key { keys.append(key) }
        }
        return keys
    }

    func presentationState(of layer: CALayer) -> LayerState? {
        guard let id = ids[ObjectIdentifier(layer)] else { return layer.modelState }
        return presentationBeforeTransaction(id)
    }
}

/// Problems found while running a timeline (e.g. an animation with an unknown key path added
/// from Swift code). Scene files are checked before this, with source locations.
public struct TimelineError: Error, CustomStringConvertible {
    public var messages: [String]
    /// Where in the scene's source the problem is (1-based), when the code that found it knows.
    public var line: Int?
    public var column: Int?
    public var description: String { messages.joined(separator: "\n") }

    public init(messages: [String], line: Int? = nil, column: Int? = nil) {
        self.messages = messages
        self.line = line
        self.column = column
    }
}

extension Scene {
    /// Stops `compile()` with an error, from a closure running while the timeline compiles
    /// (scene files use it to stop an `on:` handler that would run without end, at its line and
    /// column). Outside a compile it does nothing.
    public static func refuseCompiling(_ message: String, line: Int? = nil, column: Int? = nil) {
        guard let compiler = TimelineCompiler.current, compiler.refusal == nil else { return }
        compiler.refusal = TimelineError(messages: [message], line: line, column: column)
    }
}
