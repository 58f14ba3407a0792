import Foundation

/// Groups model changes: their implicit animations share a duration and timing function, can be
/// disabled together, and a completion block runs when the animations added inside have finished.
///
/// Every timeline entry runs inside an implicit transaction; `begin()`/`commit()` nest inside it,
/// inner settings override outer ones and are restored on commit. Outside a timeline these calls
/// do nothing (there is nothing to animate yet).
public enum CATransaction {
    /// Opens a nested transaction.
    public static func begin() { TimelineCompiler.current?.beginTransaction() }
    /// Closes the innermost transaction, restoring the outer settings.
    public static func commit() { TimelineCompiler.current?.commitTransaction() }
    /// No effect: a timeline commits at the end of each entry.
    public static func flush() {}
    /// Accepted; nothing to do: a timeline is compiled on one thread.
    public static func lock() {}
    /// Accepted; nothing to do (see `lock()`).
    public static func unlock() {}

    /// Duration of implicit animations (and of added animations with duration 0); 0.25 s by default.
    public static func animationDuration() -> Double {
        TimelineCompiler.current?.transactionValue(\.duration) ?? TransactionSettings.defaultDuration
    }
    public static func setAnimationDuration(_ duration: Double) {
        TimelineCompiler.current?.setTransactionValue(\.duration, duration)
    }

    /// Timing function given to the transaction's animations that have none.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        TimelineCompiler.current?.transactionValue(\.timingFunction) ?? nil
    }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TimelineCompiler.current?.setTransactionValue(\.timingFunction, function)
    }

    /// When true, model changes make no implicit animations.
    public static func disableActions() -> Bool {
        TimelineCompiler.current?.transactionValue(\.disableActions) ?? false
    }
    public static func setDisableActions(_ flag: Bool) {
        TimelineCompiler.current?.setTransactionValue(\.disableActions, flag)
    }

    /// Runs `block` once every animation added in this transaction has stopped (at once if none).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        TimelineCompiler.current?.setCompletionBlock(block)
    }
}

/// One level of the transaction stack. nil means "inherit from the enclosing transaction".
struct TransactionSettings {
    static let defaultDuration = 0.25
    var duration: Double?
    var timingFunction: CAMediaTimingFunction??
    var disableActions: Bool?
    var completion: (() -> Void)?
    /// Attachments added while this level was open (for the completion block).
    var addedAttachments: [Int] = []
}
