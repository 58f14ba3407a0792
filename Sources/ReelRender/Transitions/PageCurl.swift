import CCairo
import Foundation
import ReelCore

/// The frame a page curl is drawn in: the curl always travels towards −x from the right edge;
/// the subtype picks how that frame lies on the layer (from the right, left, top or bottom).
struct CurlSpace {
    let bounds: CGRect
    let subtype: CATransitionSubtype

    var isVertical: Bool { subtype == .fromTop || subtype == .fromBottom }
    /// Width and height of curl space.
    var size: CGSize { isVertical ? CGSize(width: bounds.height, height: bounds.width) : bounds.size }

    /// Curl space → the layer's bounds space.
    var curlToLocal: cairo_matrix_t {
        let b = bounds
        switch subtype {
        case .fromRight: return cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: b.minX, y0: b.minY)
        case .fromLeft: return cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: 1, x0: b.maxX, y0: b.minY)
        // Curl x runs up the layer from the bottom edge, curl y across it.
        case .fromBottom: return cairo_matrix_t(xx: 0, yx: 1, xy: 1, yy: 0, x0: b.minX, y0: b.minY)
        default: return cairo_matrix_t(xx: 0, yx: -1, xy: 1, yy: 0, x0: b.minX, y0: b.maxY)
        }
    }

    /// The layer's bounds space → curl space.
    var localToCurl: cairo_matrix_t {
        var m = curlToLocal
        cairo_matrix_invert(&m)
        return m
    }
}

/// A page curling away: the part of the page past the curl line wraps over a cylinder (radius a
/// tenth of the page) and lies flipped on top, showing the page's back; the curl line sweeps
/// across the page, revealing what is under it. A soft shadow falls from the curl. pageUnCurl
/// plays it backwards with the new appearance as the page.
enum PageCurl {
    enum Page { case old, new }

    static func draw(_ sides: Sides, curl: CurlSpace, progress p: Double, curling page: Page, _ cr: CairoContext) {
        let size = curl.size
        let w = Double(size.width), h = Double(size.height)
        let radius = max(w / 10, 1)
        // The curl line sweeps from the right edge until the whole page is turned over.
        let lineX = w - p * (w + Double.pi * radius)
        let pageImage = page == .old ? sides.old : sides.new
        let under = page == .old ? sides.new : sides.old
        let r = sides.resolution
        cr.save()
        cr.transform(curl.curlToLocal)
        cr.rectangle(0, 0, w, h)
        cr.clip()

        func strip(_ image: CairoSurface, from x0: Double, _ x1: Double, to d0: Double, _ d1: Double, alpha: Double = 1)
        {
            // Source columns [x0, x1] of the page onto destination columns [d0, d1] (which may run
            // backwards, mirroring the strip: the back of the page).
            guard abs(x1 - x0) > 1e-9, abs(d1 - d0) > 1e-9 else { return }
            cr.save()
            cr.rectangle(min(d0, d1), 0, abs(d1 - d0) + 0.5, h)
            cr.clip()
            cr.translate(d0, 0)
            cr.scale((d1 - d0) / (x1 - x0), 1)
            cr.translate(-x0, 0)
            cr.scale(1 / r, 1 / r)
            cr.setSource(image, 0, 0)
            cr.setSourceFilter(CAIRO_FILTER_GOOD)
            cr.paint(alpha: alpha)
            cr.restore()
        }

        // What is under the page, then the flat part of the page left of the curl line.
        strip(under, from: 0, w, to: 0, w)
        if lineX > 0 { strip(pageImage, from: 0, min(lineX, w), to: 0, min(lineX, w)) }
        // A shadow on the page below, just right of the curl.
        let shadowWidth = radius * 1.5
        let rim = lineX + radius
        if rim < w + shadowWidth {
            let g = CairoPattern.linear(rim, 0, rim + shadowWidth, 0)
            g.addColorStop(0, 0, 0, 0, 0.35 * min(1, (1 - p) * 4))
            g.addColorStop(1, 0, 0, 0, 0)
            cr.rectangle(max(lineX, 0), 0, rim + shadowWidth - max(lineX, 0), h)
            cr.setSource(g)
            cr.fill()
        }
        // The cylinder, in thin strips from the curl line up and over (depth increases with φ).
        // Capped: a huge layer would otherwise loop millions of times for strips finer than a pixel.
        let steps = min(max(24, Int(saturating: Double.pi * radius * r / 2)), 4096)
        for i in 0..<steps {
            let a0 = Double(i) / Double(steps) * Double.pi, a1 = Double(i + 1) / Double(steps) * Double.pi
            let s0 = lineX + a0 * radius, s1 = lineX + a1 * radius
            guard s0 < w else { break }
            let d0 = lineX + radius * sin(a0), d1 = lineX + radius * sin(a1)
            let back = a0 >= Double.pi / 2
            strip(pageImage, from: s0, min(s1, w), to: d0, d1, alpha: 1)
            // Light across the curve: darker towards its edges, paper-white on the back.
            let shade = back ? 0.55 : 0.25 * (1 - cos(a0))
            cr.save()
            cr.rectangle(min(d0, d1), 0, abs(d1 - d0) + 0.5, h)
            if back { cr.setSource(0.96, 0.96, 0.94, shade) } else { cr.setSource(0, 0, 0, shade) }
            cr.fill()
            cr.restore()
        }
        // Past the top of the cylinder the page lies flipped on top, its back up.
        let flatStart = lineX + Double.pi * radius
        if flatStart < w {
            let d0 = lineX, d1 = lineX - (w - flatStart)
            strip(pageImage, from: flatStart, w, to: d0, d1)
            cr.rectangle(min(d0, d1), 0, abs(d1 - d0), h)
            cr.setSource(0.96, 0.96, 0.94, 0.55)
            cr.fill()
        }
        cr.restore()
    }
}
