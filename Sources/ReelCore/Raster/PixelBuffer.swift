/// A frame of pixels in memory: premultiplied 8-bit BGRA, rows `stride` bytes apart.
///
/// This is Cairo's `CAIRO_FORMAT_ARGB32` on a little-endian machine (the renderer draws into it
/// directly) and FFmpeg's `AV_PIX_FMT_BGRA` (the encoder reads it directly), so a frame crosses
/// from drawing to encoding without a copy. Rows are 64-byte aligned for swscale's SIMD paths.
///
/// Ownership: a buffer is written by one thread at a time; the render pipeline hands it from the
/// drawing worker to the encoder and never touches it concurrently, hence `@unchecked Sendable`.
public final class PixelBuffer: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (a multiple of 64, at least `width * 4`).
    public let stride: Int
    /// The first byte of the first row, 64-byte aligned.
    public let baseAddress: UnsafeMutableRawPointer

    /// Allocates a buffer of `width × height` pixels, cleared to transparent black.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
        self.width = width
        self.height = height
        self.stride = (width * 4 + 63) & ~63
        let count = stride * height
        baseAddress = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    deinit { baseAddress.deallocate() }

    /// Total bytes including row padding.
    public var byteCount: Int { stride * height }

    /// Sets every pixel to transparent black.
    public func clear() {
        baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    /// The premultiplied pixel at (x, y) as (r, g, b, a), for tests and inspection.
    public func premultipliedRGBA(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
        let p = baseAddress.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return (p[2], p[1], p[0], p[3])
    }

    /// The pixel at (x, y) with alpha divided out, as 8-bit straight (r, g, b, a).
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = premultipliedRGBA(x: x, y: y)
        guard p.a != 0 else { return (0, 0, 0, 0) }
        guard p.a != 255 else { return p }
        func unpremultiply(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(p.a) / 2) / Int(p.a))) }
        return (unpremultiply(p.r), unpremultiply(p.g), unpremultiply(p.b), p.a)
    }

    /// Row-major straight RGBA bytes without padding (for golden comparisons and PNG writers).
    public func straightRGBABytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = rgba(x: x, y: y)
                out[i] = p.r; out[i + 1] = p.g; out[i + 2] = p.b; out[i + 3] = p.a
                i += 4
            }
        }
        return out
    }
}
