import CCairo
import CReelPixels
import Foundation
import ReelCore

/// `filters` and `backgroundFilters`, as Core Animation on macOS applies them.
extension LayerPainter {
    /// Draws a layer with `filters`: the layer and its sublayers into an image of the device
    /// pixels that can show (plus the blur's reach), filtered, then composited; a layer that
    /// masks to bounds keeps the result inside them.
    func drawFiltered(
        _ layer: PresentationLayer, _ filters: [LayerFilter], full: CATransform3D, _ cr: CairoContext,
        place: (CairoContext) -> Void
    ) {
        let s = layer.state
        let affine = LayerExtent.affine(full)
        let scale = FilterPixels.scale(of: cr.matrix) * (affine.map(FilterPixels.scale(of:)) ?? 1)
        let margin = FilterPixels.margin(filters, scale: scale)
        let extent = LayerExtent.of(layer, shadow: true, context).flatMap { e in
            affine.map { LayerExtent.transformed(e, $0) }
        }
        guard let (x0, y0, x1, y1) = FilterPixels.deviceBox(extent, cr, margin: margin) else { return }
        // Wide blurs: the layer is drawn straight onto the coarser grid.
        let k = FilterPixels.reduction(filters, scale: scale)
        let image = CairoSurface(CAIRO_FORMAT_ARGB32, width: (x1 - x0 + k - 1) / k, height: (y1 - y0 + k - 1) / k)
        image.withContext { ic in
            ic.setAntialias(CAIRO_ANTIALIAS_GRAY)
            ic.scale(1 / Double(k), 1 / Double(k))
            ic.translate(Double(-x0), Double(-y0))
            ic.transform(cr.matrix)
            place(ic)
        }
        FilterPixels.apply(filters, to: image, scale: scale / Double(k))
        cr.save()
        if s.masksToBounds, let m = Geometry.cairoMatrix(full) {
            cr.transform(m)
            Geometry.roundedBounds(cr, s)
            cr.clip()
        }
        FilterPixels.paint(image, cr, x: x0, y: y0, reduction: k)
        cr.restore()
    }

    /// Replaces what is drawn behind the layer, inside its rounded bounds, by that drawing
    /// filtered (the current user space is the layer's bounds space). What is behind is what its
    /// superlayers' surface holds so far: the frame, or the group an ancestor is drawn into.
    func drawBackdrop(_ s: LayerState, _ filters: [LayerFilter], _ cr: CairoContext) {
        let target = cr.groupTarget
        guard target.type == CAIRO_SURFACE_TYPE_IMAGE, target.format == CAIRO_FORMAT_ARGB32,
            let pixels = target.data, s.bounds.width > 0, s.bounds.height > 0
        else { return }
        let scale = FilterPixels.scale(of: cr.matrix)
        let margin = FilterPixels.margin(filters, scale: scale)
        guard var (x0, y0, x1, y1) = FilterPixels.deviceBox(s.bounds, cr, margin: margin) else { return }
        // Device pixels → the target's pixels; only those the target has.
        let offset = target.deviceOffset
        let (ox, oy) = (Int(offset.x.rounded()), Int(offset.y.rounded()))
        x0 = max(x0, -ox); y0 = max(y0, -oy)
        x1 = min(x1, target.width - ox); y1 = min(y1, target.height - oy)
        guard x1 > x0, y1 > y0 else { return }
        target.flush()
        // Wide blurs run on a coarser grid: the region is box-averaged straight into it, and
        // only the layer's own box is scaled back up (in C: cairo's filtered paints through the
        // clip cost more than the blur).
        let k = FilterPixels.reduction(filters, scale: scale, coarse: true)
        let (w, h) = (x1 - x0, y1 - y0)
        let image = CairoSurface(CAIRO_FORMAT_ARGB32, width: (w + k - 1) / k, height: (h + k - 1) / k)
        guard let small = image.data else { return }
        image.flush()
        let from = pixels + (y0 + oy) * target.stride + (x0 + ox) * 4
        guard reel_downscale_argb32(from, w, h, target.stride, k, small, image.stride) != 0 else { return }
        image.markDirty()
        // What lies beyond the frame is taken to be its edge, as a backdrop has no hole there.
        FilterPixels.apply(filters, to: image, scale: scale / Double(k), clampEdges: true)
        let shown = k == 1 ? (x0, y0, x1, y1) : FilterPixels.deviceBox(s.bounds, cr, margin: 0)
        guard let (bx0, by0, bx1, by1) = shown.map({ (max($0.0, x0), max($0.1, y0), min($0.2, x1), min($0.3, y1)) }),
            bx1 > bx0, by1 > by0
        else { return }
        let full = k == 1 ? image : FilterPixels.upscale(image, k, window: (bx0 - x0, by0 - y0, bx1 - bx0, by1 - by0))
        guard let full else { return }
        cr.save()
        Geometry.roundedBounds(cr, s)
        cr.clip()
        cr.setOperator(CAIRO_OPERATOR_SOURCE)
        FilterPixels.paint(full, cr, x: bx0, y: by0, reduction: 1)
        cr.restore()
    }
}
