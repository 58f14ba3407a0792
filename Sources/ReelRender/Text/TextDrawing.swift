import CCairo
import CPango
import Foundation
import ReelCore

/// Draws a CATextLayer's string into its bounds with Pango: shaping, Unicode, bidi and CJK
/// through the fonts in `FontLibrary`.
///
/// Core Animation's rules: `fontSize` is the font's point size (one point per unit of the layer's
/// space); text starts at the top-left of the bounds; every line is aligned within the bounds'
/// width (`natural` is left for left-to-right paragraphs, right for right-to-left ones;
/// `justified` stretches all but the last line of each paragraph when wrapped); `isWrapped`
/// breaks lines at the bounds' width; `truncationMode` puts an ellipsis at the start, middle or
/// end of text that does not fit: each line at the bounds' width when not wrapped, the last
/// line that fits in the bounds' height when wrapped. Text is not clipped here (the renderer
/// clips when `masksToBounds` is set).
enum TextDrawing {
    /// Font sizes above this are laid out at this size and scaled up when drawn, keeping Pango's
    /// 32-bit coordinates (1/1024 unit, so ±2 million units) far from overflowing. Unhinted
    /// layout scales linearly, so the result is the same as laying out at the full size.
    static let maxLayoutSize = 512.0

    /// Draws `state.string` with the layer's font, size, colour, alignment, wrapping and
    /// truncation into `state.bounds`, in the current user space of `cr`, at `alpha`, in the
    /// fonts of `context`.
    static func draw(_ state: LayerState, _ cr: CairoContext, alpha: Double, context: RenderContext) {
        guard hasContent(state), let color = state.foregroundColor else { return }
        let bounds = state.bounds.standardized
        let fontSize = Double(state.fontSize)
        let scale = fontSize > maxLayoutSize ? fontSize / maxLayoutSize : 1
        let width = Double(bounds.width) / scale
        let key = TextLayoutKey(state, size: fontSize / scale, width: width, height: Double(bounds.height) / scale)

        cr.save()
        defer {
            cr.restore()
            // The path is not part of the saved state: leave no current point behind.
            cr.newPath()
        }
        cr.translate(bounds.minX, bounds.minY)
        if scale != 1 { cr.scale(scale, scale) }
        Geometry.setSource(cr, color, alpha: alpha)

        context.text.withEngine { engine in
            let layout = engine.layout(for: key)
            for line in layout.lines {
                let origin = TextLayout.origin(of: line, alignment: state.alignmentMode, width: width)
                cr.moveTo(origin.x, origin.y)
                pango_cairo_show_layout_line(cr.raw, line.line)
            }
        }
    }

    /// Where `draw` puts ink, in the layer's bounds space, a point larger all round for
    /// anti-aliasing; `.null` when it draws nothing. Text is not clipped to its bounds, so this
    /// is what says whether it stays inside them (`LayerExtent`, shadow shapes).
    static func inkExtent(_ state: LayerState, context: RenderContext) -> CGRect {
        guard hasContent(state), state.foregroundColor != nil else { return .null }
        let bounds = state.bounds.standardized
        let fontSize = Double(state.fontSize)
        let scale = fontSize > maxLayoutSize ? fontSize / maxLayoutSize : 1
        let width = Double(bounds.width) / scale
        let key = TextLayoutKey(state, size: fontSize / scale, width: width, height: Double(bounds.height) / scale)
        let box = context.text.withEngine { $0.layout(for: key).inkBox(alignment: state.alignmentMode, width: width) }
        guard !box.isNull else { return .null }
        return CGRect(
            x: Double(bounds.minX) + Double(box.minX) * scale - 1,
            y: Double(bounds.minY) + Double(box.minY) * scale - 1,
            width: Double(box.width) * scale + 2, height: Double(box.height) * scale + 2)
    }

    /// Whether the layer has anything to draw (so empty text layers cost nothing). Errs only
    /// towards true (a string of spaces in some exotic script); never false for visible text.
    static func hasContent(_ state: LayerState) -> Bool {
        guard let s = state.string, s.contains(where: { !$0.isWhitespace && $0 != "\0" }) else { return false }
        guard (state.foregroundColor?.alpha ?? 0) > 0, state.fontSize > 0, state.fontSize.isFinite else { return false }
        let bounds = state.bounds.standardized
        guard bounds.width.isFinite, bounds.height.isFinite, bounds.minX.isFinite, bounds.minY.isFinite else {
            return false
        }
        // Wrapped or truncated text in a box with no width has no room for even one character.
        if (state.isWrapped || state.truncationMode != .none) && bounds.width <= 0 { return false }
        return true
    }
}
