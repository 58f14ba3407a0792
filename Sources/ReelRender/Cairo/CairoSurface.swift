import CCairo
import ReelCore

/// One reference to a Cairo surface (`cairo_surface_t`), released when the wrapper goes: an
/// image, a view of someone else's pixels, or a recording. Contexts drawing on it are made and
/// destroyed by `withContext`, so none outlives the drawing it was made for.
final class CairoSurface {
    /// The surface, for Cairo calls this wrapper does not cover; valid while the wrapper lives.
    let raw: OpaquePointer

    /// Takes over a reference the caller holds (from a `cairo_*_surface_create`).
    init(owning raw: OpaquePointer) { self.raw = raw }

    /// Shares a surface someone else holds (its reference count goes up).
    init(retaining raw: OpaquePointer) { self.raw = cairo_surface_reference(raw) }

    deinit { cairo_surface_destroy(raw) }

    /// A new image of `format`, cleared.
    convenience init(_ format: cairo_format_t, width: Int, height: Int) {
        self.init(owning: cairo_image_surface_create(format, Int32(size: width), Int32(size: height))!)
    }

    /// An image over pixels someone else owns: they must outlive this surface (and anything of
    /// Cairo's still reading them — a snapshot in a recording copies them when let go).
    convenience init(data: UnsafeMutablePointer<UInt8>?, _ format: cairo_format_t, width: Int, height: Int, stride: Int)
    {
        self.init(
            owning: cairo_image_surface_create_for_data(
                data, format, Int32(size: width), Int32(size: height), Int32(size: stride))!)
    }

    /// An ARGB32 image over a decoded image's pixels (premultiplied BGRA), which must outlive it.
    convenience init(pixelsOf image: CGImage) {
        self.init(
            data: image.pixels.baseAddress.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            width: image.width, height: image.height, stride: image.pixels.stride)
    }

    /// An unbounded recording (colour and alpha) of what `draw` draws.
    static func recording(_ draw: (CairoContext) -> Void) -> CairoSurface {
        let recording = CairoSurface(owning: cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!)
        recording.withContext(draw)
        return recording
    }

    /// A new ARGB32 image of width × height pixels holding this surface's drawing from (x, y) on,
    /// flushed to be read.
    func image(x: Double, y: Double, width: Int, height: Int) -> CairoSurface {
        let image = CairoSurface(CAIRO_FORMAT_ARGB32, width: width, height: height)
        image.withContext { ic in
            ic.setSource(self, -x, -y)
            ic.paint()
        }
        image.flush()
        return image
    }

    /// Draws with a new context on this surface, destroyed when `body` returns.
    func withContext<R>(_ body: (CairoContext) throws -> R) rethrows -> R {
        let cr = cairo_create(raw)!
        defer { cairo_destroy(cr) }
        return try body(CairoContext(cr))
    }

    // MARK: Image surfaces

    var width: Int { Int(cairo_image_surface_get_width(raw)) }
    var height: Int { Int(cairo_image_surface_get_height(raw)) }
    /// Bytes per row.
    var stride: Int { Int(cairo_image_surface_get_stride(raw)) }
    var format: cairo_format_t { cairo_image_surface_get_format(raw) }
    var type: cairo_surface_type_t { cairo_surface_get_type(raw) }
    /// The pixels (nil for surfaces that are not images); valid while the wrapper lives, so
    /// keep it (`withExtendedLifetime`) until done with them.
    var data: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(raw) }

    /// The pixels as 32-bit words (ARGB32 and RGB24 images), with the same lifetime as `data`.
    var words: UnsafeMutablePointer<UInt32>? {
        data.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self) }
    }

    /// Finishes Cairo's pending drawing before the pixels are read.
    func flush() { cairo_surface_flush(raw) }

    /// Tells Cairo the pixels were written behind its back.
    func markDirty() { cairo_surface_mark_dirty(raw) }

    /// Device coordinates + offset = surface pixels.
    var deviceOffset: (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        cairo_surface_get_device_offset(raw, &x, &y)
        return (x, y)
    }

    func setDeviceOffset(_ x: Double, _ y: Double) { cairo_surface_set_device_offset(raw, x, y) }

    /// The box a recording's drawing covers.
    var inkExtents: (x: Double, y: Double, width: Double, height: Double) {
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(raw, &x, &y, &w, &h)
        return (x, y, w, h)
    }

    var status: cairo_status_t { cairo_surface_status(raw) }
}
