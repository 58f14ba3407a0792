import Foundation
import ReelCore

extension SceneDecoder {
    static let entryKeys = [
        "at", "on", "duration", "timingFunction", "disableActions", "insert", "set", "scroll", "add", "remove",
        "removeLayers", "pause", "resume", "completion"
    ]
    static let insertKeys = ["parent", "index", "layer"]
    static let addKeys = ["layer", "key", "animation"]
    static let removeKeys = ["layer", "key"]
    static let onKeys = ["layer", "key", "event", "finished"]
    static let eventNames = ["didStart", "didStop"]

    func decodeTimeline(_ node: SceneNode, into scene: Scene) {
        guard case .sequence(let items, _) = node else {
            diagnostics.error(
                "'timeline' must be a list of entries (each with 'at' or 'on'), found \(node.kindDescription)",
                at: node.location)
            return
        }
        var handlers: [(on: SceneNode, body: () -> Void)] = []
        for item in items {
            guard var map = MapReader(item, diagnostics, what: "a timeline entry") else { continue }
            let at = map.take("at")
            let on = map.take("on")
            guard let body = decodeEntryBody(&map) else { continue }
            switch (at, on) {
            case (let at?, nil):
                if let t = values.number(at, what: "at") {
                    if t < 0 {
                        diagnostics.error(
                            "'at' is a scene time and must not be negative, found \(format(t))", at: at.location)
                    } else {
                        if t > scene.canvas.duration {
                            diagnostics.warning(
                                "this entry at \(format(t)) s is after the end of the scene (\(format(scene.canvas.duration)) s) and never runs",
                                at: at.location)
                        }
                        // The entries own the event dispatcher for as long as the scene lives.
                        scene.at(t) { [events] in withExtendedLifetime(events) { body() } }
                    }
                }
            case (nil, let on?):
                handlers.append((on, body))
            case (.some, .some):
                diagnostics.error(
                    "a timeline entry has either 'at' (a time) or 'on' (an animation event), not both",
                    at: item.location)
            case (nil, nil):
                diagnostics.error(
                    "a timeline entry needs 'at: SECONDS' or 'on: {layer, key, event}'", at: item.location)
            }
        }
        for handler in handlers { decodeHandler(handler.on, body: handler.body) }
    }

    /// Decodes the transaction settings and operations of an entry into one closure that runs
    /// them as a `CATransaction`, in the order of the scene format (docs/scene-format.md) §6.
    func decodeEntryBody(_ map: inout MapReader) -> (() -> Void)? {
        defer { map.reportUnknown(in: "a timeline entry", known: Self.entryKeys) }
        var duration: Double?
        var timing: CAMediaTimingFunction?
        var disable: Bool?
        if let n = map.take("duration") { duration = values.nonNegative(n, what: "duration") }
        if let n = map.take("timingFunction") { timing = values.timingFunction(n, what: "timingFunction") }
        if let n = map.take("disableActions") { disable = values.bool(n, what: "disableActions") }

        var ops: [() -> Void] = []
        if let n = map.take("insert") { ops += list(n).compactMap(decodeInsert) }
        if let n = map.take("set") { ops += decodeSet(n) }
        if let n = map.take("scroll") { ops += decodeScroll(n) }
        if let n = map.take("add") { ops += list(n).compactMap(decodeAdd) }
        if let n = map.take("remove") { ops += list(n).compactMap(decodeRemove) }
        if let n = map.take("removeLayers") {
            for item in list(n) where item.string == Scene.rootLayerName {
                diagnostics.error("the root layer cannot be removed (it is the canvas)", at: item.location)
            }
            ops += names(n, what: "removeLayers").map { name in
                { [registry] in registry.layer(named: name)?.removeFromSuperlayer() }
            }
        }
        if let n = map.take("pause") {
            ops += names(n, what: "pause").map { name in { [registry] in registry.layer(named: name).map(Self.pause) } }
        }
        if let n = map.take("resume") {
            ops += names(n, what: "resume").map { name in { [registry] in registry.layer(named: name).map(Self.resume) }
            }
        }
        var completion: [() -> Void] = []
        if let n = map.take("completion") {
            if case .sequence(let items, _) = n {
                for item in items {
                    guard var inner = MapReader(item, diagnostics, what: "a completion entry") else { continue }
                    for key in ["at", "on"] where inner.has(key) {
                        diagnostics.error(
                            "a completion entry runs when the animations finish; it has no '\(key)'",
                            at: inner.keyLocation(key)!)
                        inner.markUsed(key)
                    }
                    if let body = decodeEntryBody(&inner) { completion.append(body) }
                }
            } else {
                diagnostics.error(
                    "'completion' must be a list of entries (without 'at'), found \(n.kindDescription)", at: n.location)
            }
        }
        return {
            CATransaction.begin()
            if let duration { CATransaction.setAnimationDuration(duration) }
            if let timing { CATransaction.setAnimationTimingFunction(timing) }
            if let disable { CATransaction.setDisableActions(disable) }
            if !completion.isEmpty { CATransaction.setCompletionBlock { for body in completion { body() } } }
            for op in ops { op() }
            CATransaction.commit()
        }
    }

