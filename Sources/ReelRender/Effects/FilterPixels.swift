import CCairo
import CReelPixels
import Foundation
import ReelCore

/// Runs a layer's filters over the premultiplied ARGB32 pixels of an image surface, in order:
/// blurs in C (`reel_blur_argb32`: the Filter Effects spec's three box blurs, integer
/// arithmetic, so the result is the same on every thread), colour filters as one 4 × 5 matrix
/// each (`reel_color_matrix_argb32`).
enum FilterPixels {
    /// How far, in device pixels, the filters can move drawing (the blurs' reach, added up)
    /// when a point is `scale` device pixels.
    static func margin(_ filters: [LayerFilter], scale: Double) -> Int {
        filters.reduce(0) { sum, f in
            guard let r = f.blurRadius, r * scale > 0.05 else { return sum }
            return sum + Int(saturating: (3 * min(r * scale, ShadowDrawing.maxSigma)).rounded(.up)) + 2
        }
    }

    /// Paints `image`, whose pixel (0, 0) is device pixel (x, y) and whose pixels are
    /// `k` device pixels wide, with the current clip and operator.
    static func paint(_ image: CairoSurface, _ cr: CairoContext, x: Int, y: Int, reduction k: Int) {
        cr.identityMatrix()
        cr.translate(Double(x), Double(y))
        cr.scale(Double(k), Double(k))
        cr.setSource(image, 0, 0)
        cr.setSourceExtend(CAIRO_EXTEND_PAD)
        cr.setSourceFilter(k > 1 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        cr.paint()
    }

    /// The width × height window from pixel (x, y) of `image`, scaled up `k` times (bilinear,
    /// its edge repeated beyond it), as `paint` with `reduction: k` would draw it; nil when
    /// memory ran out.
    static func upscale(_ image: CairoSurface, _ k: Int, window: (x: Int, y: Int, width: Int, height: Int))
        -> CairoSurface?
    {
        let out = CairoSurface(CAIRO_FORMAT_ARGB32, width: window.width, height: window.height)
        guard let from = image.data, let into = out.data else { return nil }
        out.flush()
        guard
            reel_upscale_argb32(
                from, image.width, image.height, image.stride, k, window.x, window.y, into, window.width,
                window.height, out.stride) != 0
        else { return nil }
        out.markDirty()
        return out
    }

    /// Device pixels per filtered pixel: wide blurs run on a coarser grid and are scaled up
    /// (bilinear) when painted, as shadows are (`ShadowDrawing.reduction`): a Gaussian of σ has
    /// no detail finer than σ/8, so the time and memory stay those of a σ ≈ 8 blur.
    ///
    /// A backdrop (`coarse`) goes as coarse as σ/4: it is box-averaged down and scaled back up
    /// in the layer's bounds, and linear interpolation of a Gaussian-blurred edge errs by at most
    /// h²/8 · max|f″| = (k/σ)² · 255 / (8√(2πe)) ≈ ½ level at σ/k = 4. On so few pixels the three
    /// boxes' whole-pixel sizes can miss σ by up to 10 %, so of the grids from σ/4 to σ/8 it takes
    /// the coarsest whose spread (boxes and resampling) is within 3 % of σ.
    static func reduction(_ filters: [LayerFilter], scale: Double, coarse: Bool = false) -> Int {
        let widest = min((filters.compactMap(\.blurRadius).max() ?? 0) * scale, ShadowDrawing.maxSigma)
        let finest = max(ShadowDrawing.reduction(sigma: widest), 1)
        guard coarse, finest > 1 else { return finest }
        return (finest...Int(widest / 4)).reversed().first { k in
            let s = widest / Double(k)
            return abs((boxVariance(s) + 0.25).squareRoot() / s - 1) <= 0.03
        } ?? finest
    }

    /// The variance, in pixels², of `reel_blur_argb32`'s three boxes for σ = `sigma` (≥ 2).
    static func boxVariance(_ sigma: Double) -> Double {
        let d = (sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)
        // A box of d pixels has variance (d² − 1)/12; an even d is two of d and one of d + 1.
        return d.truncatingRemainder(dividingBy: 2) == 1
            ? 3 * (d * d - 1) / 12 : (2 * (d * d - 1) + ((d + 1) * (d + 1) - 1)) / 12
    }

    /// Applies `filters` to the surface's pixels (flushed before, marked dirty after), `scale`
    /// of its pixels a point; `clampEdges`: beyond the surface is its edge, not transparency.
    static func apply(_ filters: [LayerFilter], to surface: CairoSurface, scale: Double, clampEdges: Bool = false) {
        guard let data = surface.data else { return }
        surface.flush()
        let (w, h, stride) = (surface.width, surface.height, surface.stride)
        for filter in filters {
            if let radius = filter.blurRadius {
                _ = reel_blur_argb32(
                    data, w, h, stride, min(radius * scale, ShadowDrawing.maxSigma), clampEdges ? 1 : 0)
            } else if let m = filter.colorMatrix {
                // 16.16 fixed point; bounded so the C sums cannot overflow.
                let fixed = m.map { Int32((min(max($0, -256), 256) * 65536).rounded()) }
                fixed.withUnsafeBufferPointer { reel_color_matrix_argb32(data, w, h, stride, $0.baseAddress!) }
            }
        }
        surface.markDirty()
    }

    /// The linear scale of a user-to-device matrix (the square root of its area scale).
    static func scale(of m: cairo_matrix_t) -> Double {
        let s = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        return s.isFinite ? s : 0
    }

    /// The device-pixel box (x0, y0, x1, y1) of `r` in `cr`'s user space, grown by `margin`,
    /// within the clip grown by `margin` (what can show, and what a blur reaches it from).
    static func deviceBox(_ r: CGRect?, _ cr: CairoContext, margin: Int) -> (Int, Int, Int, Int)? {
        let (cx0, cy0, cx1, cy1) = cr.clipExtents
        let clip = LayerExtent.transformed(CGRect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0), cr.matrix)
        var box = clip.insetBy(dx: -Double(margin), dy: -Double(margin))
        if let r, !r.isNull {
            box = box.intersection(
                LayerExtent.transformed(r, cr.matrix).insetBy(dx: -Double(margin), dy: -Double(margin)))
        }
        guard !box.isNull, box.width >= 1, box.height >= 1, box.width < 1e7, box.height < 1e7 else { return nil }
        return (
            Int(box.minX.rounded(.down)), Int(box.minY.rounded(.down)), Int(box.maxX.rounded(.up)),
            Int(box.maxY.rounded(.up))
        )
    }
}
