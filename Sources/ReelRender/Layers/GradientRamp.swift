import CCairo
import Foundation
import ReelCore

/// An axial gradient painted from a ramp: its colours computed once along one row of texels by
/// Cairo's own linear gradient, then sampled (nearest texel, padded) for every pixel.
///
/// Why: pixman evaluates a linear gradient per pixel through its gradient walker — float
/// arithmetic and a function call for each pixel — which was an eighth of all CPU time in a
/// 1080p60 render of a Lottie made of gradient fills (issue_1717.json). Sampling a row is
/// pixman's fast nearest-affine fetch. The row has 8 texels per device pixel of the gradient's
/// length (256 to 16 384), so a pixel's colour is the gradient's at most 1/16 pixel away from
/// its centre: a level apart at most where the gradient climbs 16 levels a pixel.
enum GradientRamp {
    static let texelsPerPixel = 8.0
    static let minTexels = 256, maxTexels = 16_384

    /// Paints the gradient from `a` (offset 0) to `b` (offset 1) with `stops` (offsets in 0…1)
    /// at `alpha`, padded beyond both, over the clip. Returns false, painting nothing, when the
    /// gradient has no length on the device.
    static func paint(
        from a: CGPoint, to b: CGPoint, stops: [(Double, CGColor)], alpha: Double, _ cr: CairoContext
    ) -> Bool {
        let dx = a.x == b.x && a.y == b.y ? 0 : b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let m = cr.matrix
        let det = m.xx * m.yy - m.xy * m.yx
        guard length2 > 0, length2.isFinite, det != 0, det.isFinite else { return false }
        // The offset t = (p − a)·d / |d|² grows by |∇t| a device pixel; ∇t on the device is the
        // inverse-transposed linear part applied to d / |d|².
        let gx = dx / length2, gy = dy / length2
        let devX = (m.yy * gx - m.yx * gy) / det, devY = (-m.xy * gx + m.xx * gy) / det
        let pixels = 1 / (devX * devX + devY * devY).squareRoot()
        guard pixels.isFinite else { return false }
        let texels = Int(min(max((pixels * texelsPerPixel).rounded(.up), Double(minTexels)), Double(maxTexels)))
        let ramp = row(stops, alpha: alpha, texels: texels)
        // User space → texels: u = texels · t; v runs across the gradient (any invertible
        // choice: the one row is padded above and below).
        let n = Double(texels)
        // (Invertible: its determinant is texels · |∇t|² > 0.)
        let toRamp = cairo_matrix_t(
            xx: n * gx, yx: -gy, xy: n * gy, yy: gx, x0: -n * (a.x * gx + a.y * gy), y0: a.x * gy - a.y * gx)
        let pattern = CairoPattern(surface: ramp)
        pattern.setMatrix(toRamp)
        pattern.setExtend(CAIRO_EXTEND_PAD)
        pattern.setFilter(CAIRO_FILTER_NEAREST)
        cr.setSource(pattern)
        cr.paint()
        return true
    }

    /// One row of `texels` premultiplied ARGB32 texels: texel i holds Cairo's colour for
    /// `stops` (offsets in 0…1, padded) at offset (i + ½) / texels, as pixman computes it.
    static func row(_ stops: [(Double, CGColor)], alpha: Double, texels: Int) -> CairoSurface {
        let ramp = CairoSurface(CAIRO_FORMAT_ARGB32, width: texels, height: 1)
        ramp.withContext { r in
            let line = CairoPattern.linear(0, 0, Double(texels), 0)
            GradientDrawing.addStops(stops, alpha: alpha, to: line)
            r.setOperator(CAIRO_OPERATOR_SOURCE)
            r.setSource(line)
            r.paint()
        }
        ramp.flush()
        return ramp
    }
}
