/// A layer as it was before a timeline first changed it: its model, its place in the tree, its
/// mask, the animations added while building the scene and its needs-display mark. Compiling restores every layer it
/// touched from these, so a scene compiles to the same timeline every time — layers built
/// beforehand and first inserted by the timeline included.
struct LayerRestorePoint {
    let layer: CALayer
    let model: LayerState
    let children: [CALayer]
    let superlayer: CALayer?
    let mask: CALayer?
    let maskOwner: CALayer?
    let pending: [(key: String?, animation: CAAnimation)]
    let needsDisplay: Bool

    init(_ layer: CALayer) {
        self.layer = layer
        model = layer.modelState
        children = layer.children
        superlayer = layer.superlayer
        mask = layer.mask
        maskOwner = layer.maskOwner
        pending = layer.pendingAnimations
        needsDisplay = layer.needsDisplayFlag
    }

    /// Puts the mask back first (its setter moves layers about), then every field as it was.
    static func restore(_ points: [LayerRestorePoint]) {
        for point in points where point.layer.mask !== point.mask { point.layer.mask = point.mask }
        for point in points {
            point.layer.modelState = point.model
            point.layer.children = point.children
            point.layer.superlayer = point.superlayer
            point.layer.maskOwner = point.maskOwner
            point.layer.pendingAnimations = point.pending
            point.layer.needsDisplayFlag = point.needsDisplay
        }
    }
}

extension TimelineCompiler {
    /// Records how `layer` is before the timeline first changes it (its model, sublayers,
    /// superlayer or mask); later calls keep the first record.
    func willMutate(_ layer: CALayer?) {
        guard let layer, restorePoints[ObjectIdentifier(layer)] == nil else { return }
        restorePoints[ObjectIdentifier(layer)] = restoreOrder.count
        restoreOrder.append(LayerRestorePoint(layer))
    }
}

extension CALayer {
    /// Tells the timeline being compiled, if any, that these layers are about to change.
    func willMutate(_ layers: CALayer?...) {
        for layer in layers { layer?.modelDidChange() }
        guard let compiler = TimelineCompiler.current else { return }
        for layer in layers { compiler.willMutate(layer) }
    }
}
