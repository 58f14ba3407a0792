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

    /// Colour stops: the given locations (clamped, made non-decreasing) or evenly spaced.
    static func stops(_ s: LayerState) -> [(Double, CGColor)] {
        let colors = s.colors ?? []
        guard colors.count > 1 else { return colors.map { (0, $0) } }
        var result: [(Double, CGColor)] = []
        var last = 0.0
        for (i, color) in colors.enumerated() {
            var location = Double(i) / Double(colors.count - 1)
            if let locations = s.locations, i < locations.count { location = locations[i] }
            location = max(min(location, 1), last)
            last = location
            result.append((location, color))
        }
        return result
    }

    static func draw(_ s: LayerState, _ cr: OpaquePointer, alpha: Double) {
        let b = s.bounds
        let stops = stops(s)
        guard let first = stops.first else { return }
        func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.origin.x + u.x * b.width, y: b.origin.y + u.y * b.height) }
        cairo_save(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_clip(cr)
        if stops.count == 1 {
            Geometry.setSource(cr, first.1, alpha: alpha)
            cairo_paint(cr)
            cairo_restore(cr)
            return
        }
        let start = point(s.startPoint), end = point(s.endPoint)
        switch s.gradientType {
        case .axial:
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
            paint(pattern, stops, cr, alpha)
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            // A circle when the end point lies straight off the centre on one axis.
            let (radiusX, radiusY) = (rx == 0 ? ry : rx, ry == 0 ? rx : ry)
            guard radiusX > 0, radiusY > 0 else {
                // Degenerate: everything is beyond the last stop.
                Geometry.setSource(cr, stops.last!.1, alpha: alpha)
                cairo_paint(cr)
                break
            }
            let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)!
            // The pattern matrix maps user space to pattern space: the ellipse becomes the unit circle.
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, 1 / radiusX, 1 / radiusY)
            cairo_matrix_translate(&m, -start.x, -start.y)
            cairo_pattern_set_matrix(pattern, &m)
            paint(pattern, stops, cr, alpha)
        case .conic:
            drawConic(center: start, towards: end, bounds: b, stops: stops, cr: cr, alpha: alpha)
        }
        cairo_restore(cr)
    }

    private static func paint(_ pattern: OpaquePointer, _ stops: [(Double, CGColor)], _ cr: OpaquePointer, _ alpha: Double) {
        for (location, c) in stops {
            cairo_pattern_add_color_stop_rgba(pattern, location, clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
    }

    /// A conic sweep as a mesh of thin wedges (Cairo has no conic gradient): each wedge's colour
    /// varies only with the angle, so the result is smooth for any number of stops.
    private static func drawConic(center: CGPoint, towards end: CGPoint, bounds b: CGRect, stops: [(Double, CGColor)],
                                  cr: OpaquePointer, alpha: Double) {
        let start = atan2(end.y - center.y, end.x - center.x)
        // Far enough to cover the bounds from anywhere.
        let reach = 2 * hypot(b.width, b.height) + hypot(center.x - b.midX, center.y - b.midY)
        let wedges = 360
        let mesh = cairo_pattern_create_mesh()!
        func color(at f: Double) -> CGColor {
            guard let after = stops.firstIndex(where: { $0.0 >= f }) else { return stops.last!.1 }
            if after == 0 { return stops[0].1 }
            let (l0, c0) = stops[after - 1], (l1, c1) = stops[after]
            let u = l1 > l0 ? (f - l0) / (l1 - l0) : 1
            return AnimatableValue.color(c0).interpolated(to: .color(c1), fraction: u).color!!
        }
        for i in 0..<wedges {
            let f0 = Double(i) / Double(wedges), f1 = Double(i + 1) / Double(wedges)
            let a0 = start + f0 * 2 * Double.pi, a1 = start + f1 * 2 * Double.pi
            let p0 = CGPoint(x: center.x + reach * cos(a0), y: center.y + reach * sin(a0))
            let p1 = CGPoint(x: center.x + reach * cos(a1), y: center.y + reach * sin(a1))
            let c0 = color(at: f0), c1 = color(at: f1)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, center.x, center.y)
            cairo_mesh_pattern_line_to(mesh, p0.x, p0.y)
            cairo_mesh_pattern_line_to(mesh, p1.x, p1.y)
            cairo_mesh_pattern_line_to(mesh, center.x, center.y)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        cairo_set_source(cr, mesh)
        cairo_paint(cr)
        cairo_pattern_destroy(mesh)
    }

    private static func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
}
