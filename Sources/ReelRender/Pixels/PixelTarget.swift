import CCairo
import Foundation

/// The pixels Cairo is drawing into, for compositing loops of our own: an ARGB32 image target
/// (the frame or a group), where user space lands in it, and the clip as whole-pixel boxes.
/// nil when the case is not that simple (another surface type, a clip that is not whole-pixel
/// rectangles): the caller lets Cairo draw.
struct PixelTarget {
    let data: UnsafeMutablePointer<UInt8>
    /// Bytes per row.
    let stride: Int
    /// The target's device offset: device coordinates + offset = target pixels.
    let offsetX: Double, offsetY: Double
    /// Where drawing may go, in target pixels: [x0, y0, x1, y1) boxes, and the box around them.
    let clips: [(Int, Int, Int, Int)]
    let clipBox: (Int, Int, Int, Int)
    private let surface: OpaquePointer

    init?(_ cr: OpaquePointer) {
        guard let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32, let pixels = cairo_image_surface_get_data(target)
        else { return nil }
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        // Cairo lists no rectangles for "no clip": clip to the surface first (undone below).
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, -ox, -oy, Double(width), Double(height))
        cairo_clip(cr)
        let copied = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list = copied else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var boxes: [(Int, Int, Int, Int)] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            // Device space (the identity matrix was current): pixels are offset from it.
            let r = list.pointee.rectangles[i]
            let xa = r.x + ox, xb = r.x + r.width + ox
            let ya = r.y + oy, yb = r.y + r.height + oy
            let x0 = max(Int(min(xa, xb).rounded()), 0), x1 = min(Int(max(xa, xb).rounded()), width)
            let y0 = max(Int(min(ya, yb).rounded()), 0), y1 = min(Int(max(ya, yb).rounded()), height)
            if x1 > x0, y1 > y0 { boxes.append((x0, y0, x1, y1)) }
        }
        cairo_surface_flush(target)
        data = pixels
        stride = Int(cairo_image_surface_get_stride(target))
        (offsetX, offsetY) = (ox, oy)
        clips = boxes
        clipBox = boxes.reduce((Int.max, Int.max, Int.min, Int.min)) { ($0.0 < $1.0 ? $0.0 : $1.0, $0.1 < $1.1 ? $0.1 : $1.1,
                                                                        $0.2 > $1.2 ? $0.2 : $1.2, $0.3 > $1.3 ? $0.3 : $1.3) }
        surface = target
    }

    /// Tells Cairo its pixels changed (after the last write).
    func finish() { cairo_surface_mark_dirty(surface) }
}
