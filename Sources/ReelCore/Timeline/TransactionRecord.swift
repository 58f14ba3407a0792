import Foundation

/// One outermost transaction of the compiled timeline that changed something: what ran it, when,
/// and what it did. Review tools (timing diagrams) mark these; rendering does not need them.
public struct TransactionRecord: Hashable, Sendable {
    /// What ran the transaction.
    public enum Cause: Hashable, Sendable {
        /// Animations added while the scene was built, before any entry (time 0).
        case initial
        /// The timeline entry at this index (`scene.at(_:_:)` in registration order; a scene
        /// file's `timeline` entries in file order).
        case entry(Int)
        /// A delegate's animationDidStart / animationDidStop ran it.
        case delegate
        /// A transaction's completion block ran it.
        case completion
    }

    /// Scene time of the commit.
    public var time: Double
    public var cause: Cause
    /// Names of the layers whose model changed (unnamed layers left out), in first-change order.
    public var changedLayers: [String]
    /// Animations added explicitly (`add(_:forKey:)`, transitions) in it.
    public var explicitAnimations: Int
    /// Implicit animations its model changes made.
    public var implicitAnimations: Int
}
