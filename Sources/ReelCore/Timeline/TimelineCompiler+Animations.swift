import Foundation

/// An animation attached to a layer while the timeline is compiled.
struct LiveAttachment {
    var layer: Int
    var key: String?
    var animation: CompiledAnimation
    /// The copy that was added: what delegates receive and `animation(forKey:)` returns.
    var source: CAAnimation
    var isImplicit: Bool
    var transaction: Int
    var addedAt: Double
    var removedAt: Double = .infinity
    var started = false
    var stopped = false
    /// Bumped whenever the start/stop events are rescheduled; older events are ignored.
    var generation = 0
}

extension TimelineCompiler {
    // MARK: - Adding and removing

    /// `layer.add(anim, forKey:)` during compilation: `anim` is already a copy.
    func addAnimation(_ anim: CAAnimation, to layer: CALayer, forKey requestedKey: String?, isImplicit: Bool = false) {
        let id = register(layer)
        // A layer has one transition, always under the key "transition".
        let key = anim is CATransition ? "transition" : requestedKey
        if anim.duration <= 0 || !anim.duration.isFinite {
            anim.duration = transactionValue(\.duration) ?? TransactionSettings.defaultDuration
        }
        if anim.timingFunction == nil, let function = transactionValue(\.timingFunction) ?? nil {
            anim.timingFunction = function
        }
        if anim.beginTime == 0 {
            anim.beginTime = layer.localTime(fromScene: now)
        }
        let compiled: CompiledAnimation
        do {
            compiled = try anim.checkedCompile(in: PreviousValueContext(compiler: self, layer: id))
        } catch {
            let who = layer.name.map { "layer '\($0)'" } ?? "an unnamed layer"
            errors.append("at \(now) s, adding animation\(key.map { " '\($0)'" } ?? "") to \(who): \(error)")
            return
        }
        if let key {
            for index in layerAttachments[id] where attachments[index].key == key { detach(index) }
        }
        let index = attachments.count
        attachments.append(
            LiveAttachment(
                layer: id, key: key, animation: compiled, source: anim, isImplicit: isImplicit,
                transaction: transactionNumber, addedAt: now))
        layerAttachments[id].append(index)
        for level in transactionStack.indices { transactionStack[level].addedAttachments.append(index) }
        if anim is CATransition { pendingTransitions.append(index) }
        schedule(index)
    }

    /// `removeAnimation(forKey:)` (key nil: all) during compilation.
    func removeAnimations(from layer: CALayer, key: String?) {
        let id = register(layer)
        for index in layerAttachments[id] where key == nil || attachments[index].key == key { detach(index) }
    }

    /// Takes an attachment off its layer now; an animation that had not finished stops unfinished.
    private func detach(_ index: Int) {
        attachments[index].removedAt = now
        layerAttachments[attachments[index].layer].removeAll { $0 == index }
        guard !attachments[index].stopped else { return }
        attachments[index].stopped = true
        attachments[index].generation += 1
        animationStopped(index)
        queue.push(now, .removed(attachment: index))
    }

    /// Keys of the animations attached to `layer` now.
    func animationKeys(of layer: CALayer) -> [String] {
        guard let id = ids[ObjectIdentifier(layer)] else { return [] }
        return layerAttachments[id].compactMap { i in
            attachments[i].addedAt <= now && now < attachments[i].removedAt ? attachments[i].key : nil
        }
    }

    /// The animation attached under `key` now.
    func animation(of layer: CALayer, forKey key: String) -> CAAnimation? {
        guard let id = ids[ObjectIdentifier(layer)] else { return nil }
        return layerAttachments[id].last { attachments[$0].key == key && now < attachments[$0].removedAt }
            .map { attachments[$0].source }
    }

    // MARK: - Actions

    /// Runs the layer's action for a model change, when Core Animation would: actions enabled,
    /// the layer on screen since before this transaction and the value really changed. The
    /// action is `action(forKey:)`'s (delegate, `actions`, `style`, class default, then the
    /// implicit animation of an animatable property); changing `hidden` also runs `onOrderIn` /
    /// `onOrderOut`.
    func runActions(_ layer: CALayer, id: Int, property: LayerProperty, old: LayerState) {
        guard !(transactionValue(\.disableActions) ?? false), let since = onScreenSince[id], since < transactionNumber,
            property.get(old) != property.get(layer.modelState)
        else { return }
        runAction(for: layer, key: property.rawValue)
        if property == .hidden {
            runAction(
                for: layer, key: layer.modelState.isHidden ? kCAOnOrderOut : kCAOnOrderIn, parent: layer.superlayer)
        }
    }

