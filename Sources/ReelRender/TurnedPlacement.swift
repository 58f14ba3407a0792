import CCairo
import Foundation

/// A device transform that turns a layer by an angle that is not a quarter turn (scales
/// allowed, no skew or mirror). Core Animation draws such a layer's backing store upright and
/// lets the GPU turn the bitmap each frame; Reel does the same — the upright raster is made once
/// and composited turned (bilinear) — instead of drawing it anew at every angle. Measured
/// (callgrind, typical bench scene): a spinning image with rounded corners was half of the
/// frame's drawing, each frame re-sampling the image through a turned, clipped path.
struct TurnedPlacement {
    /// Lengths of the transformed x and y axes: the raster's pixels per point.
    let scaleX: Double, scaleY: Double
    /// The turn, and the full translation (whole and sub-pixel).
    let cos: Double, sin: Double, x0: Double, y0: Double

    /// nil for transforms without a turn (the exact raster path places those), quarter turns,
    /// skews and mirrors.
    init?(_ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let sx = hypot(m.xx, m.yx), sy = hypot(m.xy, m.yy)
        guard sx > 1e-9, sy > 1e-9, sx < 1e6, sy < 1e6 else { return nil }
        let (c, s) = (m.xx / sx, m.yx / sx)
        // Turned, not quarter-turned: both axes off the pixel grid.
        guard abs(c) > 1e-6, abs(s) > 1e-6 else { return nil }
        // The y axis must be the x axis turned a quarter (no skew, no mirror).
        guard abs(m.xy / sy + s) < 1e-6, abs(m.yy / sy - c) < 1e-6 else { return nil }
        (scaleX, scaleY, cos, sin, x0, y0) = (sx, sy, c, s, m.x0, m.y0)
    }

    /// Paints `raster` (made upright at this scale) turned into place, bilinear, with `alpha`:
    /// sampled by `TurnSampler` into a surface the size of the turned raster's bounding box (cut
    /// to the clip), then painted through Cairo so the clip and the operator hold.
    func composite(_ raster: Raster, _ cr: OpaquePointer, alpha: Double) {
        let image = raster.surface
        let w = Double(cairo_image_surface_get_width(image)), h = Double(cairo_image_surface_get_height(image))
        let (ox, oy) = (Double(raster.originX), Double(raster.originY))
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        // The raster's corners in device pixels (one pixel more: bilinear edges), within the clip.
        let corners = [(ox - 1, oy - 1), (ox + w + 1, oy - 1), (ox - 1, oy + h + 1), (ox + w + 1, oy + h + 1)]
            .map { (cos * $0.0 - sin * $0.1 + x0, sin * $0.0 + cos * $0.1 + y0) }
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        let left = max(corners.map(\.0).min()!, cx0).rounded(.down), top = max(corners.map(\.1).min()!, cy0).rounded(.down)
        let right = min(corners.map(\.0).max()!, cx1).rounded(.up), bottom = min(corners.map(\.1).max()!, cy1).rounded(.up)
        guard right > left, bottom > top, right - left < 16384, bottom - top < 16384 else { return }
        let (bx, by, bw, bh) = (Int(left), Int(top), Int(right - left), Int(bottom - top))
        let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bw), Int32(bh))!
        defer { cairo_surface_destroy(out) }
        cairo_surface_flush(image)
        cairo_surface_flush(out)
        func words(_ surface: OpaquePointer) -> UnsafeMutablePointer<UInt32> {
            UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        }
        // Temporary pixel (x, y) is device (x + bx, y + by); turned back, less the raster's origin.
        let (dx, dy) = (Double(bx) - x0, Double(by) - y0)
        TurnSampler.turn(image: words(image), imageStride: Int(cairo_image_surface_get_stride(image)) / 4,
                         imageWidth: Int(w), imageHeight: Int(h),
                         out: words(out), outStride: Int(cairo_image_surface_get_stride(out)) / 4, width: bw, height: bh,
                         xx: cos, xy: sin, yx: -sin, yy: cos,
                         x0: cos * dx + sin * dy - ox, y0: -sin * dx + cos * dy - oy, flat: raster.flat)
        cairo_surface_mark_dirty(out)
        cairo_set_source_surface(cr, out, Double(bx), Double(by))
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
    }
}