    /// A list, or a single item standing for a list of one.
    private func list(_ node: SceneNode) -> [SceneNode] {
        if case .sequence(let items, _) = node { return items }
        return [node]
    }

    private func names(_ node: SceneNode, what: String) -> [String] {
        list(node).compactMap { reference($0, what: "a layer name in '\(what)'") }
    }

    // MARK: Operations

    private func decodeInsert(_ node: SceneNode) -> (() -> Void)? {
        guard var map = MapReader(node, diagnostics, what: "an insert") else { return nil }
        defer { map.reportUnknown(in: "an insert", known: Self.insertKeys) }
        let parentNode = map.take("parent")
        let parent = parentNode.flatMap { reference($0, what: "parent") } ?? Scene.rootLayerName
        var index: Int?
        if let n = map.take("index"), let v = values.number(n, what: "index") {
            if v >= 0, v == v.rounded(), v < 1e9 {
                index = Int(v)
            } else {
                diagnostics.error("index must be a whole number ≥ 0, found \(format(v))", at: n.location)
            }
        }
        guard let layerNode = map.take("layer") else {
            diagnostics.error("an insert needs 'layer' (the layer to add)", at: node.location)
            return nil
        }
        guard let layer = decodeLayer(layerNode, depth: 1) else { return nil }
        // The layer is new, so only its own subtree could make the tree a cycle.
        if let parentNode, Self.names(in: layer).contains(parent) {
            diagnostics.error(
                "layer '\(parent)' is part of the layer being inserted; a layer cannot be inserted into itself",
                at: parentNode.location)
            return nil
        }
        insertions.append((parent, layer))
        // `insertSublayer(_:at:)`: an index past the end appends, as `addSublayer` would.
        return { [registry] in
            guard let p = registry.layer(named: parent) else { return }
            p.insertSublayer(layer, at: UInt32(min(index ?? Int(UInt32.max), Int(UInt32.max))))
        }
    }

    /// The names of a layer, its sublayers and masks.
    static func names(in layer: CALayer) -> Set<String> {
        var names: Set<String> = []
        var stack = [layer]
        while let l = stack.popLast() {
            if let name = l.name { names.insert(name) }
            stack += l.sublayers ?? []
            if let mask = l.mask { stack.append(mask) }
        }
        return names
    }

    /// `set: {NAME: {property or key path: value}}`. Values are decoded once every layer is known
    /// (the layer may be inserted later in the file), so each is checked against the layer's class.
    private func decodeSet(_ node: SceneNode) -> [() -> Void] {
        guard let map = MapReader(node, diagnostics, what: "'set'") else { return [] }
        let changes = ChangeList()
        for pair in map.pairs {
            references.append((pair.key, pair.keyLocation))
            guard let props = MapReader(pair.value, diagnostics, what: "the changes to '\(pair.key)'") else { continue }
            let name = pair.key
            deferred.append { [self] in
                guard let layer = registry.layer(named: name) else { return }
                for change in props.pairs {
                    if change.key != "frame", Self.layerStructureKeys.contains(change.key) {
                        diagnostics.error(
                            "'\(change.key)' belongs to a layer entry; 'set' changes properties", at: change.keyLocation
                        )
                    } else if change.key == "frame" {
                        if let r = values.rect(change.value, what: "frame") {
                            changes.items.append((name, { $0.frame = r }))
                        }
                    } else if let (path, value) = decodeProperty(change, of: type(of: layer).kind, layerName: name) {
                        checkCellPath(path, of: layer, layerName: name, at: change.keyLocation)
                        recordInstanceCount(path, value, of: layer, at: change.value.location)
                        changes.items.append((name, { $0.setValue(value, forKeyPath: path) }))
                    }
                }
            }
        }
        return [
            { [registry] in
                for (name, apply) in changes.items {
                    if let layer = registry.layer(named: name) { apply(layer) }
                }
            }
        ]
    }

