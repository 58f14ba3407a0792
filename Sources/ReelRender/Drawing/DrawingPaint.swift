import CCairo
import Foundation
import ReelCore

/// A recorded paint, ready to draw: fill, stroke, gradient, image or text.
enum DrawingPaint {
    case fill(CGPath, CGPathFillRule, CGColor)
    case stroke(CGPath, DrawingStroke, CGColor)
    case linear(LinearGradientPaint)
    case radial(RadialGradientPaint)
    case image(CGImage, CGRect, CGAffineTransform)
    case text(DrawingText)

    static func make(_ command: DrawingCommand) -> (DrawingPaint, DrawingStyle)? {
        switch command {
        case .fill(let p, let r, let c, let s): (.fill(p, r, c), s)
        case .stroke(let p, let k, let c, let s): (.stroke(p, k, c), s)
        case .linearGradient(let g, let s): (.linear(g), s)
        case .radialGradient(let g, let s): (.radial(g), s)
        case .image(let i, let r, let t, let s): (.image(i, r, t), s)
        case .text(let t, let s): (.text(t), s)
        case .saveGState, .restoreGState, .clip: nil
        }
    }

    /// False for paints Cairo cannot take (non-finite or singular geometry): they are skipped,
    /// rather than putting the context into an error state for the rest of the frame.
    var isDrawable: Bool {
        switch self {
        case .fill(let p, _, _): return Self.isFinite(p)
        case .stroke(let p, let k, _):
            return Self.isFinite(p) && Self.isInvertible(k.transform) && k.width.isFinite && k.width >= 0
                && k.dashes.allSatisfy(\.isFinite) && k.dashPhase.isFinite && k.miterLimit.isFinite
        case .linear(let g):
            return Self.isInvertible(g.transform) && [g.start.x, g.start.y, g.end.x, g.end.y].allSatisfy(\.isFinite)
        case .radial(let g):
            return Self.isInvertible(g.transform)
                && [g.startCenter.x, g.startCenter.y, g.startRadius, g.endCenter.x, g.endCenter.y, g.endRadius]
                    .allSatisfy(\.isFinite)
        case .image(_, let r, let t):
            return Self.isInvertible(t) && [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) && r.width != 0
                && r.height != 0
        case .text(let t): return Self.isInvertible(t.transform) && t.point.x.isFinite && t.point.y.isFinite
        }
    }

    static func isFinite(_ path: CGPath) -> Bool {
        path.elements.allSatisfy { e in
            switch e {
            case .moveTo(let p), .lineTo(let p): p.x.isFinite && p.y.isFinite
            case .quadCurveTo(let p, let c): p.x.isFinite && p.y.isFinite && c.x.isFinite && c.y.isFinite
            case .curveTo(let p, let a, let b): [p.x, p.y, a.x, a.y, b.x, b.y].allSatisfy(\.isFinite)
            case .closeSubpath: true
            }
        }
    }

    static func isInvertible(_ t: CGAffineTransform) -> Bool {
        let det = t.a * t.d - t.b * t.c
        return [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) && det.isFinite && abs(det) > 1e-12
    }

    /// Sets user space to `t` in base space.
    static func setTransform(_ cr: CairoContext, base: cairo_matrix_t, _ t: CGAffineTransform) {
        cr.setMatrix(base)
        let m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cr.transform(m)
    }

    /// Draws the paint at `alpha` with the operator already set on `cr` (text in `context`'s fonts).
    func draw(_ cr: CairoContext, base: cairo_matrix_t, alpha: Double, context: RenderContext) {
        switch self {
        case .fill(let path, let rule, let color):
            cr.setMatrix(base)
            cr.newPath()
            ShapeDrawing.append(path, to: cr)
            cr.setFillRule(rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            Geometry.setSource(cr, color, alpha: alpha)
            cr.fill()
        case .stroke(let path, let pen, let color):
            cr.setMatrix(base)
            cr.newPath()
            // The path is in base space; the pen is in the user space of the stroke.
            ShapeDrawing.append(path, to: cr)
            Self.setTransform(cr, base: base, pen.transform)
            cr.setPen(width: Double(pen.width), cap: pen.cap, join: pen.join, miterLimit: Double(pen.miterLimit))
            // Dashes as shape layers draw them (patterns Cairo rejects are solid; too many
            // dashes become their average tone), measured along the path in the pen's space.
            var coverage = 1.0
            if !pen.dashes.isEmpty {
                let userPath = path.applying(CATransform3DMakeAffineTransform(pen.transform.inverted()))
                coverage = ShapeDrawing.setDash(
                    cr, pen.dashes.map { Double($0) }, phase: Double(pen.dashPhase), along: userPath)
            }
            Geometry.setSource(cr, color, alpha: alpha * coverage)
            cr.stroke()
        case .linear(let g):
            Self.setTransform(cr, base: base, g.transform)
            DrawingGradients.drawLinear(g, cr, alpha: alpha)
        case .radial(let g):
            Self.setTransform(cr, base: base, g.transform)
            DrawingGradients.drawRadial(g, cr, alpha: alpha)
        case .image(let image, let rect, let t):
            Self.setTransform(cr, base: base, t)
            Self.drawImage(image, in: rect.standardized, cr, alpha: alpha, context: context)
        case .text(let text):
            Self.setTransform(cr, base: base, text.transform)
            var s = LayerState()
            s.string = text.string
            s.font = text.font
            s.fontSize = text.size
            s.foregroundColor = text.color
            s.bounds = CGRect(origin: text.point, size: .zero)
            TextDrawing.draw(s, cr, alpha: alpha, context: context)
        }
    }

    /// An image in `rect`, first row at the bottom (Core Graphics' `draw(_:in:)`).
    private static func drawImage(
        _ image: CGImage, in rect: CGRect, _ cr: CairoContext, alpha: Double, context: RenderContext
    ) {
        cr.newPath()
        cr.rectangle(rect.minX, rect.minY, rect.width, rect.height)
        cr.clip()
        cr.translate(rect.minX, rect.maxY)
        cr.scale(rect.width / Double(image.width), -rect.height / Double(image.height))
        if let list = image.displayList {
            if list.size.width > 0, list.size.height > 0 {
                cr.scale(Double(image.width) / Double(list.size.width), Double(image.height) / Double(list.size.height))
            }
            DisplayListReplay.draw(list, cr, alpha: alpha, context: context)
            return
        }
        if let artwork = image.vector as? SVGArtwork {
            cr.scale(
                Double(image.width) / Double(artwork.size.width), Double(image.height) / Double(artwork.size.height))
            cr.withGroupAsSource { artwork.draw($0) }
            cr.paint(alpha: alpha)
            return
        }
        cr.setSource(CairoSurface(pixelsOf: image), 0, 0)
        cr.setSourceExtend(CAIRO_EXTEND_PAD)
        cr.setSourceFilter(CAIRO_FILTER_GOOD)
        cr.paint(alpha: alpha)
    }
}
