import ReelCore

/// The inner loop of `ProjectiveWarp`: every destination pixel the outline's mask covers
/// samples the image bilinearly at its centre mapped through the homography (edges padded,
/// as pixman's PAD repeat) and is scaled by the mask's coverage.
///
/// Pixman has no fast path for projective transforms: its general path fetched and divided in
/// 64-bit fixed point, and visited every pixel of the bounding box — a third of the title bench
/// scene's drawing went there for one flipping card (callgrind: ~220 instructions a pixel).
/// This does the same sampling in single precision, only inside the outline.
enum ProjectiveSampler {
    /// Writes `out` (premultiplied ARGB32, `width` × `height`) where `mask` (A8, same size) is
    /// non-zero: replacing what is there (a surface cleared beforehand) or composited over it
    /// (`over`: a target's own pixels, with pixman's rounding). Only `rows` and `columns` of it
    /// (a clip box; all of it by default). `map` takes destination pixel coordinates to image
    /// pixel coordinates (row vectors: [x y 1] · m).
    static func warp(
        image: UnsafePointer<UInt32>, imageStride: Int, imageWidth: Int, imageHeight: Int,
        mask: UnsafePointer<UInt8>, maskStride: Int,
        out: UnsafeMutablePointer<UInt32>, outStride: Int, width: Int, height: Int, map h: Homography,
        rows: Range<Int>? = nil, columns: Range<Int>? = nil, over: Bool = false
    ) {
        guard imageWidth > 0, imageHeight > 0 else { return }
        let m = h.m
        let (ax, ay, aw) = (m[0][0], m[0][1], m[0][2])  // per destination column
        let maxX = imageWidth - 1, maxY = imageHeight - 1
        let rows = (rows ?? 0..<height).clamped(to: 0..<height), columns = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !columns.isEmpty else { return }
        for y in rows {
            let maskRow = mask + y * maskStride
            // Columns with coverage: the outline is convex, so one run per row.
            var first = columns.lowerBound, last = columns.upperBound - 1
            while first <= last, maskRow[first] == 0 { first += 1 }
            guard first <= last else { continue }
            while maskRow[last] == 0 { last -= 1 }
            let outRow = out + y * outStride
            // Homogeneous source point at the centre of (first, y), stepped per column.
            let cx = Double(first) + 0.5, cy = Double(y) + 0.5
            var X = cx * ax + cy * m[1][0] + m[2][0]
            var Y = cx * ay + cy * m[1][1] + m[2][1]
            var W = cx * aw + cy * m[1][2] + m[2][2]
            for x in first...last {
                defer { X += ax; Y += ay; W += aw }
                let coverage = maskRow[x]
                guard coverage != 0, W > 1e-12 else { continue }
                // Pixel centres are at +0.5: sample between texels (i, i + 1) at fraction f.
                let r = 1 / W
                // Clamped to the outermost texel centres: beyond them padding repeats the edge, so
                // the clamp changes no sample and keeps the integer conversions in range.
                let sx = min(max(X * r - 0.5, -1), Double(maxX)), sy = min(max(Y * r - 0.5, -1), Double(maxY))
                guard sx == sx, sy == sy else { continue }  // NaN
                // Floor by truncation of a non-negative number (`rounded(.down)` is a libm call).
                // (Wrapping arithmetic: every value is bounded by the image size.)
                let i0 = Int(sx + 1) &- 1, j0 = Int(sy + 1) &- 1
                // 8-bit filter weights (pixman uses 7).
                let wx = UInt64(truncatingIfNeeded: Int((sx - Double(i0)) * 256)),
                    wy = UInt64(truncatingIfNeeded: Int((sy - Double(j0)) * 256))
                let xa = max(i0, 0), xb = min(i0 &+ 1, maxX)
                let ya = max(j0, 0), yb = min(j0 &+ 1, maxY)
                let top = image + ya &* imageStride, bottom = image + yb &* imageStride
                let sample = blend(top[xa], top[xb], bottom[xa], bottom[xb], wx: wx, wy: wy, coverage: UInt64(coverage))
                outRow[x] = over ? TurnSampler.over(sample, outRow[x], alpha: 255) : sample
            }
        }
    }

    /// Bytes 0 and 2 of each 32-bit lane: two channels per multiply, with room for 24-bit sums.
    private static let lanes: UInt64 = 0x0000_00FF_0000_00FF

    /// The bilinear mix of four premultiplied pixels (weights wx, wy of 256), times coverage/255,
    /// rounded: each channel in a 32-bit lane, two lanes per 64-bit word.
    @inline(__always)
    static func blend(
        _ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
        wx: UInt64, wy: UInt64, coverage: UInt64
    ) -> UInt32 {
        // A flat area (a card's fill, empty margins) needs no filtering.
        if p00 == p10, p00 == p01, p00 == p11 {
            if coverage == 255 || p00 == 0 { return p00 }
        }
        let w00 = (256 &- wx) &* (256 &- wy), w10 = wx &* (256 &- wy), w01 = (256 &- wx) &* wy, w11 = wx &* wy
        @inline(__always) func even(_ p: UInt32) -> UInt64 { let q = UInt64(p); return (q | (q << 16)) & lanes }
        @inline(__always) func odd(_ p: UInt32) -> UInt64 { let q = UInt64(p) >> 8; return (q | (q << 16)) & lanes }
        @inline(__always) func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> UInt64 {
            // Each lane ≤ 255 · 65536: no carry into the next lane. Rounded back to 0…255.
            var v = ((a &* w00 &+ b &* w10 &+ c &* w01 &+ d &* w11 &+ 0x0000_8000_0000_8000) >> 16) & lanes
            if coverage != 255 {
                v = v &* coverage &+ 0x0000_0080_0000_0080
                v = ((v &+ ((v >> 8) & lanes)) >> 8) & lanes
            }
            return v
        }
        let e = mix(even(p00), even(p10), even(p01), even(p11))
        let o = mix(odd(p00), odd(p10), odd(p01), odd(p11))
        return UInt32(truncatingIfNeeded: e | (e >> 16)) & 0x00FF_00FF
            | (UInt32(truncatingIfNeeded: o | (o >> 16)) & 0x00FF_00FF) << 8
    }
}
