import CCairo
import Foundation
import ReelCore

/// CATransition: the layer's old appearance (a snapshot frozen before the transaction) gives way
/// to its new appearance (live) through an effect, inside the layer's bounds. Both sides are
/// painted in the layer's plane into images at the resolution they have on screen; the effect
/// then composites those images.
enum TransitionDrawing {
    static func draw(_ new: PresentationLayer, _ t: TransitionState, _ cr: CairoContext, painter: LayerPainter) {
        let bounds = new.state.bounds
        guard bounds.width > 0, bounds.height > 0 else { return }
        let m = cr.matrix
        // The sides' images are no larger than the surface drawn into (at least a megapixel, at
        // most `maxSidePixels`) whatever the layer's size: a layer larger than the frame is
        // painted at a lower resolution rather than allocating gigabytes for what is off screen.
        let area = Double(bounds.width) * Double(bounds.height)
        let target = cr.target
        let surfaceArea =
            target.type == CAIRO_SURFACE_TYPE_IMAGE
            ? Double(target.width) * Double(target.height) : Self.maxSidePixels
        let budget = min(max(surfaceArea, 1_048_576), Self.maxSidePixels)
        let r = min(max(abs(m.xx * m.yy - m.xy * m.yx).squareRoot(), 0.1), 8, (budget / area).squareRoot())
        let p = t.progress
        switch t.type {
        case .cube, .oglFlip:
            let sides = Sides(old: t.old, new: new, bounds: bounds, resolution: r, painter: painter)
            TurningTransitions.draw(sides, type: t.type, subtype: t.subtype, progress: p, cr)
        case .pageCurl, .pageUnCurl:
            let curl = CurlSpace(bounds: bounds, subtype: t.subtype)
            let sides = Sides(old: t.old, new: new, bounds: bounds, resolution: r, painter: painter, orientation: curl)
            PageCurl.draw(
                sides, curl: curl, progress: t.type == .pageCurl ? p : 1 - p,
                curling: t.type == .pageCurl ? .old : .new, cr)
        case .rippleEffect, .suckEffect:
            let sides = Sides(old: t.old, new: new, bounds: bounds, resolution: r, painter: painter)
            if t.type == .rippleEffect {
                PixelTransitions.ripple(sides, progress: p, cr)
            } else {
                PixelTransitions.suck(sides, progress: p, cr)
            }
        default:
            let sides = Sides(old: t.old, new: new, bounds: bounds, resolution: r, painter: painter)
            drawPlanar(sides, type: t.type, subtype: t.subtype, progress: p, clipsToBounds: new.state, cr)
        }
    }

    /// Most pixels of each side's image (4096 × 4096).
    static let maxSidePixels = 16_777_216.0

    /// Fade, the three slides, and the camera iris: the sides moved, faded or masked in the plane.
    /// As on iOS, a side sliding past the layer's edge stays visible there unless the layer
    /// (`layer.masksToBounds`) or a superlayer clips it (see docs/rendering.md).
    static func drawPlanar(
        _ sides: Sides, type: CATransitionType, subtype: CATransitionSubtype, progress p: Double,
        clipsToBounds layer: LayerState, _ cr: CairoContext
    ) {
        let b = sides.bounds
        // The unit vector the incoming motion travels along (from the subtype's side).
        let (ux, uy): (Double, Double) =
            switch subtype {
            case .fromRight: (-1, 0)
            case .fromTop: (0, 1)
            case .fromBottom: (0, -1)
            default: (1, 0)
            }
        let travel = (ux * b.width, uy * b.height)
        cr.save()
        if layer.masksToBounds {
            Geometry.roundedRect(cr, b, radius: layer.cornerRadius, corners: layer.maskedCorners)
            cr.clip()
        }
        switch type {
        case .fade:
            // A true dissolve: old × (1 − p) + new × p, added in a group, then composited.
            cr.withGroupAsSource { cr in
                sides.drawOld(cr, alpha: 1 - p)
                cr.setOperator(CAIRO_OPERATOR_ADD)
                sides.drawNew(cr, alpha: p)
            }
            cr.paint()
        case .moveIn:
            sides.drawOld(cr)
            sides.drawNew(cr, dx: -travel.0 * (1 - p), dy: -travel.1 * (1 - p))
        case .push:
            sides.drawOld(cr, dx: travel.0 * p, dy: travel.1 * p)
            sides.drawNew(cr, dx: -travel.0 * (1 - p), dy: -travel.1 * (1 - p))
        case .reveal:
            sides.drawNew(cr)
            sides.drawOld(cr, dx: travel.0 * p, dy: travel.1 * p)
        case .cameraIris:
            drawIris(sides, progress: p, cr)
        default:
            sides.drawNew(cr)
        }
        cr.restore()
    }

