import ReelCore

/// What a flattened layer's raster depends on: the layer and its whole subtree as presented,
/// minus the layer's own position and transform (they only move the plane), and the raster's
/// pixels per point. nil for subtrees that change by themselves between equal states
/// (particles) or that draw a transition.
struct FlattenedKey: Hashable, @unchecked Sendable {
    // @unchecked: holds immutable values only (LayerState's CGPath/CGImage are immutable).
    private var layers: [Node] = []
    private let rx: Double, ry: Double

    /// One layer in depth-first order with its place in the tree, so two different trees of the
    /// same states never share a key.
    private struct Node: Hashable {
        var kind: LayerKind
        var state: LayerState
        /// Sublayers, mask (0 or 1) and delayed replicator instances that follow this node.
        var sublayers: Int, masks: Int, instances: [Int]
    }

    init?(_ layer: PresentationLayer, rx: Double, ry: Double) {
        (self.rx, self.ry) = (rx, ry)
        var own = layer.state
        own.position = .zero
        own.transform = .identity
        guard append(layer, state: own) else { return nil }
    }

    private mutating func append(_ layer: PresentationLayer, state: LayerState) -> Bool {
        guard layer.transition == nil, layer.particles == nil, layer.kind != .emitter else { return false }
        layers.append(
            Node(
                kind: layer.kind, state: state, sublayers: layer.sublayers.count,
                masks: layer.mask == nil ? 0 : 1, instances: layer.delayedInstances.map(\.count)))
        for child in layer.sublayers + (layer.mask.map { [$0] } ?? []) + layer.delayedInstances.joined() {
            guard append(child, state: child.state) else { return false }
        }
        return true
    }
}
