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
        _ layer: PresentationLayer, _ cr: CairoContext, alpha: Double, budget: DrawBudget,
        children drawChildren: ([PresentationLayer], CATransform3D?, CairoContext) -> Void
    ) {
        let s = layer.state
        let center = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        var transform = CATransform3D.identity
        let base = s.instanceColor ?? .white
        for i in 0..<max(s.instanceCount, 0) where budget.take() {
            let delayed = i > 0 && i - 1 < layer.delayedInstances.count
            let children = delayed ? layer.delayedInstances[i - 1] : layer.sublayers
            let k = Double(i)
            let tint = CGColor(
                red: clamp(base.red + k * s.instanceRedOffset), green: clamp(base.green + k * s.instanceGreenOffset),
                blue: clamp(base.blue + k * s.instanceBlueOffset), alpha: clamp(base.alpha + k * s.instanceAlphaOffset))
            defer { transform = s.instanceTransform.concatenating(transform) }
            guard tint.alpha > 0 else { continue }
            let instance = i > 0 ? Geometry.about(center, transform) : nil
            let opaqueWhite = tint.red == 1 && tint.green == 1 && tint.blue == 1
            cr.withSavedState {
                if opaqueWhite && tint.alpha * alpha == 1 {
                    drawChildren(children, instance, cr)
                } else {
                    let group = cr.withGroup { cr in drawChildren(children, instance, cr) }
                    if !opaqueWhite, let surface = group.surface { SurfaceTint.multiply(surface, by: tint) }
                    cr.setSource(group)
                    cr.paint(alpha: (opaqueWhite ? tint.alpha : 1) * alpha)
                }
            }
        }
    }

    private static func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
}
