import Foundation

/// What a scene's compiled timeline was compiled from: every layer the timeline reaches, each
/// with its change count then. A `Scene` compares it with the layers' counts now to know whether
/// the timeline it compiled last still describes it. Compiling runs the scene's closures; running
/// them again for every render, still and sheet would repeat their side effects (prints, and a
/// subclass's own stored properties, which compiling cannot restore, as a new iOS user found: a
/// custom-drawn gauge showed its end value in a still made after a render).
///
/// The counts live in the layers, so a change concerns only the scenes that reach the layer:
/// changing a layer of one scene leaves every other scene's timeline compiled, and a layer no
/// scene reaches changes nothing. The layers reached are the root's tree and every layer the
/// timeline presented or changed (a layer its closures insert is outside the tree between
/// compiles, yet drawn); a layer moved from one scene to another is a change to both (its old
/// and new parents count it). A layer a closure only reads is not tracked, like any other value
/// the closure captures.
struct ModelGeneration {
    private let counts: [(layer: CALayer, changes: UInt64)]

    /// The counts of `layers` and their trees (sublayers and masks) now.
    init(layers: [CALayer]) {
        var seen = Set<ObjectIdentifier>()
        var counts: [(layer: CALayer, changes: UInt64)] = []
        // Trees already counted are not walked again (the root's holds most of `layers`).
        for layer in layers where !seen.contains(ObjectIdentifier(layer)) {
            for member in layer.subtree where seen.insert(ObjectIdentifier(member)).inserted {
                counts.append((member, member.changeCount))
            }
        }
        self.counts = counts
    }

    /// Whether none of the layers has changed since.
    var isCurrent: Bool { counts.allSatisfy { $0.layer.changeCount == $0.changes } }
}

extension CALayer {
    /// Counts a change to this layer's model, tree, mask, animations or display mark, unless a
    /// compile is running (its changes are the timeline's own, undone when it ends).
    func modelDidChange() {
        guard TimelineCompiler.current == nil else { return }
        changeCount &+= 1
    }
}
