import CCairo
import CReelCairo
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
        let stride = image.stride / 4
        for row in 0..<(y1 - y0) {
            // Pixel centres, as pixman samples a pattern.
            let x = Double(x0) + 0.5, y = Double(y0 + row) + 0.5
            let u = field.xx * x + field.xy * y + field.x0, v = field.yx * x + field.yy * y + field.y0
            let line = out + row * stride
            switch shape {
            case .axial:
                axialRow(line, x1 - x0, u, field.xx, rampWords, texels)
            case .radial:
                radialRow(line, x1 - x0, u, v, field.xx, field.yx, rampWords, texels)
            case .conic(let center, let start):
                conicRow(line, x1 - x0, u - center.x, v - center.y, field.xx, field.yx, start, rampWords, texels)
            }
        }
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

    /// Texel ⌊t · texels⌋, padded past the last (t is never negative here; NaN pads too).
    @inline(__always)
    private static func texel(_ t: Double, _ ramp: UnsafeMutablePointer<UInt32>, _ texels: Int) -> UInt32 {
        let k = t * Double(texels)
        return ramp[k < Double(texels - 1) ? Int(k) : texels - 1]
    }

    private static func axialRow(
        _ out: UnsafeMutablePointer<UInt32>, _ width: Int, _ t: Double, _ dt: Double,
        _ ramp: UnsafeMutablePointer<UInt32>, _ texels: Int
    ) {
        // Padded below 0 too.
        var t = t
        for i in 0..<width {
            out[i] = t > 0 ? texel(t, ramp, texels) : ramp[0]
            t += dt
        }
    }

    private static func radialRow(
        _ out: UnsafeMutablePointer<UInt32>, _ width: Int, _ u: Double, _ v: Double, _ du: Double, _ dv: Double,
        _ ramp: UnsafeMutablePointer<UInt32>, _ texels: Int
    ) {
        var u = u, v = v
        for i in 0..<width {
            out[i] = texel((u * u + v * v).squareRoot(), ramp, texels)
            u += du
            v += dv
        }
    }

    private static func conicRow(
        _ out: UnsafeMutablePointer<UInt32>, _ width: Int, _ dx: Double, _ dy: Double, _ ddx: Double, _ ddy: Double,
        _ start: Double, _ ramp: UnsafeMutablePointer<UInt32>, _ texels: Int
    ) {
        var dx = dx, dy = dy
        let from = start / (2 * Double.pi)
        for i in 0..<width {
            // Both lie within −½…½: one turn added brings t into 0…1 (`rounded(.down)` is a
            // libm call on baseline x86-64).
            var t = turns(dy, dx) - from
            if t < 0 { t += 1 }
            out[i] = texel(t, ramp, texels)
            dx += ddx
            dy += ddy
        }
    }

    /// atan2(y, x) in turns (−½…½), within 2·10⁻⁶ of a turn: Abramowitz & Stegun 4.4.49, a
    /// polynomial for atan on 0…1 good to 10⁻⁵ radians, extended to every octant. The centre
    /// (0, 0) is at 0.
    @inline(__always)
    static func turns(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay)
        guard big > 0 else { return 0 }
        let a = min(ax, ay) / big, s = a * a
        var r = a * (0.9998660 + s * (-0.3302995 + s * (0.1801410 + s * (-0.0851330 + s * 0.0208351))))
        if ay > ax { r = Double.pi / 2 - r }
        if x < 0 { r = Double.pi - r }
        if y < 0 { r = -r }
        return r / (2 * Double.pi)
    }
}
