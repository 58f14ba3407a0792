import CCairo
import Foundation
import ReelCore

/// Layer contents: an image placed in the bounds by contentsGravity, cropped to contentsRect,
/// at contentsScale pixels per point for the gravities that keep the natural size.
enum ContentsDrawing {
    static func hasContent(_ s: LayerState) -> Bool {
        guard let image = s.contents else { return false }
        return image.width > 0 && image.height > 0 && s.contentsRect.width > 0 && s.contentsRect.height > 0
    }

    /// Where the (cropped) image goes in the layer's bounds space.
    static func destination(_ s: LayerState, imageSize: CGSize) -> CGRect {
        let b = s.bounds
        let scale = s.contentsScale > 0 ? Double(s.contentsScale) : 1
        let natural = CGSize(width: imageSize.width / scale, height: imageSize.height / scale)
        func place(_ size: CGSize, _ h: Double, _ v: Double) -> CGRect {
            CGRect(x: b.minX + (b.width - size.width) * h, y: b.minY + (b.height - size.height) * v, width: size.width, height: size.height)
        }
        switch s.contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard natural.width > 0, natural.height > 0 else { return b }
            let sx = b.width / natural.width, sy = b.height / natural.height
            let k = s.contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return place(CGSize(width: natural.width * k, height: natural.height * k), 0.5, 0.5)
        case .center: return place(natural, 0.5, 0.5)
        case .top: return place(natural, 0.5, 0)
        case .bottom: return place(natural, 0.5, 1)
        case .left: return place(natural, 0, 0.5)
        case .right: return place(natural, 1, 0.5)
        case .topLeft: return place(natural, 0, 0)
        case .topRight: return place(natural, 1, 0)
        case .bottomLeft: return place(natural, 0, 1)
        case .bottomRight: return place(natural, 1, 1)
        }
    }

    static func draw(_ s: LayerState, _ cr: OpaquePointer, alpha: Double) {
        guard let image = s.contents, hasContent(s) else { return }
        // The part of the image shown, in pixels.
        let r = s.contentsRect
        let source = CGRect(x: r.minX * Double(image.width), y: r.minY * Double(image.height),
                            width: r.width * Double(image.width), height: r.height * Double(image.height))
        let dest = destination(s, imageSize: source.size)
        guard dest.width > 0, dest.height > 0 else { return }
        let surface = cairo_image_surface_create_for_data(
            image.pixels.baseAddress.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(image.width), Int32(image.height), Int32(image.pixels.stride))
        defer { cairo_surface_destroy(surface) }
        cairo_save(cr)
        if s.contentsGravity == .resizeAspectFill {
            // The filled image is cropped to the bounds.
            cairo_rectangle(cr, s.bounds.minX, s.bounds.minY, s.bounds.width, s.bounds.height)
            cairo_clip(cr)
        }
        cairo_rectangle(cr, dest.minX, dest.minY, dest.width, dest.height)
        cairo_clip(cr)
        cairo_translate(cr, dest.minX, dest.minY)
        cairo_scale(cr, dest.width / source.width, dest.height / source.height)
        cairo_set_source_surface(cr, surface, -source.minX, -source.minY)
        let pattern = cairo_get_source(cr)
        // Pad so edge pixels don't fade into transparency when scaled; GOOD filters downscales.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }
}
