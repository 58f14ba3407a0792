import CCairo
import ReelCore

/// A Cairo image surface and context drawing straight into a `PixelBuffer`'s memory
/// (CAIRO_FORMAT_ARGB32 is the buffer's premultiplied BGRA on little-endian machines).
final class CairoCanvas {
    let surface: OpaquePointer
    let context: OpaquePointer

    init(buffer: PixelBuffer) {
        surface = cairo_image_surface_create_for_data(
            buffer.baseAddress.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Cairo's status as an error message, or nil when all is well.
    var error: String? {
        let status = cairo_status(context)
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return String(cString: cairo_status_to_string(status))
    }
}
