import CCairo
import Foundation
import ReelCore

/// `CGContext.setShadow`: each paint casts its own shadow, its alpha blurred (σ = blur / 2) and
/// offset in base space. The paint is drawn a second time into an image of the device pixels
/// the clip allows (plus the blur's reach), whose alpha the layer-shadow code blurs and paints:
/// this works on any target, Cairo's recording surfaces (the raster cache) included.
enum DrawingShadowPainter {
    static func draw(
        _ shadow: DrawingShadow, of paint: DrawingPaint, style: DrawingStyle, _ cr: CairoContext, base: cairo_matrix_t,
        context: RenderContext
    ) {
        cr.setMatrix(base)
        var s = LayerState()
        s.shadowColor = shadow.color
        s.shadowOpacity = 1
        s.shadowOffset = shadow.offset
        s.shadowRadius = shadow.blur / 2
        let margin = ShadowDrawing.blur(s, linear: base).margin
        // Device pixels that can receive the shadow: the clip, moved back by the offset, plus the blur.
        let (x0, y0, x1, y1) = cr.clipExtents
        let clip = LayerExtent.transformed(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), base)
        var dx = Double(shadow.offset.width), dy = Double(shadow.offset.height)
        cr.userToDeviceDistance(&dx, &dy)
        let reach = Double(margin) + abs(dx) + abs(dy)
        let left = Double(clip.minX) - reach, top = Double(clip.minY) - reach
        let width = Double(clip.width) + 2 * reach, height = Double(clip.height) + 2 * reach
        guard left.isFinite, top.isFinite, width > 0, height > 0, width * height <= Double(Raster.maxPixels) else {
            return
        }
        let (ix, iy) = (Int(left.rounded(.down)), Int(top.rounded(.down)))
        let (iw, ih) = (Int(width.rounded(.up)) + 1, Int(height.rounded(.up)) + 1)
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: iw, height: ih)
        surface.setDeviceOffset(Double(-ix), Double(-iy))
        surface.withContext { sc in
            sc.setAntialias(style.antialias ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE)
            paint.draw(sc, base: base, alpha: Double(style.alpha), context: context)
        }
        surface.flush()
        ShadowDrawing.draw(s, shape: nil, content: CairoPattern(surface: surface), cr, alpha: 1)
    }
}
