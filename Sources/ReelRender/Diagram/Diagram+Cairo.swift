import CCairo
import Foundation
import ReelCore

extension Diagram {
    /// Most pixels `render` makes; a larger drawing is drawn at the largest scale that fits.
    public static let maxPixels = 40_000_000.0

    /// The drawing as pixels: `scale` pixels per point (less when that would exceed `maxPixels`), opaque.
    public func render(scale: Double) -> PixelBuffer {
        let s = min(scale.isFinite && scale > 0 ? scale : 1, (Self.maxPixels / max(width * height, 1)).squareRoot())
        let buffer = PixelBuffer(
            width: max(1, Int(saturating: (width * s).rounded(.up))),
            height: max(1, Int(saturating: (height * s).rounded(.up))))
        let canvas = CairoCanvas(buffer: buffer)
        let cr = canvas.context
        cr.scale(s, s)
        // Text in the same hinting at every scale keeps glyph shapes (and goldens) stable.
        cr.setFontOptions(
            hintStyle: CAIRO_HINT_STYLE_NONE, hintMetrics: CAIRO_HINT_METRICS_OFF, antialias: CAIRO_ANTIALIAS_GRAY)
        set(cr, background)
        cr.paint()
        for element in elements { draw(element, cr) }
        canvas.surface.flush()
        return buffer
    }

    private func draw(_ element: DiagramElement, _ cr: CairoContext) {
        switch element {
        case let .rect(x, y, w, h, r, fill, stroke):
            if r > 0 {
                let r = min(r, w / 2, h / 2)
                cr.newSubPath()
                cr.arc(x + w - r, y + r, r, -.pi / 2, 0)
                cr.arc(x + w - r, y + h - r, r, 0, .pi / 2)
                cr.arc(x + r, y + h - r, r, .pi / 2, .pi)
                cr.arc(x + r, y + r, r, .pi, 3 * .pi / 2)
                cr.closePath()
            } else {
                cr.rectangle(x, y, w, h)
            }
            paint(cr, fill: fill, stroke: stroke)
        case let .polyline(points, stroke, fill, closed):
            guard let first = points.first else { return }
            cr.moveTo(first.x, first.y)
            for p in points.dropFirst() { cr.lineTo(p.x, p.y) }
            if closed { cr.closePath() }
            cr.setLineJoin(CAIRO_LINE_JOIN_ROUND)
            cr.setLineCap(CAIRO_LINE_CAP_ROUND)
            paint(cr, fill: fill, stroke: stroke)
        case let .circle(x, y, r, fill, stroke):
            cr.newSubPath()
            cr.arc(x, y, r, 0, 2 * .pi)
            paint(cr, fill: fill, stroke: stroke)
        case let .text(string, x, y, font, color, anchor):
            Self.select(font, cr)
            var start = x
            if anchor != .start {
                let advance = Self.advance(of: string, cr)
                start -= anchor == .middle ? advance / 2 : advance
            }
            set(cr, color)
            cr.moveTo(start, y)
            cr.showText(string)
            cr.newPath()
        case let .clipped(x, y, w, h, children):
            cr.save()
            cr.rectangle(x, y, w, h)
            cr.clip()
            for child in children { draw(child, cr) }
            cr.restore()
        case let .titled(_, children):
            for child in children { draw(child, cr) }
        }
    }

    private func paint(_ cr: CairoContext, fill: DiagramColor?, stroke: DiagramStroke?) {
        if let fill {
            set(cr, fill)
            if stroke == nil { cr.fill() } else { cr.fillPreserve() }
        }
        if let stroke {
            set(cr, stroke.color)
            cr.setLineWidth(stroke.width)
            cr.setDash(stroke.dash, offset: 0)
            cr.stroke()
            cr.setDash([], offset: 0)
        }
        cr.newPath()
    }

    private func set(_ cr: CairoContext, _ c: DiagramColor) { cr.setSource(c.red, c.green, c.blue, c.alpha) }

    private static func select(_ font: DiagramFont, _ cr: CairoContext) {
        cr.selectFontFace(
            font.family, CAIRO_FONT_SLANT_NORMAL, font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cr.setFontSize(font.size)
    }

    private static func advance(of string: String, _ cr: CairoContext) -> Double {
        cr.textExtents(string).x_advance
    }

    /// The width `string` takes in `font`, in points (as drawn by `render`; SVG viewers with the
    /// same font agree), for laying labels out without overlaps.
    public static func textWidth(_ string: String, font: DiagramFont) -> Double {
        CairoSurface(CAIRO_FORMAT_ARGB32, width: 1, height: 1).withContext { cr in
            cr.setFontOptions(hintMetrics: CAIRO_HINT_METRICS_OFF)
            select(font, cr)
            return advance(of: string, cr)
        }
    }

    /// `string` cut with an ellipsis to fit `width` points in `font` (whole when it fits).
    public static func fitted(_ string: String, width: Double, font: DiagramFont) -> String {
        guard textWidth(string, font: font) > width else { return string }
        var chars = Array(string)
        while !chars.isEmpty {
            chars.removeLast()
            let candidate = String(chars) + "…"
            if textWidth(candidate, font: font) <= width { return candidate }
        }
        return ""
    }
}
