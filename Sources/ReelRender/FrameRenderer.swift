import CCairo
import Foundation
import ReelCore

/// Draws presentation trees with Cairo: anchor-point transforms, group opacity, rounded
/// backgrounds, borders inside the bounds above the sublayers, clipping, z-ordering.
///
/// A renderer holds no state between frames, so one per thread renders frames in any order
/// with identical results.
public struct FrameRenderer: Sendable {
    /// The canvas frames are drawn for: pixel size and scale.
    public let canvas: Canvas

    public init(canvas: Canvas) {
        self.canvas = canvas
    }

    /// A new buffer of the canvas's pixel size.
    public func makeBuffer() -> PixelBuffer {
        PixelBuffer(width: max(canvas.pixelWidth, 1), height: max(canvas.pixelHeight, 1))
    }

    /// Renders `tree` into `buffer` (cleared first), scaled by `canvas.scale`.
    public func render(_ tree: PresentationLayer, into buffer: PixelBuffer) {
        buffer.clear()
        let cairo = CairoCanvas(buffer: buffer)
        let cr = cairo.context
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        cairo_scale(cr, canvas.scale, canvas.scale)
        draw(tree, cr)
        cairo_surface_flush(cairo.surface)
    }

    /// Renders the timeline's frame at scene time `t`.
    public func render(_ timeline: Timeline, at t: Double, into buffer: PixelBuffer) {
        render(timeline.presentation(at: t), into: buffer)
    }

    // MARK: - Layers

    private func draw(_ layer: PresentationLayer, _ cr: OpaquePointer) {
        let s = layer.state
        let opacity = min(max(Double(s.opacity), 0), 1)
        guard !s.isHidden, opacity > 0, Geometry.isDrawable(s) else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }

        // Layer space → parent space: about the anchor point, then to the position.
        cairo_translate(cr, s.position.x, s.position.y)
        if !s.transform.isIdentity {
            guard var m = Geometry.cairoMatrix(s.transform) else { return }
            cairo_transform(cr, &m)
        }
        let size = s.bounds.size
        cairo_translate(cr, -(s.bounds.origin.x + s.anchorPoint.x * size.width),
                        -(s.bounds.origin.y + s.anchorPoint.y * size.height))

        let drawsBackground = (s.backgroundColor?.alpha ?? 0) > 0 && size.width > 0 && size.height > 0
        let drawsBorder = s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0 && size.width > 0 && size.height > 0
        let visibleChildren = layer.sublayers.filter { !$0.state.isHidden && $0.state.opacity > 0 }
        let paintCount = (drawsBackground ? 1 : 0) + (drawsBorder ? 1 : 0) + visibleChildren.count
        guard paintCount > 0 else { return }

        // Group opacity: the subtree is composited once at the layer's opacity. A layer that
        // paints a single thing can apply the opacity to that paint directly (same pixels, no group).
        let group = opacity < 1 && paintCount > 1
        let paintAlpha = group ? 1 : opacity
        if group {
            if s.masksToBounds {
                Geometry.roundedRect(cr, s.bounds, radius: s.cornerRadius)
                cairo_clip(cr)
            }
            cairo_push_group(cr)
        }

        if drawsBackground, let color = s.backgroundColor {
            Geometry.roundedRect(cr, s.bounds, radius: s.cornerRadius)
            Geometry.setSource(cr, color, alpha: paintAlpha)
            cairo_fill(cr)
        }

        if !visibleChildren.isEmpty {
            cairo_save(cr)
            if s.masksToBounds {
                Geometry.roundedRect(cr, s.bounds, radius: s.cornerRadius)
                cairo_clip(cr)
            }
            var drawChildren = true
            if !s.sublayerTransform.isIdentity {
                // sublayerTransform acts about the centre of the bounds.
                let c = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
                cairo_translate(cr, c.x, c.y)
                if var m = Geometry.cairoMatrix(s.sublayerTransform) { cairo_transform(cr, &m) } else { drawChildren = false }
                cairo_translate(cr, -c.x, -c.y)
            }
            if drawChildren {
                for child in Self.zOrdered(visibleChildren) {
                    if paintAlpha < 1 {
                        // Single visible child of a translucent layer: composite it as a group.
                        cairo_push_group(cr)
                        draw(child, cr)
                        cairo_pop_group_to_source(cr)
                        cairo_paint_with_alpha(cr, paintAlpha)
                    } else {
                        draw(child, cr)
                    }
                }
            }
            cairo_restore(cr)
        }

        if drawsBorder, let color = s.borderColor {
            Geometry.border(cr, s.bounds, radius: s.cornerRadius, width: s.borderWidth)
            Geometry.setSource(cr, color, alpha: paintAlpha)
            cairo_fill(cr)
        }

        if group {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Siblings back to front by zPosition; equal zPositions keep their order (a stable sort).
    static func zOrdered(_ layers: [PresentationLayer]) -> [PresentationLayer] {
        guard layers.contains(where: { $0.state.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted { a, b in
            a.element.state.zPosition != b.element.state.zPosition
                ? a.element.state.zPosition < b.element.state.zPosition : a.offset < b.offset
        }.map(\.element)
    }
}
