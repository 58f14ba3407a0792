import CCairo
import Foundation
import ReelCore

/// Transitions computed per pixel or per row on the side images.
enum PixelTransitions {
    /// Ripples spread from the centre like rings on water while old dissolves into new: each
    /// pixel samples both sides displaced along its radius by a damped travelling sine wave whose
    /// strength rises and falls with the progress.
    static func ripple(_ sides: Sides, progress p: Double, _ cr: CairoContext) {
        let w = sides.width, h = sides.height
        let out = CairoSurface(CAIRO_FORMAT_ARGB32, width: w, height: h)
        guard let old = sides.old.data, let new = sides.new.data,
            let dst = out.data
        else { return }
        let stride = out.stride
        let cx = Double(w) / 2, cy = Double(h) / 2
        let reach = hypot(cx, cy)
        let wavelength = max(Double(min(w, h)) / 6, 4)
        let amplitude = Double(min(w, h)) * 0.035 * sin(Double.pi * p)
        let front = reach * 1.4 * p  // how far the rings have travelled
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let rho = hypot(dx, dy)
                var offset = 0.0
                if rho < front {
                    let decay = 1 - rho / max(front, 1e-9)
                    offset = amplitude * decay * sin(2 * Double.pi * (rho - front) / wavelength)
                }
                let k = rho > 1e-9 ? offset / rho : 0
                let sx = Double(x) + 0.5 + dx * k, sy = Double(y) + 0.5 + dy * k
                let a = sample(old, stride: stride, w: w, h: h, x: sx, y: sy)
                let b = sample(new, stride: stride, w: w, h: h, x: sx, y: sy)
                let o = dst + y * stride + x * 4
                for c in 0..<4 { o[c] = UInt8(min(255, max(0, (a[c] * (1 - p) + b[c] * p).rounded()))) }
            }
        }
        out.markDirty()
        paint(out, sides, cr)
    }

    /// The genie: the old appearance is sucked into the middle of the bottom edge — rows nearer
    /// the bottom narrow first, and the whole page slides down as it narrows — over the new.
    static func suck(_ sides: Sides, progress p: Double, _ cr: CairoContext) {
        let b = sides.bounds
        let w = Double(b.width), h = Double(b.height)
        cr.save()
        cr.rectangle(b.minX, b.minY, w, h)
        cr.clip()
        sides.drawNew(cr)
        let rows = max(sides.height, 1)
        let alpha = p > 0.85 ? max(0, (1 - p) / 0.15) : 1
        let r = sides.resolution
        for row in 0..<rows {
            let y = (Double(row) + 0.5) / r
            let f = y / h
            // Narrowing of this row: later for rows further from the bottom.
            let a = min(max((p * 1.6 - (1 - f) * 0.6) / 1.0, 0), 1)
            let eased = a * a * (3 - 2 * a)
            let width = w * (1 - eased)
            guard width > 0.01 else { continue }
            let centerX = w / 2
            // The row slides down towards the bottom edge.
            let destY = y + (h - y) * min(1, p * p * 1.2)
            cr.save()
            cr.rectangle(b.minX + centerX - width / 2, b.minY + destY - 0.5 / r, width, 1 / r + 0.5 / r)
            cr.clip()
            cr.translate(b.minX + centerX - width / 2, b.minY + destY - y)
            cr.scale(width / w, 1)
            cr.scale(1 / r, 1 / r)
            cr.setSource(sides.old, 0, 0)
            cr.setSourceFilter(CAIRO_FILTER_GOOD)
            cr.paint(alpha: alpha)
            cr.restore()
        }
        cr.restore()
    }

    /// Bilinear sample of a premultiplied BGRA image (transparent outside).
    private static func sample(_ data: UnsafeMutablePointer<UInt8>, stride: Int, w: Int, h: Int, x: Double, y: Double)
        -> [Double]
    {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(saturating: fx.rounded(.down)), y0 = Int(saturating: fy.rounded(.down))
        let tx = fx - Double(x0), ty = fy - Double(y0)
        var result = [0.0, 0, 0, 0]
        for (xx, yy, weight) in [
            (x0, y0, (1 - tx) * (1 - ty)), (x0 + 1, y0, tx * (1 - ty)), (x0, y0 + 1, (1 - tx) * ty),
            (x0 + 1, y0 + 1, tx * ty)
        ] {
            guard xx >= 0, yy >= 0, xx < w, yy < h, weight > 0 else { continue }
            let p = data + yy * stride + xx * 4
            for c in 0..<4 { result[c] += Double(p[c]) * weight }
        }
        return result
    }

    private static func paint(_ image: CairoSurface, _ sides: Sides, _ cr: CairoContext) {
        cr.save()
        cr.translate(sides.bounds.minX, sides.bounds.minY)
        cr.scale(1 / sides.resolution, 1 / sides.resolution)
        cr.setSource(image, 0, 0)
        cr.paint()
        cr.restore()
    }
}
