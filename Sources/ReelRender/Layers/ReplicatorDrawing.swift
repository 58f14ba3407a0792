import CCairo
import Foundation
import ReelCore

/// CAReplicatorLayer: instance i draws the sublayers (as they were i × instanceDelay earlier)
/// transformed by instanceTransform applied i times about the centre of the bounds, and tinted by
/// instanceColor plus i times the colour offsets (components clamped to 0…1).
enum ReplicatorDrawing {
    /// Draws the instances; `drawChildren` draws one instance's sublayers with its transform
    /// (about the replicator's centre; nil for instance 0).
    static func draw(_ layer: PresentationLayer, _ cr: OpaquePointer, alpha: Double, budget: DrawBudget,
                     children drawChildren: ([PresentationLayer], CATransform3D?) -> Void) {
        let s = layer.state
        let center = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        var transform = CATransform3D.identity
        let base = s.instanceColor ?? .white
        for i in 0..<max(s.instanceCount, 0) where budget.take() {
            let delayed = i > 0 && i - 1 < layer.delayedInstances.count
            let children = delayed ? layer.delayedInstances[i - 1] : layer.sublayers
            let k = Double(i)
            let tint = CGColor(red: clamp(base.red + k * s.instanceRedOffset), green: clamp(base.green + k * s.instanceGreenOffset),
                               blue: clamp(base.blue + k * s.instanceBlueOffset), alpha: clamp(base.alpha + k * s.instanceAlphaOffset))
            defer { transform = s.instanceTransform.concatenating(transform) }
            guard tint.alpha > 0 else { continue }
            let instance = i > 0 ? Geometry.about(center, transform) : nil
            cairo_save(cr)
            let opaqueWhite = tint.red == 1 && tint.green == 1 && tint.blue == 1
            if opaqueWhite && tint.alpha * alpha == 1 {
                drawChildren(children, instance)
            } else {
                cairo_push_group(cr)
                drawChildren(children, instance)
                let group = cairo_pop_group(cr)!
                if !opaqueWhite { multiply(group, by: tint) }
                cairo_set_source(cr, group)
                cairo_paint_with_alpha(cr, (opaqueWhite ? tint.alpha : 1) * alpha)
                cairo_pattern_destroy(group)
            }
            cairo_restore(cr)
        }
    }

    /// Multiplies every premultiplied pixel of a group by a colour (alpha included).
    private static func multiply(_ pattern: OpaquePointer, by c: CGColor) {
        var surfacePointer: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surfacePointer) == CAIRO_STATUS_SUCCESS, let surface = surfacePointer else { return }
        SurfaceTint.multiply(surface, by: c)
    }

    private static func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
}
