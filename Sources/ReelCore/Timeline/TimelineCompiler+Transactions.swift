import Foundation

extension TimelineCompiler {
    /// Runs `body` as one outermost transaction at `now` (a timeline entry or a callback).
    /// Transactions the body leaves open are committed at its end, as a run loop would.
    func inTransaction(_ cause: TransactionRecord.Cause, _ body: () -> Void) {
        let depth = transactionStack.count
        if depth == 0 { transactionCause = cause }
        beginTransaction()
        body()
        while transactionStack.count > depth { commitTransaction() }
    }

    func beginTransaction() {
        if transactionStack.isEmpty {
            transactionNumber += 1
            transactionFirstAttachment = attachments.count
            beforeTransactionSnapshots = [:]
            pendingTransitions = []
        }
        transactionStack.append(TransactionSettings())
    }

    func commitTransaction() {
        // Layout follows the model changes before the transaction ends, so its changes animate
        // with that transaction's duration and curve (an entry's `duration` included).
        if !transactionStack.isEmpty, objects.contains(where: { $0.layoutManager != nil }) {
            Self.layOut(scene.rootLayer)
        }
        // Then the outermost commit displays the layers that need it, under that transaction's
        // settings (its disableActions decides whether the new contents cross-fade).
        if transactionStack.count == 1, !pendingDisplay.isEmpty { displayPendingLayers() }
        guard let level = transactionStack.popLast() else { return }
        if let block = level.completion {
            let pending = Set(level.addedAttachments.filter { !attachments[$0].stopped })
            if pending.isEmpty {
                queue.push(now, .completion(block))
            } else {
                completionWaits.append((pending, block))
            }
        }
        if transactionStack.isEmpty {
            freezeTransitions()
            recordTransaction()
            beforeTransactionSnapshots = [:]
        }
    }

    /// Records the outermost transaction now committing, when it changed a layer or added an animation.
    private func recordTransaction() {
        let added = attachments[transactionFirstAttachment...]
        guard !added.isEmpty || !beforeTransactionSnapshots.isEmpty else { return }
        let changed = beforeTransactionSnapshots.keys.sorted().compactMap { objects[$0].name }
        let implicit = added.filter(\.isImplicit).count
        transactions.append(
            TransactionRecord(
                time: now, cause: transactionCause, changedLayers: changed,
                explicitAnimations: added.count - implicit, implicitAnimations: implicit))
    }

    /// The innermost setting for `key`, or nil when no open transaction sets it.
    func transactionValue<T>(_ key: KeyPath<TransactionSettings, T?>) -> T? {
        for level in transactionStack.reversed() {
            if let value = level[keyPath: key] { return value }
        }
        return nil
    }

    func setTransactionValue<T>(_ key: WritableKeyPath<TransactionSettings, T?>, _ value: T) {
        guard !transactionStack.isEmpty else { return }
        transactionStack[transactionStack.count - 1][keyPath: key] = value
    }

    func setCompletionBlock(_ block: (() -> Void)?) {
        guard !transactionStack.isEmpty else { return }
        transactionStack[transactionStack.count - 1].completion = block
    }
}

extension TimelineCompiler {
    /// Gives each transition added in the transaction now ending its old appearance: the layer's
    /// subtree as it was when the transaction began, evaluated at this moment.
    func freezeTransitions() {
        for index in pendingTransitions {
            guard case .transition(var spec) = attachments[index].animation.content else { continue }
            let id = attachments[index].layer
            let parentTime = objects[id].superlayer?.localTime(fromScene: now) ?? now
            let old = frozenPresentation(of: id, parentTime: parentTime)
            if onScreenSince[id] == transactionNumber {
                // Inserted in this transaction (an onOrderIn transition): it was not there before.
                var nothing = old.state
                nothing.isHidden = true
                spec.old = PresentationLayer(
                    name: old.name, kind: old.kind, model: old.model, state: nothing, localTime: old.localTime,
                    animationKeys: [], sublayers: [], mask: nil)
            } else {
                spec.old = old
            }
            attachments[index].animation.content = .transition(spec)
        }
        pendingTransitions = []
    }

    /// The presentation of a layer's subtree as it was before the current transaction.
    private func frozenPresentation(of id: Int, parentTime: Double) -> PresentationLayer {
        let current = currentSnapshot(id)
        let snapshot = beforeTransactionSnapshots[id] ?? current
        let local = snapshot.state.localTime(parentTime: parentTime)
        var state = snapshot.state
        let keys = applyEarlierAnimations(of: id, to: &state, model: snapshot.state, localTime: local)
        return PresentationLayer(
            name: objects[id].name, kind: type(of: objects[id]).kind, model: snapshot.state, state: state,
            localTime: local, animationKeys: keys,
            sublayers: snapshot.sublayers.map { frozenPresentation(of: $0, parentTime: local) },
            mask: snapshot.mask.map { frozenPresentation(of: $0, parentTime: local) })
    }
}
