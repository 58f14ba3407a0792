import CCairo
import CReelCairo
import CReelPixels
import Foundation
import ReelCore

/// Radial and conic gradients painted from a ramp looked up once per pixel: each pixel's offset
/// (its distance from the centre, or its angle) picks the nearest texel of a row Cairo computed
/// (`GradientRamp.row`), and the pixels are painted as an image through the current clip.
///
/// Why: pixman evaluates a radial gradient per pixel by solving its quadratic and walking the
/// stops in floating point, and Cairo draws a conic sweep (it has none) as a mesh of 360
/// patches, which its rasteriser subdivides down to pixels — a full-frame gradient that changes
/// every frame paid either on every pixel of every frame. A distance and a table read are a few
/// instructions. The row has 8 texels per device pixel of the largest radius (256 to 16 384),
/// so a pixel's colour is the gradient's at most 1/16 pixel (or 1/16 384 of a turn) away.
enum GradientField {
    /// How a point's offset along the gradient is found.
    enum Shape {
        /// t = the offset along the line from `from` (0) to `to` (1), constant across it.
        case axial(from: CGPoint, to: CGPoint)
        /// t = |P·p|: `P` maps user space to a pattern space where the gradient's ellipse is the
        /// unit circle (offset 1).
        case radial(cairo_matrix_t)
        /// t = the angle of p around `center` from the direction `start` (radians, user space),
        /// clockwise on screen, in turns.
        case conic(center: CGPoint, start: Double)
    }

    /// Paints the gradient (`stops`' offsets in 0…1, padded; a conic one wraps) at `alpha` over
    /// the clip. Returns false, painting nothing, when the target is neither an image nor a
    /// recording, a recording's clip does not bound it, or the mapping is degenerate.
    static func paint(_ shape: Shape, stops: [(Double, CGColor)], alpha: Double, _ cr: CairoContext) -> Bool {
        let target = cr.groupTarget
        // A recording (a raster being made) is replayed 1:1 onto pixels, so its device space is
        // theirs; its clip must bound the gradient.
        let onImage = target.type == CAIRO_SURFACE_TYPE_IMAGE
        guard onImage || target.type == CAIRO_SURFACE_TYPE_RECORDING else { return false }
        let m = cr.matrix
        var toUser = m
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS else { return false }
        // Device space → the space where the offset is read.
        var field = toUser
        switch shape {
        case .radial(var pattern): cairo_matrix_multiply(&field, &toUser, &pattern)
        case .axial(let a, let b):
            // t = (p − a)·d / |d|² in the first row (the second row is unused).
            let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
            guard length2 > 0 else { return false }
            var line = cairo_matrix_t(
                xx: dx / length2, yx: 0, xy: dy / length2, yy: 0, x0: -(a.x * dx + a.y * dy) / length2, y0: 0)
            cairo_matrix_multiply(&field, &toUser, &line)
        case .conic: break
        }
        guard [field.xx, field.yx, field.xy, field.yy, field.x0, field.y0].allSatisfy(\.isFinite) else { return false }
        // The pixels the clip can reach, in the target's (offset) device space.
        cr.save()
        cr.identityMatrix()
        let clip = cr.clipExtents
        cr.restore()
        var (cx0, cy0, cx1, cy1) = clip
        if onImage {
            let offset = target.deviceOffset
            (cx0, cy0) = (max(cx0, -offset.x), max(cy0, -offset.y))
            (cx1, cy1) = (min(cx1, Double(target.width) - offset.x), min(cy1, Double(target.height) - offset.y))
        }
        guard cx1 > cx0, cy1 > cy0 else { return true }
        guard (cx1 - cx0) * (cy1 - cy0) <= Double(Raster.maxPixels), abs(cx0) < 1e7, abs(cy0) < 1e7 else {
            return false
        }
        let x0 = Int(cx0.rounded(.down)), y0 = Int(cy0.rounded(.down))
        let x1 = Int(cx1.rounded(.up)), y1 = Int(cy1.rounded(.up))
        let texels: Int
        switch shape {
        case .axial:
            // The gradient's length in pixels.
            let gradient = hypot(field.xx, field.xy)
            guard gradient > 0 else { return false }
            texels = count(8 / gradient)
        case .radial:
            // The radius is longest (in pixels) along the direction the field shrinks most.
            let det = abs(field.xx * field.yy - field.xy * field.yx)
            let sum = field.xx * field.xx + field.xy * field.xy + field.yx * field.yx + field.yy * field.yy
            let largest = ((sum + (max(sum * sum - 4 * det * det, 0)).squareRoot()) / 2).squareRoot()
            guard det > 0, largest > 0 else { return false }
            texels = count(8 * largest / det)
        case .conic(let center, _):
            // The turn's length in pixels at the farthest pixel.
            let c = CGPoint(x: m.xx * center.x + m.xy * center.y + m.x0, y: m.yx * center.x + m.yy * center.y + m.y0)
            let reach =
                max(abs(Double(x0) - c.x), abs(Double(x1) - c.x)) + max(abs(Double(y0) - c.y), abs(Double(y1) - c.y))
            texels = count(8 * 2 * Double.pi * reach)
        }
        let ramp = GradientRamp.row(stops, alpha: alpha, texels: texels)
        // (A recording keeps its sources: those get a buffer of their own.)
        let image =
            onImage
            ? CairoSurface(owning: reel_pooled_image(Int32(x1 - x0), Int32(y1 - y0))!)
            : CairoSurface(CAIRO_FORMAT_ARGB32, width: x1 - x0, height: y1 - y0)
        guard image.status == CAIRO_STATUS_SUCCESS, let rampWords = ramp.words, let out = image.words else {
            return false
        }
        var spec = ReelGradientField(
            kind: REEL_GRADIENT_AXIAL, xx: field.xx, yx: field.yx, xy: field.xy, yy: field.yy, x0: field.x0,
            y0: field.y0, cx: 0, cy: 0, start: 0)
        switch shape {
        case .axial: break
        case .radial: spec.kind = REEL_GRADIENT_RADIAL
        case .conic(let center, let start):
            (spec.kind, spec.cx, spec.cy, spec.start) = (REEL_GRADIENT_CONIC, center.x, center.y, start)
        }
        reel_gradient_fill(&spec, rampWords, texels, out, image.stride / 4, Int32(x0), Int32(y0), x1 - x0, y1 - y0)
        image.markDirty()
        cr.save()
        cr.identityMatrix()
        cr.setSource(image, Double(x0), Double(y0))
        // Padded: a recording may be replayed at a fraction of a pixel (bilinear at the edges).
        if !onImage { cr.setSourceExtend(CAIRO_EXTEND_PAD) }
        cr.paint()
        cr.restore()
        return true
    }

    private static func count(_ texels: Double) -> Int {
        Int(min(max(texels.rounded(.up), Double(GradientRamp.minTexels)), Double(GradientRamp.maxTexels)))
    }

    /// atan2(y, x) in turns (−½…½), within 2·10⁻⁶ of a turn: Abramowitz & Stegun 4.4.49, a
    /// polynomial for atan on 0…1 good to 10⁻⁵ radians, extended to every octant. The centre
    /// (0, 0) is at 0.
    static func turns(_ y: Double, _ x: Double) -> Double { reel_turns(y, x) }
}
