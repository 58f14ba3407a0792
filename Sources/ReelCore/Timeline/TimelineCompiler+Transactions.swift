import Foundation

extension TimelineCompiler {
    /// Runs `body` as one outermost transaction at `now` (a timeline entry or a callback).
    /// Transactions the body leaves open are committed at its end, as a run loop would.
    func inTransaction(_ body: () -> Void) {
        let depth = transactionStack.count
        beginTransaction()
        body()
        while transactionStack.count > depth { commitTransaction() }
    }

    func beginTransaction() {
        if transactionStack.isEmpty {
            transactionNumber += 1
            beforeTransaction = [:]
        }
        transactionStack.append(TransactionSettings())
    }

    func commitTransaction() {
        guard let level = transactionStack.popLast() else { return }
        if let block = level.completion {
            let pending = Set(level.addedAttachments.filter { !attachments[$0].stopped })
            if pending.isEmpty {
                queue.push(now, .completion(block))
            } else {
                completionWaits.append((pending, block))
            }
        }
        if transactionStack.isEmpty { beforeTransaction = [:] }
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
