import Foundation

extension PresentationLayer {
    /// One layer of a presentation tree with where its bounds are on the canvas.
    public struct Placement: Sendable {
        public let layer: PresentationLayer
        /// Nesting depth: 0 for the root.
        public let depth: Int
        /// The layer's bounds space → the canvas (in points): every transform on the way, 3D ones
        /// projected, each layer flattened into its superlayer's plane as the renderer draws it
        /// (sublayers of a CATransformLayer keep their 3D until it is flattened).
        public let toCanvas: Homography
        /// Whether some layer on the way (or this one) has opacity 0: it is not drawn.
        public let isTransparent: Bool
        /// Whether the layer is single-sided and turned away from the viewer: the renderer skips it.
        public let facesAway: Bool
    }

    /// This tree's layers, depth first in the model's order (sublayers in their order, not
    /// re-sorted by zPosition), each with its map to the canvas — `reel still --outline`.
    /// Hidden layers and their sublayers are left out, as the renderer leaves them out; masks and
    /// a replicator's copies too (the original instance stands for them).
    public func placements() -> [Placement] {
        var out: [Placement] = []
        // This tree's root sits in the canvas through its own transform (its parent: none).
        let rootToCanvas = Homography(state.transformToSuperlayer(parentSublayer: nil))
        var path: [(state: LayerState, kind: LayerKind)] = []
        /// `toPlane`: the layer's map into the plane it is flattened into, as the renderer takes
        /// it (through any CATransformLayers above it) to tell a back face.
        func visit(_ layer: PresentationLayer, depth: Int, transparent: Bool, toPlane: CATransform3D) {
            let s = layer.state
            guard !s.isHidden else { return }
            path.insert((s, layer.kind), at: 0)
            defer { path.removeFirst() }
            let transparent = transparent || s.opacity <= 0
            let facesAway =
                !s.isDoubleSided && layer.kind != .transformLayer && toPlane.showsBack(of: s.bounds)
            // The same map the geometry API and hit testing use (`LayerGeometry.toRoot`).
            out.append(
                Placement(
                    layer: layer, depth: depth, toCanvas: LayerGeometry.toRoot(path).then(rootToCanvas),
                    isTransparent: transparent, facesAway: facesAway))
            for child in layer.sublayers {
                let own = child.state.transformToSuperlayer(parentSublayer: s.sublayerTransformAboutCentre)
                let next = layer.kind == .transformLayer ? own.concatenating(toPlane) : own
                DeepStack.level { visit(child, depth: depth + 1, transparent: transparent, toPlane: next) }
            }
        }
        visit(self, depth: 0, transparent: false, toPlane: state.transformToSuperlayer(parentSublayer: nil))
        return out
    }
}
