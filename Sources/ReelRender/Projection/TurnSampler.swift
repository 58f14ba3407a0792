import CReelPixels

/// The inner loop of `TurnedPlacement`: an upright raster turned (and translated) into a
/// destination, bilinear, outside the raster transparent — what Cairo does for a turned surface
/// pattern with BILINEAR filtering and EXTEND_NONE.
///
/// Pixman has no fast path for turned bilinear sampling: its general path fetched every pixel
/// of the bounding box through a 64-bit fixed-point affine fetcher, ~87 instructions a pixel;
/// a spinning rounded image (280 × 280 points) was a quarter of the typical bench scene's
/// drawing (callgrind). This visits only the pixels whose sample reaches the raster, steps the
/// source position in 32.32 fixed point (affine: no division), and copies flat areas unfiltered.
/// On AVX2 CPUs the spans go to C (`reel_turn_span`, `reel_over_run`: four and eight pixels at a
/// time, the same bytes); these Swift loops are their reference and the path elsewhere.
enum TurnSampler {
    /// Composites over `out` (premultiplied ARGB32, `width` × `height`) the raster `image` at
    /// `alpha` (of 255), sampled at each destination pixel's centre mapped by the affine map
    /// `(x, y) ↦ (xx·x + xy·y + x0, yx·x + yy·y + y0)` (destination pixels → image pixels), with
    /// pixman's rounding (source IN alpha, then OVER). `vectorSpans: false` keeps to the Swift
    /// loops (the tests' reference).
    static func turn(
        image: UnsafePointer<UInt32>, imageStride: Int, imageWidth: Int, imageHeight: Int,
        out: UnsafeMutablePointer<UInt32>, outStride: Int, width: Int, height: Int,
        xx: Double, xy: Double, yx: Double, yy: Double, x0: Double, y0: Double, alpha: UInt16 = 255,
        flat: FlatInterior? = nil,
        vectorSpans: Bool = PixelLoops.vectorized
    ) {
        guard imageWidth > 0, imageHeight > 0, width > 0, height > 0 else { return }
        let one = 4_294_967_296.0  // 2^32
        let stepX = Int64(xx * one), stepY = Int64(yx * one)
        let maxX = imageWidth - 1, maxY = imageHeight - 1
        for y in 0..<height {
            // Sample position (texel centres at +0.5) of the centre of pixel (0, y).
            let sx0 = xy * (Double(y) + 0.5) + x0 + xx * 0.5 - 0.5
            let sy0 = yy * (Double(y) + 0.5) + y0 + yx * 0.5 - 0.5
            // Columns whose sample lies in (-1, w) × (-1, h): outside, all four texels are outside.
            guard
                let (first, last) = span(
                    sx0, xx, sy0, yx, x: (-1, Double(imageWidth)), y: (-1, Double(imageHeight)), width: width)
            else { continue }
            let outRow = out + y &* outStride

            /// Samples columns a...b of this row.
            func sample(_ a: Int, _ b: Int) {
                guard a <= b else { return }
                var sx = Int64((sx0 + xx * Double(a)) * one), sy = Int64((sy0 + yx * Double(a)) * one)
                if vectorSpans,
                    reel_turn_span(
                        image, imageStride, imageWidth, imageHeight, outRow + a, b - a + 1, sx, sy, stepX, stepY, alpha)
                        != 0
                {
                    return
                }
                for x in a...b {
                    defer { sx &+= stepX; sy &+= stepY }
                    // Arithmetic shifts floor negative positions too.
                    let i0 = Int(truncatingIfNeeded: sx >> 32), j0 = Int(truncatingIfNeeded: sy >> 32)
                    let wx = UInt16(truncatingIfNeeded: (sx >> 24) & 0xFF),
                        wy = UInt16(truncatingIfNeeded: (sy >> 24) & 0xFF)
                    let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
                    if i0 >= 0, i0 < maxX, j0 >= 0, j0 < maxY {
                        let top = image + (j0 &* imageStride &+ i0), bottom = top + imageStride
                        (p00, p10, p01, p11) = (top[0], top[1], bottom[0], bottom[1])
                    } else {
                        // The raster's edge: texels beyond it are transparent.
                        @inline(__always) func texel(_ i: Int, _ j: Int) -> UInt32 {
                            i >= 0 && i <= maxX && j >= 0 && j <= maxY ? image[j &* imageStride &+ i] : 0
                        }
                        (p00, p10, p01, p11) = (
                            texel(i0, j0), texel(i0 &+ 1, j0), texel(i0, j0 &+ 1), texel(i0 &+ 1, j0 &+ 1)
                        )
                    }
                    let p = p00 == p10 && p00 == p01 && p00 == p11 ? p00 : blend(p00, p10, p01, p11, wx: wx, wy: wy)
                    outRow[x] = over(p, outRow[x], alpha: alpha)
                }
            }

            // The columns whose four texels all lie in one flat rectangle take its colour unfiltered.
            if let flat, let (f0, f1) = flatSpan(flat, sx0, xx, sy0, yx, width: width), max(f0, first) <= min(f1, last)
            {
                let (a, b) = (max(f0, first), min(f1, last))
                sample(first, a - 1)
                let color = alpha < 255 ? multiply(flat.color, alpha) : flat.color
                if color >> 24 == 255 {
                    (outRow + a).update(repeating: color, count: b - a + 1)
                } else {
                    overRun(color, outRow + a, count: b - a + 1, vectorized: vectorSpans)
                }
                sample(b + 1, last)
            } else {
                sample(first, last)
            }
        }
    }

