import CCairo
import Foundation
import ReelCore

/// Path and matrix helpers shared by the layer drawing code.
enum Geometry {
    /// False for states Cairo cannot draw (non-finite geometry), which are skipped rather than
    /// allowed to put the Cairo context into an error state for the rest of the frame.
    static func isDrawable(_ s: LayerState) -> Bool {
        let values = [
            s.position.x, s.position.y, s.bounds.origin.x, s.bounds.origin.y, s.bounds.size.width,
            s.bounds.size.height, s.anchorPoint.x, s.anchorPoint.y, s.cornerRadius, s.borderWidth
        ]
        return values.allSatisfy(\.isFinite) && s.transform.entries.allSatisfy(\.isFinite)
    }

    /// The 2D affine part of a transform as a Cairo matrix, or nil when it is singular (a layer
    /// scaled to nothing draws nothing; Cairo would refuse the matrix).
    static func cairoMatrix(_ t: CATransform3D) -> cairo_matrix_t? {
        let a = t.affine
        let det = a.a * a.d - a.b * a.c
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        // Row vectors (x' = a·x + c·y + tx) match Cairo's xx, yx, xy, yy, x0, y0 layout.
        return cairo_matrix_t(xx: a.a, yx: a.b, xy: a.c, yy: a.d, x0: a.tx, y0: a.ty)
    }

    /// `t` acting about `center`: translate there, transform, translate back.
    static func about(_ center: CGPoint, _ t: CATransform3D) -> CATransform3D {
        CATransform3DMakeTranslation(-center.x, -center.y, 0).concatenating(t).concatenating(
            CATransform3DMakeTranslation(center.x, center.y, 0))
    }

    /// Adds a layer's bounds with its rounded corners (radius, maskedCorners, cornerCurve).
    static func roundedBounds(_ cr: CairoContext, _ s: LayerState) {
        roundedRect(cr, s.bounds, radius: s.cornerRadius, corners: s.maskedCorners, curve: s.cornerCurve)
    }

    /// Adds a rectangle whose `corners` are rounded by `radius` along `curve` (circular: clamped
    /// to half the shorter side; continuous: see ``ContinuousCorner``); the other corners stay
    /// square (maskedCorners).
    static func roundedRect(
        _ cr: CairoContext, _ r: CGRect, radius: Double, corners: CACornerMask = .all,
        curve: CALayerCornerCurve = .circular
    ) {
        if curve == .continuous {
            ShapeDrawing.append(
                CGPath(elements: ContinuousCorner.roundedRect(r, radius: radius, corners: corners)), to: cr)
            return
        }
        let rect = r.standardized
        let radius = min(max(radius, 0), min(rect.width, rect.height) / 2)
        guard radius > 0, !corners.isEmpty else {
            cr.rectangle(rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        func corner(_ c: CACornerMask, _ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ from: Double) {
            if corners.contains(c) {
                cr.arc(cx, cy, radius, from, from + Double.pi / 2)
            } else {
                cr.lineTo(x, y)
            }
        }
        cr.newSubPath()
        corner(.layerMaxXMinYCorner, x1, y0, x1 - radius, y0 + radius, -Double.pi / 2)
        corner(.layerMaxXMaxYCorner, x1, y1, x1 - radius, y1 - radius, 0)
        corner(.layerMinXMaxYCorner, x0, y1, x0 + radius, y1 - radius, Double.pi / 2)
        corner(.layerMinXMinYCorner, x0, y0, x0 + radius, y0 + radius, Double.pi)
        cr.closePath()
    }

    /// The border region: inside the bounds, `width` wide, following the rounded corners (the
    /// inner corners have radius − width), filled even-odd like Core Animation draws it.
    static func border(
        _ cr: CairoContext, _ bounds: CGRect, radius: Double, corners: CACornerMask = .all,
        curve: CALayerCornerCurve = .circular, width: Double
    ) {
        let outer = bounds.standardized
        cr.newPath()
        roundedRect(cr, outer, radius: radius, corners: corners, curve: curve)
        let inset = min(width, min(outer.width, outer.height) / 2)
        let inner = outer.insetBy(dx: inset, dy: inset)
        if inner.width > 0 && inner.height > 0 {
            // The radius actually drawn (a continuous corner's is not clamped to half the side).
            let outerRadius =
                curve == .continuous
                ? ContinuousCorner.fit(radius: radius, shorterSide: min(outer.width, outer.height)).radius
                : min(max(radius, 0), min(outer.width, outer.height) / 2)
            roundedRect(cr, inner, radius: max(outerRadius - inset, 0), corners: corners, curve: curve)
        }
        cr.setFillRule(CAIRO_FILL_RULE_EVEN_ODD)
    }

    /// Sets a colour as the source, clamping components (overshooting animations can leave 0…1).
    static func setSource(_ cr: CairoContext, _ c: CGColor, alpha: Double) {
        func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
        cr.setSource(clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
    }
}
