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
    init?(_ cr: CairoContext) {
        let m = cr.matrix
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
    /// `TurnSampler` composites it straight into the target's pixels when it can (an image
    /// target, OVER, a clip of whole-pixel boxes), else into a surface the size of its bounding
    /// box, painted through Cairo.
    func composite(_ raster: Raster, _ cr: CairoContext, alpha: Double) {
        let image = raster.surface
        let w = Double(image.width), h = Double(image.height)
        let (ox, oy) = (Double(raster.originX), Double(raster.originY))
        // The raster's corners in device pixels (one pixel more: bilinear edges).
        let corners = [(ox - 1, oy - 1), (ox + w + 1, oy - 1), (ox - 1, oy + h + 1), (ox + w + 1, oy + h + 1)]
            .map { (cos * $0.0 - sin * $0.1 + x0, sin * $0.0 + cos * $0.1 + y0) }
        let bounds = (
            left: corners.map(\.0).min()!, top: corners.map(\.1).min()!, right: corners.map(\.0).max()!,
            bottom: corners.map(\.1).max()!
        )
        guard bounds.right - bounds.left < 16384, bounds.bottom - bounds.top < 16384 else { return }
        // `image` was flushed when it was made, and may be shared: it is only read here.
        let level = UInt16((min(max(alpha, 0), 1) * 255).rounded())

        /// Samples into the `bw` × `bh` pixels at `out` that show device pixels from (bx, by).
        func sample(
            into out: UnsafeMutablePointer<UInt32>, stride: Int, bx: Int, by: Int, bw: Int, bh: Int, alpha: UInt16
        ) {
            // Pixel (x, y) is device (x + bx, y + by); turned back, less the raster's origin.
            let (dx, dy) = (Double(bx) - x0, Double(by) - y0)
            TurnSampler.turn(
                image: image.words!, imageStride: image.stride / 4,
                imageWidth: Int(w), imageHeight: Int(h), out: out, outStride: stride, width: bw, height: bh,
                xx: cos, xy: sin, yx: -sin, yy: cos,
                x0: cos * dx + sin * dy - ox, y0: -sin * dx + cos * dy - oy, alpha: alpha, flat: raster.flat)
        }

        if cr.operator == CAIRO_OPERATOR_OVER, let target = PixelTarget(cr) {
            // Device pixels + the group's offset = target pixels.
            let left = Int((bounds.left + target.offsetX).rounded(.down)),
                top = Int((bounds.top + target.offsetY).rounded(.down))
            let right = Int((bounds.right + target.offsetX).rounded(.up)),
                bottom = Int((bounds.bottom + target.offsetY).rounded(.up))
            for (cx0, cy0, cx1, cy1) in target.clips {
                let (bx, by) = (max(left, cx0), max(top, cy0))
                let (bw, bh) = (min(right, cx1) - bx, min(bottom, cy1) - by)
                guard bw > 0, bh > 0 else { continue }
                let out = UnsafeMutableRawPointer(target.data + by * target.stride + bx * 4).assumingMemoryBound(
                    to: UInt32.self)
                sample(
                    into: out, stride: target.stride / 4,
                    bx: bx - Int(target.offsetX.rounded()), by: by - Int(target.offsetY.rounded()), bw: bw, bh: bh,
                    alpha: level)
            }
            target.finish()
            return
        }

        cr.save()
        defer { cr.restore() }
        cr.identityMatrix()
        let (cx0, cy0, cx1, cy1) = cr.clipExtents
        let left = max(bounds.left, cx0).rounded(.down), top = max(bounds.top, cy0).rounded(.down)
        let right = min(bounds.right, cx1).rounded(.up), bottom = min(bounds.bottom, cy1).rounded(.up)
        guard right > left, bottom > top else { return }
        let (bx, by, bw, bh) = (Int(left), Int(top), Int(right - left), Int(bottom - top))
        let out = CairoSurface(CAIRO_FORMAT_ARGB32, width: bw, height: bh)
        out.flush()
        sample(into: out.words!, stride: out.stride / 4, bx: bx, by: by, bw: bw, bh: bh, alpha: 255)
        out.markDirty()
        cr.setSource(out, Double(bx), Double(by))
        if alpha >= 1 { cr.paint() } else { cr.paint(alpha: alpha) }
    }
}
