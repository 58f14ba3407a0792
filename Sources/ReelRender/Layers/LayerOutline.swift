import CCairo
import Foundation
import ReelCore

/// Layer outlines over a rendered frame, like Xcode's view debugger (`reel still --outline`):
/// each layer's bounds where they are drawn (the quad after every transform, 3D projected), its
/// anchor point as a small crosshair, and its name (or class) in a tag at the bounds' origin
/// corner. Each nesting depth has its own colour; layers that are there but draw nothing (opacity
/// 0, or single-sided and turned away) are outlined dashed; hidden layers are left out, as the
/// renderer leaves them out.
///
/// The geometry is the renderer's own (`PresentationLayer.placements()`), so an outline sits on
/// the pixels it belongs to.
public enum LayerOutline {
    /// Colours by depth (cycled): blue, red, green, amber, purple, cyan — apart from each other
    /// and from most scenes' content.
    public static let palette: [(r: Double, g: Double, b: Double)] = [
        (0.20, 0.60, 1.00), (1.00, 0.30, 0.30), (0.25, 0.85, 0.35), (1.00, 0.75, 0.10), (0.75, 0.45, 1.00),
        (0.10, 0.85, 0.85)
    ]

    /// Draws the outlines of `tree` (the frame's presentation tree) over `buffer`, which holds
    /// the frame drawn at `scale` pixels per point.
    public static func draw(_ tree: PresentationLayer, over buffer: PixelBuffer, scale: Double) {
        let cairo = CairoCanvas(buffer: buffer)
        let cr = cairo.context
        cr.setAntialias(CAIRO_ANTIALIAS_GRAY)
        cr.selectFontFace("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cr.setFontSize(10)
        let placements = tree.placements()
        var tags: [(text: String, at: (x: Double, y: Double), color: (r: Double, g: Double, b: Double))] = []
        for placement in placements {
            let s = placement.layer.state
            let b = s.bounds.standardized
            guard b.width.isFinite, b.height.isFinite else { continue }
            let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)].map {
                placement.toCanvas.apply(Double($0.0), Double($0.1))
            }
            // A corner behind the eye has no place on the canvas: the quad is not drawn.
            guard corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) else { continue }
            let color = palette[placement.depth % palette.count]
            let points = corners.map { (x: $0.x * scale, y: $0.y * scale) }

            cr.save()
            cr.setLineWidth(1.5)
            if placement.isTransparent || placement.facesAway {
                cr.setDash([5, 3], offset: 0)
            }
            cr.moveTo(points[0].x, points[0].y)
            for p in points.dropFirst() { cr.lineTo(p.x, p.y) }
            cr.closePath()
            cr.setSource(color.r, color.g, color.b, 0.95)
            cr.stroke()
            cr.restore()

            let anchor = placement.toCanvas.apply(
                Double(b.minX + s.anchorPoint.x * b.width), Double(b.minY + s.anchorPoint.y * b.height))
            if anchor.w > 0, anchor.x.isFinite, anchor.y.isFinite {
                crosshair(cr, x: anchor.x * scale, y: anchor.y * scale, color: color)
            }
            tags.append((placement.layer.name ?? placement.layer.className, points[0], color))
        }
        // Tags last, so no outline crosses a name; a tag that would cover an earlier one moves
        // below it (layers sharing a corner keep both names readable).
        var placed: [(x: Double, y: Double, w: Double, h: Double)] = []
        for tag in tags {
            var box = tagBox(
                cr, tag.text, x: tag.at.x, y: tag.at.y, width: Double(buffer.width), height: Double(buffer.height))
            for _ in 0..<8 {
                guard
                    let other = placed.first(where: {
                        $0.x < box.x + box.w && box.x < $0.x + $0.w && $0.y < box.y + box.h && box.y < $0.y + $0.h
                    })
                else { break }
                box = tagBox(
                    cr, tag.text, x: box.x, y: other.y + box.h + 1, width: Double(buffer.width),
                    height: Double(buffer.height))
            }
            placed.append(box)
            self.tag(cr, tag.text, box: box, color: tag.color)
        }
        cairo.surface.flush()
    }

    /// A 4-pixel crosshair with a dot, dark-edged so it shows on light and dark content.
    private static func crosshair(_ cr: CairoContext, x: Double, y: Double, color: (r: Double, g: Double, b: Double)) {
        cr.save()
        cr.moveTo(x - 5, y)
        cr.lineTo(x + 5, y)
        cr.moveTo(x, y - 5)
        cr.lineTo(x, y + 5)
        cr.setLineWidth(3)
        cr.setSource(0, 0, 0, 0.6)
        cr.strokePreserve()
        cr.setLineWidth(1.2)
        cr.setSource(color.r, color.g, color.b)
        cr.stroke()
        cr.arc(x, y, 2, 0, 2 * .pi)
        cr.fill()
        cr.restore()
    }

    /// Where a tag for `text` goes with its top left at (x, y), kept on the frame.
    private static func tagBox(
        _ cr: CairoContext, _ text: String, x: Double, y: Double, width: Double,
        height: Double
    ) -> (x: Double, y: Double, w: Double, h: Double) {
        let w = cr.textExtents(text).x_advance + 6, h = 13.0
        return (min(max(x, 0), max(width - w, 0)), min(max(y, 0), max(height - h, 0)), w, h)
    }

    /// The layer's name on a tag of its colour.
    private static func tag(
        _ cr: CairoContext, _ text: String, box: (x: Double, y: Double, w: Double, h: Double),
        color: (r: Double, g: Double, b: Double)
    ) {
        cr.save()
        cr.rectangle(box.x, box.y, box.w, box.h)
        cr.setSource(color.r, color.g, color.b, 0.85)
        cr.fill()
        cr.setSource(0, 0, 0)
        cr.moveTo(box.x + 3, box.y + 10)
        cr.showText(text)
        cr.restore()
    }
}
