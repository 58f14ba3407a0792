import CCairo
import Foundation
import ReelCore

/// CAReplicatorLayer: instance i draws the sublayers (as they were i × instanceDelay earlier)
/// transformed by instanceTransform applied i times about the centre of the bounds, and tinted by
/// instanceColor plus i times the colour offsets (components clamped to 0…1).
enum ReplicatorDrawing {
    /// Draws the instances; `drawChildren` draws one instance's sublayers with its transform
    /// (about the replicator's centre; nil for instance 0) on the context it is given.
    static func draw(
        _ layer: PresentationLayer, _ cr: CairoContext, alpha: Double, budget: DrawBudget, context: RenderContext,
        children drawChildren: ([PresentationLayer], CATransform3D?, CairoContext) -> Void
    ) {
        if ReplicatedPicture.draw(layer, cr, alpha: alpha, budget: budget, context: context, children: drawChildren) {
            return
        }
        let s = layer.state
        let center = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        var transform = CATransform3D.identity
        for i in 0..<max(s.instanceCount, 0) where budget.take() {
            let delayed = i > 0 && i - 1 < layer.delayedInstances.count
            let children = delayed ? layer.delayedInstances[i - 1] : layer.sublayers
            let tint = tint(s, instance: i)
            defer { transform = s.instanceTransform.concatenating(transform) }
            guard tint.alpha > 0 else { continue }
            let instance = i > 0 ? Geometry.about(center, transform) : nil
            let opaqueWhite = tint.red == 1 && tint.green == 1 && tint.blue == 1
            cr.withSavedState {
                if opaqueWhite && tint.alpha * alpha == 1 {
                    drawChildren(children, instance, cr)
                } else {
                    let group = cr.withGroup { cr in drawChildren(children, instance, cr) }
                    let paintAlpha = (opaqueWhite ? tint.alpha : 1) * alpha
                    if let surface = group.surface, surface.type == CAIRO_SURFACE_TYPE_RECORDING {
                        paintRecorded(surface, tint: opaqueWhite ? nil : tint, cr, alpha: paintAlpha)
                    } else {
                        if !opaqueWhite, let surface = group.surface { SurfaceTint.multiply(surface, by: tint) }
                        cr.setSource(group)
                        cr.paint(alpha: paintAlpha)
                    }
                }
            }
        }
    }

    /// An instance's group drawn inside a flattened (3D) layer, whose groups are unbounded
    /// recordings: painted as they are, they made the layer's ink unbounded and the whole layer
    /// was dropped, and they have no pixels to tint. The instance is rasterised where its ink is,
    /// at the recording's device resolution (the flattened raster's pixels), tinted, and painted
    /// in device space.
    private static func paintRecorded(_ recording: CairoSurface, tint: CGColor?, _ cr: CairoContext, alpha: Double) {
        let (x, y, w, h) = recording.inkExtents
        guard w > 0, h > 0, w * h < 64e6 else { return }
        let (x0, y0) = (x.rounded(.down), y.rounded(.down))
        let image = recording.image(
            x: x0, y: y0, width: Int((x + w - x0).rounded(.up)), height: Int((y + h - y0).rounded(.up)))
        if let tint { SurfaceTint.multiply(image, by: tint) }
        cr.save()
        cr.identityMatrix()
        cr.setSource(image, x0, y0)
        cr.paint(alpha: alpha)
        cr.restore()
    }

    /// Instance `i`'s colour: instanceColor plus i times the offsets, components clamped to 0…1.
    static func tint(_ s: LayerState, instance i: Int) -> CGColor {
        let base = s.instanceColor ?? .white
        let k = Double(i)
        return CGColor(
            red: clamp(base.red + k * s.instanceRedOffset), green: clamp(base.green + k * s.instanceGreenOffset),
            blue: clamp(base.blue + k * s.instanceBlueOffset), alpha: clamp(base.alpha + k * s.instanceAlphaOffset))
    }

    private static func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }

    /// Each instance's sublayers and its transform about the centre (nil for instance 0), as
    /// `draw` places them; nil when there are more than `limit`. Conservative: instances `draw`
    /// skips (transparent tint, drawing budget spent) are listed too.
    static func instances(_ layer: PresentationLayer, limit: Int) -> [([PresentationLayer], CATransform3D?)]? {
        let s = layer.state
        guard s.instanceCount <= limit else { return nil }
        let center = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        var transform = CATransform3D.identity
        var result: [([PresentationLayer], CATransform3D?)] = []
        for i in 0..<max(s.instanceCount, 0) {
            let delayed = i > 0 && i - 1 < layer.delayedInstances.count
            let children = delayed ? layer.delayedInstances[i - 1] : layer.sublayers
            result.append((children, i > 0 ? Geometry.about(center, transform) : nil))
            transform = s.instanceTransform.concatenating(transform)
        }
        return result
    }
}
