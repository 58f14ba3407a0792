import CCairo
import Foundation
import ReelCore

/// PNG reading and writing through Cairo (which the renderer links anyway).
public enum PNGFile {
    /// Writes `buffer` as an 8-bit RGBA PNG at `path`.
    public static func write(_ buffer: PixelBuffer, to path: String) throws {
        let canvas = CairoCanvas(buffer: buffer)
        let status = cairo_surface_write_to_png(canvas.surface.raw, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write PNG '\(path)': \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// `buffer` as the bytes of an 8-bit RGBA PNG, in memory (for reports that embed pictures).
    public static func encode(_ buffer: PixelBuffer) throws -> Data {
        let canvas = CairoCanvas(buffer: buffer)
        let collected = PNGBytes()
        let status = withExtendedLifetime(collected) {
            cairo_surface_write_to_png_stream(
                canvas.surface.raw,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<PNGBytes>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(collected).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot encode a PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return collected.data
    }

    /// Reads a PNG into a new premultiplied BGRA buffer.
    public static func read(_ path: String) throws -> PixelBuffer {
        let surface = CairoSurface(owning: cairo_image_surface_create_from_png(path)!)
        let status = surface.status
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot read PNG '\(path)': \(String(cString: cairo_status_to_string(status)))")
        }
        let width = surface.width, height = surface.height
        let buffer = PixelBuffer(width: width, height: height)
        let canvas = CairoCanvas(buffer: buffer)
        canvas.context.setSource(surface, 0, 0)
        canvas.context.setOperator(CAIRO_OPERATOR_SOURCE)
        canvas.context.paint()
        canvas.surface.flush()
        return buffer
    }
}

/// Where `PNGFile.encode` collects Cairo's output.
private final class PNGBytes {
    var data = Data()
}

/// A drawing or image-file failure.
public struct RenderError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
