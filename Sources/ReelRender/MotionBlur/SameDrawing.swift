import ReelCore

/// Whether two presentation trees draw the same pixels: the same classes, values, masks and
/// sublayers. Conservative: a transition under way, or anything not compared, counts as a change.
enum SameDrawing {
    static func equal(_ a: PresentationLayer, _ b: PresentationLayer) -> Bool {
        guard a.kind == b.kind, a.state == b.state, a.animationKeys == b.animationKeys,
            !a.hasTransition, !b.hasTransition, a.hasMask == b.hasMask, a.particles == b.particles,
            a.sublayers.count == b.sublayers.count, a.delayedInstances.count == b.delayedInstances.count
        else { return false }
        // The raster cache tells animated content from still by the model, so it must match too.
        if !a.animationKeys.isEmpty, a.model != b.model { return false }
        // hasMask, not `mask`: copying each mask out of its box was most of the comparison.
        if a.hasMask, let x = a.mask, let y = b.mask, !equal(x, y) { return false }
        for (x, y) in zip(a.sublayers, b.sublayers) where !equal(x, y) { return false }
        for (xs, ys) in zip(a.delayedInstances, b.delayedInstances) {
            guard xs.count == ys.count else { return false }
            for (x, y) in zip(xs, ys) where !equal(x, y) { return false }
        }
        return true
    }
}
