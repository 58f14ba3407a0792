/// Reel's BGRA → yuv420p conversion written for clarity, one sample at a time: the definition
/// docs/color.md states, and what the C paths that convert for the encoder (YUV420Converter:
/// CReelPixels/yuv420.c, scalar and AVX2) must match byte for byte. Slow; the tests use it.
///
/// - Input: premultiplied BGRA (Cairo's ARGB32 on a little-endian CPU). A video has no alpha
///   and shows the frame over black, which is exactly what premultiplied colour is, so alpha is
///   ignored and B, G, R are taken as full-range (0…255) gamma-encoded R′G′B′.
/// - Y′ per pixel: `(yR·R + yG·G + yB·B + 16·2¹⁵ + 2¹⁴) >> 15` — the weighted sum, the offset 16,
///   and a half for rounding to nearest, in units of 2⁻¹⁵ (YUV420Coefficients).
/// - Cb and Cr per 2×2 block, centred between its four pixels (the siting swscale and JPEG use):
///   the sums ΣR, ΣG, ΣB of the block's four pixels, then `(uR·ΣR + uG·ΣG + uB·ΣB + 128·2¹⁷ + 2¹⁶)
///   >> 17` — the box average (÷ 4 is two more bits), offset 128, rounded to nearest.
/// - Odd widths and heights: the chroma planes are ⌈w/2⌉ × ⌈h/2⌉, and a block that runs past the
///   last column or row repeats it (edge replication).
/// - No clamping: with these weights every result is within 16…235 (Y′) or 16…240 (Cb, Cr), so
///   `UInt8(_:)` below would trap on a conversion outside them.
enum YUV420Reference {
    /// Three tightly packed planes: Y′ `width` × `height`, Cb and Cr `chromaWidth` × `chromaHeight`.
    struct Planes: Equatable {
        let width: Int, height: Int
        var y: [UInt8], u: [UInt8], v: [UInt8]
        var chromaWidth: Int { (width + 1) / 2 }
        var chromaHeight: Int { (height + 1) / 2 }

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            y = [UInt8](repeating: 0, count: width * height)
            u = [UInt8](repeating: 0, count: (width + 1) / 2 * ((height + 1) / 2))
            v = u
        }
    }

    /// Converts `width` × `height` BGRA pixels, `stride` bytes a row.
    static func convert(
        _ pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int,
        coefficients k: YUV420Coefficients = .bt709
    ) -> Planes {
        var out = Planes(width: width, height: height)
        /// (R, G, B) of pixel (x, y), or of the nearest edge pixel past the last column or row.
        func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let p = pixels + min(y, height - 1) * stride + min(x, width - 1) * 4
            return (
                Int(p.load(fromByteOffset: 2, as: UInt8.self)), Int(p.load(fromByteOffset: 1, as: UInt8.self)),
                Int(p.load(as: UInt8.self))
            )
        }
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = rgb(x, y)
                out.y[y * width + x] = UInt8((k.yR * r + k.yG * g + k.yB * b + (16 << 15) + (1 << 14)) >> 15)
            }
        }
        for cy in 0..<out.chromaHeight {
            for cx in 0..<out.chromaWidth {
                var (r, g, b) = (0, 0, 0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = rgb(2 * cx + dx, 2 * cy + dy)
                    (r, g, b) = (r + p.r, g + p.g, b + p.b)
                }
                out.u[cy * out.chromaWidth + cx] = UInt8(
                    (k.uR * r + k.uG * g + k.uB * b + (128 << 17) + (1 << 16)) >> 17)
                out.v[cy * out.chromaWidth + cx] = UInt8(
                    (k.vR * r + k.vG * g + k.vB * b + (128 << 17) + (1 << 16)) >> 17)
            }
        }
        return out
    }
}
