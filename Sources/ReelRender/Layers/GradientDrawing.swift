import CCairo
import Foundation
import ReelCore

/// CAGradientLayer: axial (a line from startPoint to endPoint), radial (an ellipse centred on
/// startPoint reaching endPoint) and conic (around startPoint, starting towards endPoint,
/// turning clockwise on screen). Points are unit coordinates of the bounds.
enum GradientDrawing {
    static func hasContent(_ s: LayerState) -> Bool {
        guard let colors = s.colors, !colors.isEmpty else { return false }
        return s.bounds.width > 0 && s.bounds.height > 0 && colors.contains { $0.alpha > 0 }
    }

    /// Colour stops: the given locations (made non-decreasing) or evenly spaced. Locations may
    /// lie outside 0…1, as in Core Animation: a shimmer slides [-1, -0.5, 0] to [1, 1.5, 2].
    static func stops(_ s: LayerState) -> [(Double, CGColor)] {
        let colors = s.colors ?? []
        guard colors.count > 1 else { return colors.map { (0, $0) } }
        var result: [(Double, CGColor)] = []
        var last = -Double.infinity
        for (i, color) in colors.enumerated() {
            var location = Double(i) / Double(colors.count - 1)
            if let locations = s.locations, i < locations.count, locations[i].isFinite { location = locations[i] }
            location = max(location, last)
            last = location
            result.append((location, color))
        }
        return result
    }

    /// The colour at location `f`: the first colour before the first stop, the last after the
    /// last, straight (unpremultiplied) interpolation between, as pixman interpolates stops.
    static func color(at f: Double, in stops: [(Double, CGColor)]) -> CGColor {
        guard let after = stops.firstIndex(where: { $0.0 >= f }) else { return stops.last!.1 }
        if after == 0 { return stops[0].1 }
        let (l0, c0) = stops[after - 1], (l1, c1) = stops[after]
        let u = l1 > l0 ? (f - l0) / (l1 - l0) : 1
        return AnimatableValue.color(c0).interpolated(to: .color(c1), fraction: u).color!!
    }

    /// `stops` with those below `floor` replaced by the colour at `floor` (Cairo takes offsets
    /// within 0…1 only, and a radial gradient has nothing below radius 0).
    static func cut(_ stops: [(Double, CGColor)], below floor: Double) -> [(Double, CGColor)] {
        guard let first = stops.first, first.0 < floor else { return stops }
        return [(floor, color(at: floor, in: stops))] + stops.filter { $0.0 > floor }
    }

