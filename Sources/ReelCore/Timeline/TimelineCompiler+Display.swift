import Foundation

/// Displaying layers that need it, at the end of each outermost transaction (after layout, as
/// Core Animation's commit does), so a drawing made at scene time t is the contents from t on.
extension TimelineCompiler {
    /// `setNeedsDisplay()` during the compile.
    func layerNeedsDisplay(_ layer: CALayer) {
        pendingDisplay.append(layer)
    }

    /// Displays the marked layers that are on screen. Drawing may mark more layers; each is
    /// displayed at most once per transaction (one that marks itself again waits for the next).
    /// Layers off screen keep their mark and are displayed when they are inserted.
    func displayPendingLayers() {
        var displayed = Set<ObjectIdentifier>()
        while let next = pendingDisplay.firstIndex(where: {
            $0.needsDisplayFlag && isOnScreen($0) && !displayed.contains(ObjectIdentifier($0))
        }) {
            let layer = pendingDisplay.remove(at: next)
            displayed.insert(ObjectIdentifier(layer))
            willMutate(layer)
            layer.displayIfNeeded()
        }
        pendingDisplay.removeAll { !$0.needsDisplayFlag || !isOnScreen($0) }
    }
}
