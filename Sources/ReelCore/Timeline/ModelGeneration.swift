import Foundation

/// Counts changes made to layers outside a compile, so a `Scene` knows whether the timeline it
/// compiled last still describes it. Compiling runs the scene's closures; running them again for
/// every render, still and sheet would repeat their side effects (prints, and a subclass's own
/// stored properties, which compiling cannot restore, as a new iOS user found: a custom-drawn
/// gauge showed its end value in a still made after a render).
enum ModelGeneration {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var count: UInt64 = 0

    /// The number of changes so far.
    static var current: UInt64 { lock.withLock { count } }

    /// Records a change, unless a compile is running (its changes are the timeline's own).
    static func layerChanged() {
        guard TimelineCompiler.current == nil else { return }
        lock.withLock { count &+= 1 }
    }
}
