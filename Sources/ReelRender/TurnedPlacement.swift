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

    /// Paints `raster` (made upright at this scale) turned into place, bilinear, with `alpha`.
    func composite(_ raster: Raster, _ cr: OpaquePointer, alpha: Double) {
        cairo_save(cr)
        var turn = cairo_matrix_t(xx: cos, yx: sin, xy: -sin, yy: cos, x0: x0, y0: y0)
        cairo_set_matrix(cr, &turn)
        cairo_set_source_surface(cr, raster.surface, Double(raster.originX), Double(raster.originY))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
        cairo_restore(cr)
    }
}
