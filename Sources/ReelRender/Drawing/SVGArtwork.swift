import CCairo
import CReelSvg
import Foundation
import ReelCore

/// An SVG document, parsed once by librsvg, drawn as vectors wherever an image is shown.
///
/// librsvg is given the bytes only — no file path, no base URL — so a document cannot make it
/// read anything else: external images, `xlink:href` to other files and XIncludes stay
/// unresolved (librsvg allows a reference only relative to a base URL, and `data:` URLs).
/// Its own limits bound entity expansion ("billion laughs") and the element count.
public final class SVGArtwork: VectorArtwork, @unchecked Sendable {
    // @unchecked: the handle is used under `lock` only (an RsvgHandle is not thread-safe).
    public let size: CGSize
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// The largest side, in pixels, a document may declare (the image's pixel size is an `Int`).
    public static let maxSide = 1_048_575.0

    /// Parses `bytes`; throws a message that says why a document cannot be used.
    public init(bytes: [UInt8]) throws {
        var error: UnsafeMutablePointer<CChar>?
        let parsed = bytes.withUnsafeBufferPointer { reel_svg_open($0.baseAddress, $0.count, &error) }
        guard let parsed else { throw SVGError(taking: error, or: "not a readable SVG document") }
        handle = parsed
        var w = 0.0, h = 0.0
        guard reel_svg_size(parsed, &w, &h) != 0 else {
            reel_svg_close(parsed)
            throw SVGError("the SVG has no size: give its <svg> element width and height, or a viewBox")
        }
        guard w.isFinite, h.isFinite, w <= Self.maxSide, h <= Self.maxSide else {
            reel_svg_close(parsed)
            throw SVGError(
                "the SVG declares a size of \(String(format: "%.0f×%.0f", w, h)) pixels; at most \(Int(Self.maxSide)) on a side"
            )
        }
        size = CGSize(width: w, height: h)
    }

    deinit { reel_svg_close(handle) }

    /// Draws the document into (0, 0, size) of `cr`'s user space. Cairo's clip bounds the work
    /// in pixels, whatever size the document declares.
    func draw(_ cr: CairoContext) {
        var error: UnsafeMutablePointer<CChar>?
        cr.withSavedState {
            _ = lock.withLock { reel_svg_render(handle, cr.raw, Double(size.width), Double(size.height), &error) }
        }
        // A render error (a broken reference, say) leaves what was drawn; nothing more to do.
        free(error)
    }

    /// The document rasterised at `width` × `height` pixels, `scale` pixels per document pixel.
    func raster(width: Int, height: Int, scale: Double) -> Raster? {
        guard width > 0, height > 0 else { return nil }
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: width, height: height)
        surface.withContext { c in
            c.scale(scale, scale)
            draw(c)
        }
        surface.flush()
        return Raster(surface: surface, originX: 0, originY: 0)
    }

    /// The document's pixels at `width` × `height` (`RenderContext.pixels(of:)`).
    func rasterize(width: Int, height: Int) -> PixelBuffer {
        let buffer = PixelBuffer(width: max(width, 1), height: max(height, 1))
        let canvas = CairoCanvas(buffer: buffer)
        canvas.context.scale(Double(width) / Double(size.width), Double(height) / Double(size.height))
        draw(canvas.context)
        canvas.surface.flush()
        return buffer
    }
}

/// Why an SVG document cannot be used.
public struct SVGError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
    /// The message librsvg wrote (freed here), or `fallback`.
    init(taking message: UnsafeMutablePointer<CChar>?, or fallback: String) {
        defer { free(message) }
        description =
            message.map { "\(fallback): " + String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
            ?? fallback
    }
}
