import CCairo
import Foundation
import ReelCore

/// CAShapeLayer: fill (rule, colour), stroke (width, caps, joins, miter limit, dashes) trimmed by
/// strokeStart/strokeEnd along the path's arc length.
enum ShapeDrawing {
    /// Whether the fill paints anything.
    static func fills(_ s: LayerState) -> Bool {
        s.path != nil && (s.fillColor?.alpha ?? 0) > 0
    }

    /// Whether the stroke paints anything.
    static func strokes(_ s: LayerState) -> Bool {
        s.path != nil && (s.strokeColor?.alpha ?? 0) > 0 && s.lineWidth > 0 && trim(s) != nil
    }

    /// The trim range as fractions, or nil when it leaves nothing (Core Animation clamps to 0…1).
    static func trim(_ s: LayerState) -> (Double, Double)? {
        let a = min(max(Double(s.strokeStart), 0), 1), b = min(max(Double(s.strokeEnd), 0), 1)
        return b > a ? (a, b) : nil
    }

    static func draw(_ s: LayerState, _ cr: CairoContext, alpha: Double) {
        guard let path = s.path else { return }
        if fills(s), let color = s.fillColor {
            cr.newPath()
            append(path, to: cr)
            cr.setFillRule(s.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            Geometry.setSource(cr, color, alpha: alpha)
            cr.fill()
        }
        if strokes(s), let color = s.strokeColor, let (a, b) = trim(s) {
            var stroked = path
            if a > 0 || b < 1 {
                let measure = PathMeasure(path)
                stroked = measure.trimmed(from: a * measure.length, to: b * measure.length)
            }
            cr.newPath()
            append(stroked, to: cr)
            cr.setPen(
                width: s.lineWidth, cap: CGLineCap(s.lineCap), join: CGLineJoin(s.lineJoin),
                miterLimit: Double(s.miterLimit))
            let coverage = setDash(cr, s.lineDashPattern, phase: s.lineDashPhase, along: stroked)
            Geometry.setSource(cr, color, alpha: alpha * coverage)
            cr.stroke()
            cr.setDash([], offset: 0)
        }
    }

    /// Most dashes one stroke may have. Cairo makes every dash of the path, on screen or not:
    /// dashes of 0.01 along a line ten million points long took 5 s and 970 MB.
    static let maxDashes = 100_000.0

    /// Dashes, skipping patterns Cairo rejects (all zero, negative entries). Returns the factor
    /// for the stroke's alpha: 1, or — for a pattern that would make more than `maxDashes` dashes
    /// along `path` — the pattern's inked fraction, drawn as a solid line (dashes that dense are
    /// finer than the path is long by a factor of 100 000: the even tone they average to).
    static func setDash(_ cr: CairoContext, _ pattern: [Double]?, phase: Double, along path: CGPath) -> Double {
        guard let pattern, !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }),
            pattern.contains(where: { $0 > 0 })
        else {
            cr.setDash([], offset: 0)
            return 1
        }
        // An odd-length pattern repeats to even length, as Core Graphics does.
        let even = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = even.reduce(0, +)
        if lengthBound(path) / period * Double(even.count) / 2 > maxDashes {
            cr.setDash([], offset: 0)
            return stride(from: 0, to: even.count, by: 2).map { even[$0] }.reduce(0, +) / period
        }
        cr.setDash(even, offset: phase)
        return 1
    }

    /// An upper bound of the path's length: its control polygon (no curve is longer).
    private static func lengthBound(_ path: CGPath) -> Double {
        var total = 0.0, current = CGPoint.zero, start = CGPoint.zero
        func to(_ p: CGPoint) {
            total +=
                ((Double(p.x) - Double(current.x)) * (Double(p.x) - Double(current.x))
                + (Double(p.y) - Double(current.y)) * (Double(p.y) - Double(current.y))).squareRoot()
            current = p
        }
        for element in path.elements {
            switch element {
            case .moveTo(let p): current = p; start = p
            case .lineTo(let p): to(p)
            case .quadCurveTo(let p, let c): to(c); to(p)
            case .curveTo(let p, let c1, let c2): to(c1); to(c2); to(p)
            case .closeSubpath: to(start)
            }
        }
        return total
    }

    /// Adds `path` to Cairo's current path.
    static func append(_ path: CGPath, to cr: CairoContext) {
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                cr.moveTo(p.x, p.y); current = p; subpathStart = p
            case .lineTo(let p):
                cr.lineTo(p.x, p.y); current = p
            case .quadCurveTo(let p, let c):
                // Raise to a cubic: control points two thirds of the way to the quadratic one.
                cr.curveTo(
                    current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y),
                    p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
                current = p
            case .curveTo(let p, let c1, let c2):
                cr.curveTo(c1.x, c1.y, c2.x, c2.y, p.x, p.y); current = p
            case .closeSubpath:
                cr.closePath()
                current = subpathStart
            }
        }
    }
}
