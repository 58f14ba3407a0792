import CCairo
import Foundation
import ReelCore

/// Replays a `DisplayList` (what a `CGContext` recorded) with Cairo, in the current user space
/// of `cr` taken as the list's base space.
///
/// Every piece of graphics state except the clip was resolved when the list was recorded, so
/// each paint sets up exactly what it needs; `saveGState`/`restoreGState` only bracket clips.
/// Replaying is a pure function of the list and the device transform, so it can run on any
/// thread, any number of times, with the same pixels.
enum DisplayListReplay {
    /// Draws `list` at `alpha`. A list whose blends need a backing store of their own, or
    /// drawn at alpha < 1 (opacity applies to the drawing as a whole), is drawn in a group.
    /// Text is set in `context`'s fonts.
    static func draw(_ list: DisplayList, _ cr: CairoContext, alpha: Double, context: RenderContext) {
        guard !list.isEmpty, alpha > 0 else { return }
        let grouped = alpha < 1 || list.needsIsolation
        cr.withSavedState {
            guard grouped else { return replay(list, cr, context: context) }
            cr.withGroupAsSource { cr in replay(list, cr, context: context) }
            cr.paint(alpha: alpha)
        }
    }

    /// The list's commands, the state they change undone at the end.
    private static func replay(_ list: DisplayList, _ cr: CairoContext, context: RenderContext) {
        let base = cr.matrix
        var depth = 0
        for command in list.commands {
            switch command {
            case .saveGState:
                cr.save()
                depth += 1
            case .restoreGState:
                guard depth > 0 else { continue }
                cr.restore()
                depth -= 1
            case .clip(let path, let rule):
                cr.setMatrix(base)
                cr.newPath()
                if DrawingPaint.isFinite(path) { ShapeDrawing.append(path, to: cr) }
                cr.setFillRule(rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cr.clip()
            default:
                paint(command, cr, base: base, context: context)
            }
        }
        while depth > 0 {
            cr.restore()
            depth -= 1
        }
        cr.setMatrix(base)
    }

    /// One paint, with its shadow first when it has one.
    private static func paint(
        _ command: DrawingCommand, _ cr: CairoContext, base: cairo_matrix_t, context: RenderContext
    ) {
        guard let (paint, style) = DrawingPaint.make(command), paint.isDrawable else { return }
        cr.save()
        defer { cr.restore() }
        if let shadow = style.shadow {
            DrawingShadowPainter.draw(shadow, of: paint, style: style, cr, base: base, context: context)
        }
        cr.setOperator(cairoOperator(style.blendMode))
        if !style.antialias { cr.setAntialias(CAIRO_ANTIALIAS_NONE) }
        paint.draw(cr, base: base, alpha: Double(style.alpha), context: context)
    }

    /// Core Graphics' blend modes as Cairo operators (plusDarker has none: drawn as normal).
    static func cairoOperator(_ mode: CGBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal, .plusDarker: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    /// The list drawn into a new width × height raster at `scale` raster pixels per base unit.
    static func raster(_ list: DisplayList, width: Int, height: Int, scale: Double, context: RenderContext) -> Raster? {
        guard width > 0, height > 0 else { return nil }
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: width, height: height)
        surface.withContext { c in
            c.setAntialias(CAIRO_ANTIALIAS_GRAY)
            c.scale(scale, scale)
            draw(list, c, alpha: 1, context: context)
        }
        surface.flush()
        return Raster(surface: surface, originX: 0, originY: 0)
    }

    /// A drawn image's pixels: the list rasterised at width × height (`RenderContext.pixels(of:)`).
    static func rasterize(_ list: DisplayList, width: Int, height: Int, context: RenderContext) -> PixelBuffer {
        let buffer = PixelBuffer(width: max(width, 1), height: max(height, 1))
        let canvas = CairoCanvas(buffer: buffer)
        canvas.context.setAntialias(CAIRO_ANTIALIAS_GRAY)
        if list.size.width > 0, list.size.height > 0 {
            canvas.context.scale(Double(width) / Double(list.size.width), Double(height) / Double(list.size.height))
        }
        draw(list, canvas.context, alpha: 1, context: context)
        canvas.surface.flush()
        return buffer
    }
}