    /// `scroll: {NAME: [x, y]}`: `scroll(to:)` on CAScrollLayers (checked once every layer is
    /// known): their bounds.origin moves there, animated like any bounds change.
    private func decodeScroll(_ node: SceneNode) -> [() -> Void] {
        guard let map = MapReader(node, diagnostics, what: "'scroll'") else { return [] }
        var ops: [() -> Void] = []
        for pair in map.pairs {
            references.append((pair.key, pair.keyLocation))
            guard let point = values.point(pair.value, what: "a scroll position") else { continue }
            let name = pair.key
            deferred.append { [self] in
                guard let layer = registry.layer(named: name), !(layer is CAScrollLayer) else { return }
                diagnostics.error(
                    "'scroll' scrolls a CAScrollLayer (class: scroll); '\(name)' is a \(type(of: layer).kind.rawValue): set its bounds instead",
                    at: pair.keyLocation)
            }
            ops.append { [registry] in (registry.layer(named: name) as? CAScrollLayer)?.scroll(to: point) }
        }
        return ops
    }

    private func decodeAdd(_ node: SceneNode) -> (() -> Void)? {
        guard var map = MapReader(node, diagnostics, what: "an add") else { return nil }
        defer { map.reportUnknown(in: "an add", known: Self.addKeys) }
        guard let layerNode = map.take("layer") else {
            diagnostics.error("an add needs 'layer' (the layer to animate)", at: node.location)
            return nil
        }
        let name = reference(layerNode, what: "layer")
        let key = map.take("key").flatMap { values.string($0, what: "key") }
        guard let animationNode = map.take("animation") else {
            diagnostics.error("an add needs 'animation' (a template name or a map)", at: node.location)
            return nil
        }
        // A path from an SVG in the animation fits the bounds of the layer it is added to.
        let bounds = name.flatMap { registry.layer(named: $0)?.bounds }
        guard let name, let template = values.svgFit.with(bounds, { decodeAnimation(animationNode) }) else {
            return nil
        }
        events.noteAdded(layer: name, key: key)
        deferred.append { [self] in
            guard let layer = registry.layer(named: name) else { return }
            for path in Self.keyPaths(of: template) {
                checkCellPath(path, of: layer, layerName: name, at: animationNode.location)
            }
        }
        // `events` weakly: a handler's body may add animations, and a strong reference here
        // would close the loop events → handler → body → this closure → events (a leak of the
        // whole scene). The scene's `at` entries hold it instead (see decodeTimeline).
        return { [registry, weak events] in
            guard let layer = registry.layer(named: name), let events else { return }
            let animation = template.copy()
            // In a file, beginTime is relative to the moment of adding (the seeds' idiom), in the
            // layer's time as Core Animation reads it: `convertTime(CACurrentMediaTime(), from: nil) + delay`.
            if animation.beginTime != 0 { animation.beginTime += layer.convertTime(CACurrentMediaTime(), from: nil) }
            animation.delegate = events.delegate(layer: name, key: key)
            layer.add(animation, forKey: key)
        }
    }

    private func decodeRemove(_ node: SceneNode) -> (() -> Void)? {
        guard var map = MapReader(node, diagnostics, what: "a remove") else { return nil }
        defer { map.reportUnknown(in: "a remove", known: Self.removeKeys) }
        guard let layerNode = map.take("layer"), let name = reference(layerNode, what: "layer") else {
            if !map.has("layer") { diagnostics.error("a remove needs 'layer'", at: node.location) }
            return nil
        }
        let key = map.take("key").flatMap { values.string($0, what: "key") }
        return { [registry] in
            guard let layer = registry.layer(named: name) else { return }
            if let key { layer.removeAnimation(forKey: key) } else { layer.removeAllAnimations() }
        }
    }

    // MARK: Events

