import ReelCore

// Reel draws premultiplied colour (Cairo's format); FFmpeg's alpha formats — and PNG, ProRes
// 4444 and VP9 alpha as players read them — are straight. These convert between the two with
// the same rounding Cairo uses, so a PNG written here equals the one `reel still` writes.

/// Multiplies colour by alpha in place: swscale keeps alpha straight, Reel's buffers are premultiplied.
///
/// Uses the exactly rounded c·a/255 (pixman's MUL_UN8), so values match what Cairo would draw.
func premultiplyAlpha(_ buffer: PixelBuffer) {
    for y in 0..<buffer.height {
        let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt8.self)
        for x in 0..<buffer.width {
            let p = row + x * 4
            let a = UInt32(p[3])
            if a == 255 { continue }
            for c in 0..<3 {
                let t = UInt32(p[c]) * a + 0x80
                p[c] = UInt8(truncatingIfNeeded: ((t >> 8) + t) >> 8)
            }
        }
    }
}

/// Divides colour by alpha in place (premultiplied BGRA → straight BGRA).
///
/// Fully opaque and fully transparent pixels — nearly all of a typical frame — take a fast path;
/// the rest use a table of Cairo's rounding, `(c·255 + a/2) / a`.
func unpremultiplyAlpha(_ buffer: PixelBuffer) {
    UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
        for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<buffer.width {
                let pixel = row[x]
                let a = pixel >> 24
                if a == 255 { continue }
                if a == 0 {
                    row[x] = 0
                    continue
                }
                let base = Int(a) << 8
                let b = UInt32(table[base + Int(pixel & 0xFF)])
                let g = UInt32(table[base + Int((pixel >> 8) & 0xFF)])
                let r = UInt32(table[base + Int((pixel >> 16) & 0xFF)])
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
    }
}

/// Writes straight RGBA bytes (PNG's order) from a premultiplied BGRA buffer into `destination`,
/// rows `destinationStride` bytes apart.
func writeStraightRGBA(
    _ buffer: PixelBuffer, to destination: UnsafeMutablePointer<UInt8>, stride destinationStride: Int
) {
    UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
        for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            let out = destination + y * destinationStride
            for x in 0..<buffer.width {
                let pixel = row[x]
                let a = pixel >> 24
                var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                if a == 0 {
                    r = 0; g = 0; b = 0
                } else if a != 255 {
                    let base = Int(a) << 8
                    r = UInt32(table[base + Int(r)])
                    g = UInt32(table[base + Int(g)])
                    b = UInt32(table[base + Int(b)])
                }
                let o = out + x * 4
                o[0] = UInt8(truncatingIfNeeded: r)
                o[1] = UInt8(truncatingIfNeeded: g)
                o[2] = UInt8(truncatingIfNeeded: b)
                o[3] = UInt8(truncatingIfNeeded: a)
            }
        }
    }
}

/// `table[a << 8 | c]` = the straight value of premultiplied `c` at alpha `a`: Cairo's
/// `(c·255 + a/2) / a`, clamped to 255 for (invalid) values above alpha.
enum UnpremultiplyTable {
    static let shared: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a))
            }
        }
        return table
    }()
}