    /// Runs `onOrderIn` / `onOrderOut` for a layer inserted into / removed from `parent`.
    func runTreeAction(_ layer: CALayer, inserted: Bool, parent: CALayer) {
        guard !(transactionValue(\.disableActions) ?? false) else { return }
        runAction(for: layer, key: inserted ? kCAOnOrderIn : kCAOnOrderOut, parent: parent)
    }

    /// Looks up and runs the action for `key`. An animation runs as a copy with what it leaves
    /// out filled in: keyPath (the key), from and to (the old presentation and new model values,
    /// when compiled), duration and timing function (the transaction's, or for the implicit
    /// animation, the system curve). Other actions run themselves. A layer leaving the tree is
    /// not drawn, so an `onOrderOut` transition runs on `parent`, whose old appearance still
    /// holds the layer: the removal is what it animates.
    private func runAction(for layer: CALayer, key: String, parent: CALayer? = nil) {
        let explicit = layer.explicitAction(forKey: key)
        guard let action = explicit ?? CALayer.implicitAction(forKey: key), !(action is NSNull) else { return }
        guard let template = action as? CAAnimation else {
            action.run(forKey: key, object: layer, arguments: nil)
            return
        }
        if key == kCAOnOrderOut, template is CATransition, let parent {
            addAnimation(template.copy(), to: parent, forKey: kCATransition)
            return
        }
        let animation = template.copy()
        if let property = animation as? CAPropertyAnimation, property.keyPath == nil,
            LayerProperty(rawValue: key) != nil
        {
            property.keyPath = key
        }
        if explicit == nil, animation.timingFunction == nil {
            // Implicit animations default to the system curve unless the transaction sets one.
            animation.timingFunction =
                (transactionValue(\.timingFunction) ?? nil) ?? CAMediaTimingFunction(name: .default)
        }
        addAnimation(animation, to: layer, forKey: key, isImplicit: explicit == nil)
    }

    // MARK: - Events

    /// Schedules (again) the start and stop events of an attachment from the current layer timing.
    func schedule(_ index: Int) {
        guard !attachments[index].stopped else { return }
        attachments[index].generation += 1
        let a = attachments[index]
        let (start, stop) = eventTimes(of: a)
        if !a.started, let start { queue.push(max(start, now), .didStart(attachment: index, generation: a.generation)) }
        if let stop { queue.push(max(stop, now), .didStop(attachment: index, generation: a.generation)) }
    }

    /// After a change of layer timing or of the tree, every pending event may move.
    func rescheduleAll() {
        // Unfinished animations are all still attached: only the live lists need looking at.
        for live in layerAttachments {
            for index in live where !attachments[index].stopped { schedule(index) }
        }
    }

    /// Scene times at which the attachment's active period begins and ends, given the layer
    /// timing now; nil when that never happens (a paused layer, an infinite repeat).
    private func eventTimes(of a: LiveAttachment) -> (start: Double?, stop: Double?) {
        let begin = a.animation.timing.beginTime
        let end = begin + a.animation.timing.activeDurationInParent
        guard let clock = objects[a.layer].clock else { return (begin, end.isFinite ? end : nil) }
        guard let tBegin = clock.sceneTime(atLocalTime: begin) else {
            // A paused layer's time stands still: what it has reached happens now, the rest never.
            let local = clock.localTime(atSceneTime: now)
            if local < begin { return (nil, nil) }
            return (now, local >= end ? now : nil)
        }
        let tEnd = end.isFinite ? clock.sceneTime(atLocalTime: end) : nil
        return clock.runsBackwards ? (tEnd, tBegin) : (tBegin, tEnd)
    }

    /// Bookkeeping when an attachment stops: transaction completion blocks waiting for it.
    func animationStopped(_ index: Int) {
        var stillWaiting: [(remaining: Set<Int>, block: () -> Void)] = []
        for var wait in completionWaits {
            wait.remaining.remove(index)
            if wait.remaining.isEmpty { queue.push(now, .completion(wait.block)) } else { stillWaiting.append(wait) }
        }
        completionWaits = stillWaiting
    }
}

/// Resolves an animation's "previous" value: the layer's presentation before this transaction.
struct PreviousValueContext: AnimationCompileContext {
    let compiler: TimelineCompiler
    let layer: Int
    func previousValue(_ path: LayerKeyPath) -> AnimatableValue {
        path.get(compiler.presentationBeforeTransaction(layer))
    }
}
