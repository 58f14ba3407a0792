import CCairo
import Foundation
import ReelCore

/// The shape a shadow is cast from when it is known without drawing the layer: its shadowPath,
/// or its opaque rounded background when everything else it draws lies inside that background.
///
/// Core Animation's render server casts a shadow from the layer's alpha, composited with its
/// sublayers — a full offscreen pass each frame unless a shadowPath says the shape. Most shadowed
/// layers in real scenes are opaque cards, panels and device frames with their content inside:
/// their alpha is exactly their background's, so the shadow follows from the rounded rectangle
/// alone, can be cached, and moves with the layer without redrawing anything.
enum ShadowShape: Hashable {
    case path(CGPath)
    /// Filled exactly as the background is (`Geometry.roundedRect`), so the coverage is the same.
    case roundedRect(CGRect, radius: Double, corners: CACornerMask, curve: CALayerCornerCurve)

    /// Appends the shape to the current path of `cr`.
    func append(to cr: CairoContext) {
        switch self {
        case .path(let path): ShapeDrawing.append(path, to: cr)
        case .roundedRect(let rect, let radius, let corners, let curve):
            Geometry.roundedRect(cr, rect, radius: radius, corners: corners, curve: curve)
        }
    }

    var boundingBox: CGRect {
        switch self {
        case .path(let path): path.boundingBox
        case .roundedRect(let rect, _, _, _): rect.standardized
        }
    }

    /// The shape a visible shadow of `layer` is cast from, or nil when only its drawn alpha says.
    static func of(_ layer: PresentationLayer, _ context: RenderContext) -> ShadowShape? {
        let s = layer.state
        if let path = s.shadowPath { return .path(path) }
        // An exactly opaque background, no mask, and no own drawing that could reach outside it.
        guard layer.mask == nil, layer.transition == nil, layer.kind == .layer, !ContentsDrawing.hasContent(s),
            let background = s.backgroundColor, background.alpha >= 1, s.bounds.width > 0, s.bounds.height > 0
        else { return nil }
        let rect = s.bounds.standardized
        // Square corners (maskedCorners) count as rounded too: that only makes the test stricter.
        let radius =
            s.maskedCorners.isEmpty ? 0 : min(max(Double(s.cornerRadius), 0), Double(min(rect.width, rect.height)) / 2)
        // One point in from the edge keeps sublayers' anti-aliased edges off the background's.
        let inside = RoundedBox(rect: rect.insetBy(dx: 1, dy: 1), radius: max(radius - 1, 0))
        if !layer.sublayers.isEmpty {
            let sublayer = s.sublayerTransformAboutCentre
            for child in layer.sublayers where LayerPainter.isVisible(child) {
                guard let outline = RoundedBox.outline(of: child, parentSublayer: sublayer, context) else { return nil }
                // A sublayer that paints nothing (a bar grown from zero width) changes no alpha.
                guard outline.rect.isNull || inside.contains(outline) else { return nil }
            }
        }
        return .roundedRect(s.bounds, radius: Double(s.cornerRadius), corners: s.maskedCorners, curve: s.cornerCurve)
    }
}

/// An axis-aligned rectangle with equal rounded corners: what a sublayer is known to stay within.
struct RoundedBox {
    var rect: CGRect
    var radius: Double

    /// Where `child` can paint in its parent's space: its clipped rounded bounds when it clips or
    /// is itself an opaque rounded card (and is only moved and scaled), else its extent's box.
    static func outline(of child: PresentationLayer, parentSublayer: CATransform3D?, _ context: RenderContext)
        -> RoundedBox?
    {
        let c = child.state
        guard let m = LayerExtent.affine(c.transformToSuperlayer(parentSublayer: parentSublayer)) else { return nil }
        if m.xy == 0, m.yx == 0, m.xx == m.yy, m.xx > 0, c.maskedCorners == .all, child.mask == nil,
            c.masksToBounds || (!ShadowDrawing.isVisible(c) && ShadowShape.of(child, context) != nil)
        {
            let rect = LayerExtent.transformed(c.bounds, m)
            // A continuous corner reaches a little past the circular one near the diagonal: its
            // outline is taken as square-cornered, which only makes containment stricter.
            let radius =
                c.cornerCurve == .continuous
                ? 0 : min(max(Double(c.cornerRadius), 0), Double(min(c.bounds.width, c.bounds.height)) / 2) * m.xx
            return RoundedBox(rect: rect, radius: radius)
        }
        guard let extent = LayerExtent.of(child, shadow: true, context) else { return nil }
        return RoundedBox(rect: LayerExtent.transformed(extent, m), radius: 0)
    }

    /// Whether `inner` lies inside: both are convex, so it does when each of inner's corner
    /// circles does, i.e. when each circle's centre lies in this box shrunk by the circle's radius.
    func contains(_ inner: RoundedBox) -> Bool {
        guard !inner.rect.isNull, !rect.isNull else { return false }
        let r = inner.radius
        let shrunk = RoundedBox(rect: rect.insetBy(dx: r, dy: r), radius: max(radius - r, 0))
        guard !shrunk.rect.isNull, shrunk.rect.width >= 0, shrunk.rect.height >= 0 else { return false }
        let a = inner.rect
        let centres = [
            (a.minX + r, a.minY + r), (a.maxX - r, a.minY + r), (a.minX + r, a.maxY - r), (a.maxX - r, a.maxY - r)
        ]
        return centres.allSatisfy { shrunk.containsPoint(Double($0.0), Double($0.1)) }
    }

    private func containsPoint(_ x: Double, _ y: Double) -> Bool {
        let (x0, y0, x1, y1) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        guard x >= x0, x <= x1, y >= y0, y <= y1 else { return false }
        // In a corner's square, within the corner's circle.
        let cx = x < x0 + radius ? x0 + radius : (x > x1 - radius ? x1 - radius : x)
        let cy = y < y0 + radius ? y0 + radius : (y > y1 - radius ? y1 - radius : y)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius + 1e-9
    }
}
