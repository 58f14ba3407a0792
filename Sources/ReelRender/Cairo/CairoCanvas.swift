import CCairo
import ReelCore

/// A Cairo image surface and context drawing straight into a `PixelBuffer`'s memory
/// (CAIRO_FORMAT_ARGB32 is the buffer's premultiplied BGRA on little-endian machines).
/// The canvas owns the context: it is destroyed with the canvas, before the surface.
final class CairoCanvas {
    let surface: CairoSurface
    let context: CairoContext

    init(buffer: PixelBuffer) {
        surface = CairoSurface(
            data: buffer.baseAddress.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            width: buffer.width, height: buffer.height, stride: buffer.stride)
        context = CairoContext(cairo_create(surface.raw)!)
    }

    deinit { cairo_destroy(context.raw) }

    /// Cairo's status as an error message, or nil when all is well.
    var error: String? {
        let status = context.status
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return String(cString: cairo_status_to_string(status))
    }
}