    static func draw(_ s: LayerState, _ cr: CairoContext, alpha: Double) {
        let b = s.bounds
        let stops = stops(s)
        guard let first = stops.first else { return }
        func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.origin.x + u.x * b.width, y: b.origin.y + u.y * b.height) }
        cr.save()
        cr.rectangle(b.minX, b.minY, b.width, b.height)
        cr.clip()
        if stops.count == 1 {
            Geometry.setSource(cr, first.1, alpha: alpha)
            cr.paint()
            cr.restore()
            return
        }
        let start = point(s.startPoint), end = point(s.endPoint)
        switch s.gradientType {
        case .axial:
            // Stops outside 0…1 lie beyond startPoint or endPoint on the same line: the pattern's
            // line is lengthened to reach them and the offsets rescaled into 0…1.
            let lo = min(stops.first!.0, 0), hi = max(stops.last!.0, 1)
            func along(_ t: Double) -> CGPoint {
                CGPoint(x: start.x + t * (end.x - start.x), y: start.y + t * (end.y - start.y))
            }
            let (a, b) = (along(lo), along(hi))
            let rescaled = stops.map { (($0.0 - lo) / (hi - lo), $0.1) }
            if !GradientField.paint(.axial(from: a, to: b), stops: rescaled, alpha: alpha, cr),
                !GradientRamp.paint(from: a, to: b, stops: rescaled, alpha: alpha, cr)
            {
                paint(CairoPattern.linear(a.x, a.y, b.x, b.y), rescaled, cr, alpha)
            }
        case .radial:
            // Radius t × the ellipse: nothing lies below 0; stops past 1 widen the pattern.
            let radial = cut(stops, below: 0), hi = max(radial.last!.0, 1)
            let rx = abs(end.x - start.x) * hi, ry = abs(end.y - start.y) * hi
            // A circle when the end point lies straight off the centre on one axis.
            let (radiusX, radiusY) = (rx == 0 ? ry : rx, ry == 0 ? rx : ry)
            guard radiusX > 0, radiusY > 0 else {
                // Degenerate: everything is beyond the last stop.
                Geometry.setSource(cr, stops.last!.1, alpha: alpha)
                cr.paint()
                break
            }
            let pattern = CairoPattern.radial(0, 0, 0, 0, 0, 1)
            // The pattern matrix maps user space to pattern space: the ellipse becomes the unit circle.
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, 1 / radiusX, 1 / radiusY)
            cairo_matrix_translate(&m, -start.x, -start.y)
            pattern.setMatrix(m)
            let scaled = radial.map { ($0.0 / hi, $0.1) }
            if !GradientField.paint(.radial(m), stops: scaled, alpha: alpha, cr) { paint(pattern, scaled, cr, alpha) }
        case .conic:
            drawConic(center: start, towards: end, bounds: b, stops: stops, cr: cr, alpha: alpha)
        }
        cr.restore()
    }

    private static func paint(
        _ pattern: CairoPattern, _ stops: [(Double, CGColor)], _ cr: CairoContext, _ alpha: Double
    ) {
        addStops(stops, alpha: alpha, to: pattern)
        cr.setSource(pattern)
        cr.paint()
    }

    /// `stops` (offsets in 0…1) as the pattern's colour stops at `alpha`, padded beyond both ends.
    static func addStops(_ stops: [(Double, CGColor)], alpha: Double, to pattern: CairoPattern) {
        for (location, c) in stops {
            pattern.addColorStop(location, clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
        }
        pattern.setExtend(CAIRO_EXTEND_PAD)
    }

    /// A conic sweep as a mesh of thin wedges (Cairo has no conic gradient): each wedge's colour
    /// varies only with the angle, so the result is smooth for any number of stops.
    private static func drawConic(
        center: CGPoint, towards end: CGPoint, bounds b: CGRect, stops: [(Double, CGColor)],
        cr: CairoContext, alpha: Double
    ) {
        let start = atan2(end.y - center.y, end.x - center.x)
        // The ramp's offsets lie in 0…1: the colours at 0 and 1 stand in for stops beyond them.
        let inside = stops.filter { $0.0 > 0 && $0.0 < 1 }
        let turn = [(0, Self.color(at: 0, in: stops))] + inside + [(1, Self.color(at: 1, in: stops))]
        if GradientField.paint(.conic(center: center, start: start), stops: turn, alpha: alpha, cr) { return }
        // Far enough to cover the bounds from anywhere.
        let reach = 2 * hypot(b.width, b.height) + hypot(center.x - b.midX, center.y - b.midY)
        let wedges = 360
        let mesh = CairoPattern.mesh()
        func color(at f: Double) -> CGColor { Self.color(at: f, in: stops) }
        for i in 0..<wedges {
            let f0 = Double(i) / Double(wedges), f1 = Double(i + 1) / Double(wedges)
            let a0 = start + f0 * 2 * Double.pi, a1 = start + f1 * 2 * Double.pi
            let p0 = CGPoint(x: center.x + reach * cos(a0), y: center.y + reach * sin(a0))
            let p1 = CGPoint(x: center.x + reach * cos(a1), y: center.y + reach * sin(a1))
            let c0 = color(at: f0), c1 = color(at: f1)
            mesh.addPatch(
                { patch in
                    patch.moveTo(center.x, center.y)
                    patch.lineTo(p0.x, p0.y)
                    patch.lineTo(p1.x, p1.y)
                    patch.lineTo(center.x, center.y)
                },
                corners: [c0, c0, c1, c1].map { c in
                    (clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
                })
        }
        cr.setSource(mesh)
        cr.paint()
    }

    private static func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
}
