import CCairo
import Foundation
import ReelCore

/// `drawLinearGradient` / `drawRadialGradient` with Cairo patterns. Without options Core
/// Graphics paints only between the ends (EXTEND_NONE); with both, the end colours continue
/// (EXTEND_PAD); with one, the pattern is padded and the other side clipped away.
enum DrawingGradients {
    static func drawLinear(_ g: LinearGradientPaint, _ cr: CairoContext, alpha: Double) {
        let (s, e) = (g.start, g.end)
        let dx = Double(e.x - s.x), dy = Double(e.y - s.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let pattern = CairoPattern.linear(Double(s.x), Double(s.y), Double(e.x), Double(e.y))
        let before = g.options.contains(.drawsBeforeStartLocation), after = g.options.contains(.drawsAfterEndLocation)
        if before != after {
            // Keep the half-plane on the drawn side of the end that is not extended.
            let (ux, uy) = (dx / length, dy / length)
            let (nx, ny) = (-uy, ux)
            let reach = reachOfClip(cr, from: [s, e]) + length
            let (ox, oy, dir) = before ? (Double(e.x), Double(e.y), -1.0) : (Double(s.x), Double(s.y), 1.0)
            cr.newPath()
            cr.moveTo(ox + nx * reach, oy + ny * reach)
            cr.lineTo(ox - nx * reach, oy - ny * reach)
            cr.lineTo(ox - nx * reach + dir * ux * reach, oy - ny * reach + dir * uy * reach)
            cr.lineTo(ox + nx * reach + dir * ux * reach, oy + ny * reach + dir * uy * reach)
            cr.closePath()
            cr.clip()
        }
        paint(pattern, g.gradient, extend: before || after, cr, alpha: alpha)
    }

    static func drawRadial(_ g: RadialGradientPaint, _ cr: CairoContext, alpha: Double) {
        let pattern = CairoPattern.radial(
            Double(g.startCenter.x), Double(g.startCenter.y), Double(g.startRadius),
            Double(g.endCenter.x), Double(g.endCenter.y), Double(g.endRadius))
        let before = g.options.contains(.drawsBeforeStartLocation), after = g.options.contains(.drawsAfterEndLocation)
        if before != after {
            // Exact when one circle holds the other (the usual case): before only = inside the
            // end circle; after only = outside the start circle.
            cr.newPath()
            if before {
                cr.arc(Double(g.endCenter.x), Double(g.endCenter.y), Double(g.endRadius), 0, 2 * .pi)
            } else {
                let reach = reachOfClip(cr, from: [g.startCenter, g.endCenter])
                let c = g.startCenter
                cr.rectangle(Double(c.x) - reach, Double(c.y) - reach, 2 * reach, 2 * reach)
                cr.newSubPath()
                cr.arc(Double(c.x), Double(c.y), Double(g.startRadius), 0, 2 * .pi)
                cr.setFillRule(CAIRO_FILL_RULE_EVEN_ODD)
            }
            cr.clip()
        }
        paint(pattern, g.gradient, extend: before || after, cr, alpha: alpha)
    }

    /// The farthest any corner of the clip (user space) is from the points, plus a margin:
    /// a half-plane clip this large covers everything that can show.
    private static func reachOfClip(_ cr: CairoContext, from points: [CGPoint]) -> Double {
        let (x0, y0, x1, y1) = cr.clipExtents
        var reach = 1.0
        for p in points {
            for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                reach = max(
                    reach, ((x - Double(p.x)) * (x - Double(p.x)) + (y - Double(p.y)) * (y - Double(p.y))).squareRoot())
            }
        }
        return min(reach * 2 + 1, 1e7)
    }

    private static func paint(
        _ pattern: CairoPattern, _ gradient: CGGradient, extend: Bool, _ cr: CairoContext, alpha: Double
    ) {
        func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
        for (location, c) in zip(gradient.locations, gradient.colors) {
            pattern.addColorStop(Double(location), clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
        }
        pattern.setExtend(extend ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cr.setSource(pattern)
        cr.paint()
    }
}