    private func decodeHandler(_ node: SceneNode, body: @escaping () -> Void) {
        guard var map = MapReader(node, diagnostics, what: "'on'") else { return }
        defer { map.reportUnknown(in: "'on'", known: Self.onKeys) }
        guard let layerNode = map.take("layer"), let layer = reference(layerNode, what: "layer") else {
            if !map.has("layer") {
                diagnostics.error("'on' needs 'layer' (whose animation the event is from)", at: node.location)
            }
            return
        }
        let keyNode = map.take("key")
        let key = keyNode.flatMap { values.string($0, what: "key") }
        guard let eventNode = map.take("event") else {
            diagnostics.error("'on' needs 'event: didStart' or 'event: didStop'", at: node.location)
            return
        }
        guard let eventName = values.choice(eventNode, what: "event", among: Self.eventNames) else { return }
        var finished: Bool?
        if let n = map.take("finished") {
            finished = values.bool(n, what: "finished")
            if eventName == "didStart" { diagnostics.error("'finished' belongs to didStop events", at: n.location) }
        }
        if !events.wasAdded(layer: layer, key: key), registry.layer(named: layer) != nil {
            let what = key.map { "under key '\($0)'" } ?? "at all"
            diagnostics.error(
                "this event can never fire: no animation is added to layer '\(layer)' \(what) in this file",
                at: (keyNode ?? layerNode).location)
        }
        // A handler that adds the animation it listens to runs again when that one ends: fine
        // for a tick a second, an event storm for one that ends at once. More runs than twice a
        // frame (and a thousand) stop the compile here, instead of 2 million events later.
        let runs = max(1000, 2 * (frameCount ?? 0))
        events.handle(
            EventDispatcher.Handler(
                layer: layer, key: key, event: eventName == "didStart" ? .didStart : .didStop,
                finished: finished, body: body, location: node.location, maxRuns: runs))
    }

    // MARK: Pause and resume (seed 000, Apple QA1673)

    static func pause(_ layer: CALayer) {
        let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = paused
    }

    static func resume(_ layer: CALayer) {
        guard layer.speed == 0 else { return }
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
    }
}

/// The model changes of one `set`, filled in once every layer is known.
final class ChangeList {
    var items: [(String, (CALayer) -> Void)] = []
}

/// Runs `on:` entries when animations added from the file start or stop.
final class EventDispatcher {
    struct Handler {
        var layer: String
        var key: String?
        var event: AnimationEvent.Kind
        var finished: Bool?
        var body: () -> Void
        /// Where the `on:` entry is, and how often it may run (see `decodeHandler`).
        var location: SourcePosition
        var maxRuns: Int
        let runs = RunCount()

        /// Runs the body, or stops the compile once the handler has run `maxRuns` times.
        func run() {
            runs.value += 1
            guard runs.value <= maxRuns else {
                let now = format((CACurrentMediaTime() * 1000).rounded() / 1000)
                Scene.refuseCompiling(
                    "this \(event.rawValue) handler ran \(maxRuns) times by \(now) s, the most a scene of this length allows (twice a frame, or 1000): does it keep adding an animation that ends at once?",
                    line: location.line, column: location.column)
                return
            }
            body()
        }
    }

    final class RunCount { var value = 0 }

    private var handlers: [Handler] = []
    private var added: Set<String> = []

    func handle(_ handler: Handler) { handlers.append(handler) }

    /// The handlers that have not run (after a compile: their event never happened).
    func idleHandlers() -> [Handler] { handlers.filter { $0.runs.value == 0 } }

    func noteAdded(layer: String, key: String?) {
        added.insert(layer + "\u{0}" + (key ?? ""))
        added.insert(layer + "\u{0}*")
    }

    func wasAdded(layer: String, key: String?) -> Bool {
        added.contains(layer + "\u{0}" + (key ?? "*"))
    }

    /// The delegate for an animation the file declares before its handlers are decoded (a
    /// layer's action): it looks them up when the event happens.
    func lateDelegate(layer: String, key: String) -> CAAnimationDelegate {
        LateForwarder(dispatcher: self, layer: layer, key: key)
    }

    private final class LateForwarder: CAAnimationDelegate {
        // Weak: the action lives in the layer, the dispatcher is held by the scene's entries.
        weak var dispatcher: EventDispatcher?
        let layer: String, key: String
        init(dispatcher: EventDispatcher, layer: String, key: String) {
            (self.dispatcher, self.layer, self.key) = (dispatcher, layer, key)
        }

        func animationDidStart(_ anim: CAAnimation) {
            dispatcher?.delegate(layer: layer, key: key)?.animationDidStart(anim)
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            dispatcher?.delegate(layer: layer, key: key)?.animationDidStop(anim, finished: flag)
        }
    }

    /// The delegate for an animation added to `layer` under `key`.
    func delegate(layer: String, key: String?) -> CAAnimationDelegate? {
        let matching = handlers.filter { $0.layer == layer && ($0.key == nil || $0.key == key) }
        return matching.isEmpty ? nil : Forwarder(handlers: matching)
    }

    private final class Forwarder: CAAnimationDelegate {
        let handlers: [Handler]
        init(handlers: [Handler]) { self.handlers = handlers }

        func animationDidStart(_ anim: CAAnimation) {
            for h in handlers where h.event == .didStart { h.run() }
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            for h in handlers where h.event == .didStop && (h.finished == nil || h.finished == flag) { h.run() }
        }
    }
}
