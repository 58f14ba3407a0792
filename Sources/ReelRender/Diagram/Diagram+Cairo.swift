import CCairo
import Foundation
import ReelCore

extension Diagram {
    /// Most pixels `render` makes; a larger drawing is drawn at the largest scale that fits.
    public static let maxPixels = 40_000_000.0

    /// The drawing as pixels: `scale` pixels per point (less when that would exceed `maxPixels`), opaque.
    public func render(scale: Double) -> PixelBuffer {
        let s = min(scale.isFinite && scale > 0 ? scale : 1, (Self.maxPixels / max(width * height, 1)).squareRoot())
        let buffer = PixelBuffer(width: max(1, Int((width * s).rounded(.up))), height: max(1, Int((height * s).rounded(.up))))
        let canvas = CairoCanvas(buffer: buffer)
        let cr = canvas.context
        cairo_scale(cr, s, s)
        // Text in the same hinting at every scale keeps glyph shapes (and goldens) stable.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        set(cr, background)
        cairo_paint(cr)
        for element in elements { draw(element, cr) }
        cairo_surface_flush(canvas.surface)
        return buffer
    }

    private func draw(_ element: DiagramElement, _ cr: OpaquePointer) {
        switch element {
        case let .rect(x, y, w, h, r, fill, stroke):
            if r > 0 {
                let r = min(r, w / 2, h / 2)
                cairo_new_sub_path(cr)
                cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
                cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
                cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
                cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
                cairo_close_path(cr)
            } else {
                cairo_rectangle(cr, x, y, w, h)
            }
            paint(cr, fill: fill, stroke: stroke)
        case let .polyline(points, stroke, fill, closed):
            guard let first = points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if closed { cairo_close_path(cr) }
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            paint(cr, fill: fill, stroke: stroke)
        case let .circle(x, y, r, fill, stroke):
            cairo_new_sub_path(cr)
            cairo_arc(cr, x, y, r, 0, 2 * .pi)
            paint(cr, fill: fill, stroke: stroke)
        case let .text(string, x, y, font, color, anchor):
            Self.select(font, cr)
            var start = x
            if anchor != .start {
                let advance = Self.advance(of: string, cr)
                start -= anchor == .middle ? advance / 2 : advance
            }
            set(cr, color)
            cairo_move_to(cr, start, y)
            cairo_show_text(cr, string)
            cairo_new_path(cr)
        case let .clipped(x, y, w, h, children):
            cairo_save(cr)
            cairo_rectangle(cr, x, y, w, h)
            cairo_clip(cr)
            for child in children { draw(child, cr) }
            cairo_restore(cr)
        case let .titled(_, children):
            for child in children { draw(child, cr) }
        }
    }

    private func paint(_ cr: OpaquePointer, fill: DiagramColor?, stroke: DiagramStroke?) {
        if let fill {
            set(cr, fill)
            if stroke == nil { cairo_fill(cr) } else { cairo_fill_preserve(cr) }
        }
        if let stroke {
            set(cr, stroke.color)
            cairo_set_line_width(cr, stroke.width)
            stroke.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        }
        cairo_new_path(cr)
    }

    private func set(_ cr: OpaquePointer, _ c: DiagramColor) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    private static func select(_ font: DiagramFont, _ cr: OpaquePointer) {
        cairo_select_font_face(cr, font.family, CAIRO_FONT_SLANT_NORMAL, font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, font.size)
    }

    private static func advance(of string: String, _ cr: OpaquePointer) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, string, &extents)
        return extents.x_advance
    }

    /// The width `string` takes in `font`, in points (as drawn by `render`; SVG viewers with the
    /// same font agree), for laying labels out without overlaps.
    public static func textWidth(_ string: String, font: DiagramFont) -> Double {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        guard let cr = cairo_create(surface) else { return 0 }
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        select(font, cr)
        return advance(of: string, cr)
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
