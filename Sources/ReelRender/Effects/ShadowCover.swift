import CCairo
import Foundation
import ReelCore

/// The device pixels a layer's own opaque background will cover once it is drawn over its
/// shadow. The shadow under them can never show, so it is not composited there: a phone mockup's
/// big soft shadow (radius 40) was a quarter of the onboarding bench scene's drawing, most of it
/// under the phone (callgrind). Skipping those pixels changes none.
struct ShadowCover: Equatable {
    /// Half-open device-pixel box: x0 ≤ x < x1, y0 ≤ y < y1.
    let x0: Int, y0: Int, x1: Int, y1: Int

    /// The box inside `s`'s background (away from rounded corners, less a pixel of antialiasing)
    /// when the background is opaque, drawn at full alpha and upright; else nil.
    init?(_ s: LayerState, _ cr: CairoContext, alpha: Double) {
        guard alpha >= 1, let color = s.backgroundColor, color.alpha >= 1, s.bounds.width > 0, s.bounds.height > 0
        else { return nil }
        let m = cr.matrix
        guard m.xy == 0, m.yx == 0 else { return nil }
        let r = s.bounds.standardized
        // The corner reaches `extent` along each side (1.528 × the radius when continuous).
        let radius = s.cornerCurve.extent(radius: Double(s.cornerRadius), shorterSide: min(r.width, r.height))
        // The larger arm of the cross a rounded rectangle's inside is.
        let tall = r.insetBy(dx: radius, dy: 0), wide = r.insetBy(dx: 0, dy: radius)
        let inner = tall.width * tall.height > wide.width * wide.height ? tall : wide
        let (ax, bx) = (m.xx * inner.minX + m.x0, m.xx * inner.maxX + m.x0)
        let (ay, by) = (m.yy * inner.minY + m.y0, m.yy * inner.maxY + m.y0)
        let box = (
            x0: Int(min(ax, bx).rounded(.up)) + 1, y0: Int(min(ay, by).rounded(.up)) + 1,
            x1: Int(max(ax, bx).rounded(.down)) - 1, y1: Int(max(ay, by).rounded(.down)) - 1
        )
        // Small boxes save less than the extra clip costs.
        guard box.x1 - box.x0 >= 32, box.y1 - box.y0 >= 32 else { return nil }
        (x0, y0, x1, y1) = box
    }

    /// Clips `cr` (in device space: the identity matrix is current) to the `width` × `height`
    /// pixels at (x, y) less this box, as up to four boxes around it.
    func clipAround(_ cr: CairoContext, x: Double, y: Double, width: Double, height: Double) {
        // Out to whole pixels: a band edge through a pixel would clip it partly.
        let (left, top, right, bottom) = (
            x.rounded(.down), y.rounded(.down), (x + width).rounded(.up), (y + height).rounded(.up)
        )
        let (hx0, hy0) = (max(Double(x0), left), max(Double(y0), top))
        let (hx1, hy1) = (min(Double(x1), right), min(Double(y1), bottom))
        guard hx1 > hx0, hy1 > hy0 else { return }
        cr.newPath()
        func band(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
            if c > a, d > b { cr.rectangle(a, b, c - a, d - b) }
        }
        band(left, top, right, hy0)  // above
        band(left, hy1, right, bottom)  // below
        band(left, hy0, hx0, hy1)  // left of it
        band(hx1, hy0, right, hy1)  // right of it
        cr.clip()
    }
}