    /// A six-bladed iris closes on the old appearance, turning as it closes, and opens on the new.
    private static func drawIris(_ sides: Sides, progress p: Double, _ cr: CairoContext) {
        let b = sides.bounds
        let closing = p < 0.5
        let openness = closing ? 1 - 2 * p : 2 * p - 1
        let radius = hypot(b.width, b.height) / 2 * openness
        let turn = p * Double.pi / 3
        let (cx, cy) = (b.midX, b.midY)
        cr.save()
        cr.newPath()
        for i in 0..<6 {
            let a = turn + Double(i) * Double.pi / 3
            let (x, y) = (cx + radius * cos(a), cy + radius * sin(a))
            if i == 0 { cr.moveTo(x, y) } else { cr.lineTo(x, y) }
        }
        cr.closePath()
        cr.clipPreserve()
        if closing { sides.drawOld(cr) } else { sides.drawNew(cr) }
        cr.resetClip()
        // The blades: dark around the aperture.
        cr.rectangle(b.minX, b.minY, b.width, b.height)
        cr.setFillRule(CAIRO_FILL_RULE_EVEN_ODD)
        cr.setSource(0.06, 0.06, 0.07, 1)
        cr.fill()
        cr.restore()
    }
}

/// The two appearances of a transitioning layer, painted into images in the layer's plane.
final class Sides {
    let bounds: CGRect
    /// Image pixels per layer point.
    let resolution: Double
    let old: CairoSurface
    let new: CairoSurface
    let width: Int
    let height: Int

    /// Paints both sides. `orientation` (for page curls) lays the images out in curl space.
    init(
        old: PresentationLayer, new: PresentationLayer, bounds: CGRect, resolution r: Double, painter: LayerPainter,
        orientation: CurlSpace? = nil
    ) {
        self.bounds = bounds
        self.resolution = r
        let size = orientation?.size ?? bounds.size
        width = min(max(1, Int(saturating: (size.width * r).rounded(.up))), 16_384)
        height = min(max(1, Int(saturating: (size.height * r).rounded(.up))), 16_384)
        func render(_ layer: PresentationLayer, width: Int, height: Int) -> CairoSurface {
            let image = CairoSurface(CAIRO_FORMAT_ARGB32, width: width, height: height)
            let s = layer.state
            guard !s.isHidden, s.opacity > 0 else { return image }
            image.withContext { c in
                c.setAntialias(CAIRO_ANTIALIAS_GRAY)
                c.scale(r, r)
                if let orientation {
                    c.transform(orientation.localToCurl)
                } else {
                    c.translate(-bounds.minX, -bounds.minY)
                }
                painter.paint(layer, c)
            }
            image.flush()
            return image
        }
        self.old = render(old, width: width, height: height)
        self.new = render(new, width: width, height: height)
    }

    func drawOld(_ cr: CairoContext, dx: Double = 0, dy: Double = 0, alpha: Double = 1) {
        draw(old, cr, dx: dx, dy: dy, alpha: alpha)
    }
    func drawNew(_ cr: CairoContext, dx: Double = 0, dy: Double = 0, alpha: Double = 1) {
        draw(new, cr, dx: dx, dy: dy, alpha: alpha)
    }

    /// Paints a side image over the bounds (in the layer's plane), offset by (dx, dy) points.
    private func draw(_ image: CairoSurface, _ cr: CairoContext, dx: Double, dy: Double, alpha: Double) {
        guard alpha > 0 else { return }
        cr.save()
        cr.translate(bounds.minX + dx, bounds.minY + dy)
        cr.scale(1 / resolution, 1 / resolution)
        cr.setSource(image, 0, 0)
        cr.setSourceFilter(CAIRO_FILTER_GOOD)
        if alpha >= 1 { cr.paint() } else { cr.paint(alpha: alpha) }
        cr.restore()
    }
}