    /// The columns of a row in which samples read only texels of one of `flat`'s rectangles (the
    /// union of the rectangles' runs, when they overlap; else the longer run).
    private static func flatSpan(
        _ flat: FlatInterior, _ sx0: Double, _ xx: Double, _ sy0: Double, _ yx: Double, width: Int
    ) -> (Int, Int)? {
        var best: (Int, Int)?
        for r in flat.rects {
            // Texels i and i + 1 both in x0..<x1: x0 ≤ i < x1 - 1.
            guard
                let run = span(
                    sx0, xx, sy0, yx, x: (Double(r.x0), Double(r.x1 - 1)), y: (Double(r.y0), Double(r.y1 - 1)),
                    width: width)
            else { continue }
            if let b = best {
                best =
                    run.0 <= b.1 + 1 && b.0 <= run.1 + 1
                    ? (min(b.0, run.0), max(b.1, run.1))
                    : (run.1 - run.0 > b.1 - b.0 ? run : b)
            } else {
                best = run
            }
        }
        return best
    }

    /// The columns `x` whose sample (`sx0 + xStep·x`, `sy0 + yStep·x`) lies strictly inside the
    /// open intervals `x` and `y`, or nil when none.
    private static func span(
        _ sx0: Double, _ xStep: Double, _ sy0: Double, _ yStep: Double,
        x: (Double, Double), y: (Double, Double), width: Int
    ) -> (Int, Int)? {
        guard let a = span(sx0, xStep, x, width: width), let b = span(sy0, yStep, y, width: width) else { return nil }
        let (first, last) = (max(a.0, b.0), min(a.1, b.1))
        return first <= last ? (first, last) : nil
    }

    /// `s` at `alpha` over `d` (premultiplied): d · (255 − source alpha) / 255 + s. No channel
    /// carries into the next: a premultiplied channel is at most its alpha.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32, alpha: UInt16) -> UInt32 {
        let src = alpha < 255 ? multiply(s, alpha) : s
        let sa = src >> 24
        if sa == 255 { return src }
        if src == 0 { return d }
        return src &+ multiply(d, UInt16(truncatingIfNeeded: 255 &- sa))
    }

    /// A translucent `color` over `count` pixels: four at a time in 16-bit lanes.
    private static func overRun(_ color: UInt32, _ out: UnsafeMutablePointer<UInt32>, count: Int, vectorized: Bool) {
        if vectorized, reel_over_run(color, out, count) != 0 { return }
        let k = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- (color >> 24)))
        let c = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD16<UInt8>.self)
        var i = 0
        while i &+ 4 <= count {
            let p = UnsafeMutableRawPointer(out + i)
            let t = SIMD16<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD16<UInt8>.self)) &* k &+ 128
            p.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8) &+ c, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        while i < count {
            out[i] = over(color, out[i], alpha: 255)
            i &+= 1
        }
    }

    /// Each channel of `p` times `k` / 255, rounded as pixman rounds (MUL_UN8).
    @inline(__always)
    static func multiply(_ p: UInt32, _ k: UInt16) -> UInt32 {
        let t = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self)) &* k &+ 128
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8), to: UInt32.self)
    }

    /// Bilinear mix of four premultiplied pixels with weights of 256, separably: the two rows
    /// first (both pixels of a row side by side in 16-bit lanes, 255 · 256 fits), then the two
    /// columns — vector instructions, as pixman's SSE2 bilinear fetchers do.
    @inline(__always)
    static func blend(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, wx: UInt16, wy: UInt16) -> UInt32 {
        let top = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(p00, p10), to: SIMD8<UInt8>.self))
        let bottom = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(p01, p11), to: SIMD8<UInt8>.self))
        let column = (top &* SIMD8(repeating: 256 &- wy) &+ bottom &* SIMD8(repeating: wy) &+ 128) &>> 8
        let left = column.lowHalf, right = column.highHalf
        let mixed = (left &* SIMD4(repeating: 256 &- wx) &+ right &* SIMD4(repeating: wx) &+ 128) &>> 8
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: mixed), to: UInt32.self)
    }

    /// The columns `x` in 0..<width with `lo < start + step·x < hi`, or nil when none.
    private static func span(_ start: Double, _ step: Double, _ bounds: (Double, Double), width: Int) -> (Int, Int)? {
        let (low, high) = bounds
        if abs(step) < 1e-12 { return start > low && start < high ? (0, width - 1) : nil }
        // Bounds of the open interval, then the integers strictly inside it (clamped to the row).
        let a = (low - start) / step, b = (high - start) / step
        let (lo, hi) = (min(a, b), max(a, b))
        guard hi > 0, lo < Double(width - 1) else { return nil }
        let first = max(0, Int(lo.rounded(.down)) + 1),
            last = min(width - 1, Int(min(hi, Double(width)).rounded(.up)) - 1)
        return first <= last ? (first, last) : nil
    }
}
