import CCairo
import CPixman
import Foundation
import ReelCore

/// Draws particles straight into the target's pixels: each destination pixel inside a
/// particle's parallelogram samples the sprite bilinearly (Cairo's filter for cells) and is
/// composited over (or added to) what is there. Cairo draws a transformed, tinted image through
/// pixman's general path; thousands of small sprites a frame spend most of their time there,
/// and this does the same arithmetic several times faster.
///
/// Only for the common case: an image target and a clip of whole-pixel rectangles with no
/// rotation between user space and the pixels (`init?` says no otherwise, and Cairo draws).
struct ParticleCompositor {
    private let target: PixelTarget
    /// User space to target pixels (CTM plus the group surface's device offset).
    private let base: cairo_matrix_t
    private var data: UnsafeMutablePointer<UInt8> { target.data }
    private var stride: Int { target.stride }
    private var clips: [(Int, Int, Int, Int)] { target.clips }
    private var clipBox: (Int, Int, Int, Int) { target.clipBox }

    init?(_ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, let target = PixelTarget(cr) else { return nil }
        m.x0 += target.offsetX
        m.y0 += target.offsetY
        base = m
        self.target = target
    }

    /// Tells Cairo its pixels changed (after the last particle).
    func finish() { target.finish() }

    /// A particle placed on the target: the map from its pixels to its texels, the rows and
    /// columns it may touch, and its colour.
    struct Placed {
        let texture: ParticleTexture
        /// Pixels → texels: u = ia·x + ic·y + ie, v = ib·x + id·y + iff.
        let ia: Double, ib: Double, ic: Double, id: Double, ie: Double, iff: Double
        let x0: Int, x1: Int
        /// The rows it may touch, within the clip boxes' rows.
        let rows: Range<Int>
        let color: SIMD4<Float>
        let additive: Bool
    }

    /// Places one particle: `texture` centred on (x, y) in user space, turned by `rotation` and
    /// scaled by `k` (user units per texel), its colours multiplied by `color`'s and its alpha
    /// by `alpha` (the particle's and the layer's together); nil when it shows nowhere.
    func place(_ texture: ParticleTexture, x: Double, y: Double, rotation: Double, k: Double,
               color: SIMD4<Double>, alpha: Double, additive: Bool) -> Placed? {
        // Texel space → pixels: base · translate(x, y) · rotate · scale(k) · translate(−w/2, −h/2).
        let cs = cos(rotation) * k, sn = sin(rotation) * k
        let a = base.xx * cs, b = base.yy * sn, c = -base.xx * sn, d = base.yy * cs
        let w = Double(texture.width), h = Double(texture.height)
        let tx = base.xx * x + base.x0 - (a * w / 2 + c * h / 2)
        let ty = base.yy * y + base.y0 - (b * w / 2 + d * h / 2)
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        // Pixels → texels.
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let ie = -(ia * tx + ic * ty), iff = -(ib * tx + id * ty)
        // The parallelogram's box, one pixel wider for the filter.
        let xMin = tx + min(a * w, 0) + min(c * h, 0), xMax = tx + max(a * w, 0) + max(c * h, 0)
        let yMin = ty + min(b * w, 0) + min(d * h, 0), yMax = ty + max(b * w, 0) + max(d * h, 0)
        guard xMin.isFinite, xMax.isFinite, yMin.isFinite, yMax.isFinite else { return nil }
        let x0 = max(Int((xMin - 1).rounded(.down)), clipBox.0), x1 = min(Int((xMax + 1).rounded(.up)), clipBox.2)
        let y0 = max(Int((yMin - 1).rounded(.down)), clipBox.1), y1 = min(Int((yMax + 1).rounded(.up)), clipBox.3)
        guard x0 < x1, y0 < y1 else { return nil }
        let premultiplied = SIMD4<Float>(Float(color.z * alpha), Float(color.y * alpha), Float(color.x * alpha), Float(alpha))
        return Placed(texture: texture, ia: ia, ib: ib, ic: ic, id: id, ie: ie, iff: iff, x0: x0, x1: x1, rows: y0..<y1,
                      color: premultiplied, additive: additive)
    }

    /// Composites a placed particle.
    func draw(_ p: Placed) {
        let w = Double(p.texture.width), h = Double(p.texture.height)
        for (cx0, cy0, cx1, cy1) in clips {
            let x0 = max(p.x0, cx0), x1 = min(p.x1, cx1), y0 = max(p.rows.lowerBound, cy0), y1 = min(p.rows.upperBound, cy1)
            guard x0 < x1, y0 < y1 else { continue }
            for py in y0..<y1 {
                let row = data + py * stride
                // The next row's pixels arrive while this row is drawn (measured: a tenth less
                // time for a frame of snow; two rows ahead did no better).
                if py + 1 < y1 {
                    reel_prefetch_for_write(row + stride + x0 * 4)
                    reel_prefetch_for_write(row + stride + (x1 - 1) * 4)
                }
                let yc = Double(py) + 0.5
                // Texel coordinates of the sample for pixel px, shifted so texel centres are whole.
                let u0 = p.ia * (Double(x0) + 0.5) + p.ic * yc + p.ie - 0.5
                let v0 = p.ib * (Double(x0) + 0.5) + p.id * yc + p.iff - 0.5
                // Only the pixels whose sample touches the texture: −1 < u < w and −1 < v < h.
                var lo = 0.0, hi = Double(x1 - x0)
                Self.narrow(&lo, &hi, start: u0, step: p.ia, below: -1, above: w)
                Self.narrow(&lo, &hi, start: v0, step: p.ib, below: -1, above: h)
                guard lo < hi else { continue }
                let first = Int(lo.rounded(.up)), last = min(Int(hi.rounded(.up)), x1 - x0)
                guard first < last else { continue }
                let pixel = row + x0 * 4
                if p.texture.isWhite {
                    Self.whiteRow(p.texture, pixel, first..<last, u: u0, v: v0, du: p.ia, dv: p.ib, color: p.color, additive: p.additive)
                } else {
                    for i in first..<last {
                        let u = u0 + p.ia * Double(i), v = v0 + p.ib * Double(i)
                        guard u > -1, u < w, v > -1, v < h else { continue }
                        let src = p.texture.sample(u, v) * p.color
                        guard src.w > 0 || (p.additive && (src.x > 0 || src.y > 0 || src.z > 0)) else { continue }
                        Self.blend(pixel + i * 4, src, additive: p.additive)
                    }
                }
            }
        }
    }

    /// One row of a white texture in 8-bit fixed point (the common case: a white sprite tinted
    /// by the cell's colour): 16.16 texel coordinates, 8-bit filter weights, integer blending.
    private static func whiteRow(_ texture: ParticleTexture, _ pixel: UnsafeMutablePointer<UInt8>, _ range: Range<Int>,
                                 u: Double, v: Double, du: Double, dv: Double, color: SIMD4<Float>, additive: Bool) {
        let w = texture.width, h = texture.height, pw = w + 2
        let alphas = texture.alphaBytes
        // Colour (premultiplied by the particle's alpha) as 0…255 integers.
        let ca = Int(color.w * 255 + 0.5), cb = Int(color.x * 255 + 0.5), cg = Int(color.y * 255 + 0.5), cr = Int(color.z * 255 + 0.5)
        let colorRB = UInt32(cr) << 16 | UInt32(cb), colorAG = UInt32(ca) << 16 | UInt32(cg)
        let one = 65536.0
        // Shifted by one texel, so the coordinates are positive where the sample can be non-zero.
        var fu = Int(((u + Double(range.lowerBound) * du + 1) * one).rounded()), fv = Int(((v + Double(range.lowerBound) * dv + 1) * one).rounded())
        let su = Int((du * one).rounded()), sv = Int((dv * one).rounded())
        let maxU = (w + 1) << 16, maxV = (h + 1) << 16
        // Wrapping arithmetic (&+, &*): the values are small by construction, and Swift's
        // overflow checks cost as much as the work in this innermost loop.
        for i in range {
            defer { fu &+= su; fv &+= sv }
            guard fu > 0, fu < maxU, fv > 0, fv < maxV else { continue }
            let x = fu &>> 16, y = fv &>> 16
            let wx = (fu &>> 8) & 255, wy = (fv &>> 8) & 255
            let k = y &* pw &+ x
            let a00 = Int(alphas[k]), a01 = Int(alphas[k &+ 1]), a10 = Int(alphas[k &+ pw]), a11 = Int(alphas[k &+ pw &+ 1])
            let top = a00 &* (256 &- wx) &+ a01 &* wx, bottom = a10 &* (256 &- wx) &+ a11 &* wx
            let coverage = (top &* (256 &- wy) &+ bottom &* wy &+ 32768) &>> 16  // 0…255
            guard coverage > 0 else { continue }
            // Source = colour × coverage (all premultiplied), then over or add.
            let p = pixel + (i &* 4)
            if additive {
                p[0] = UInt8(truncatingIfNeeded: min(Int(p[0]) + div255(coverage * cb), 255))
                p[1] = UInt8(truncatingIfNeeded: min(Int(p[1]) + div255(coverage * cg), 255))
                p[2] = UInt8(truncatingIfNeeded: min(Int(p[2]) + div255(coverage * cr), 255))
                p[3] = UInt8(truncatingIfNeeded: min(Int(p[3]) + div255(coverage * ca), 255))
            } else {
                // Two channels per multiply (B and R, G and A in the 32-bit pixel), as pixman does.
                // No carry between them: a premultiplied source and destination sum to at most 255.
                let cov = UInt32(truncatingIfNeeded: coverage)
                let sag = scale(colorAG, cov), sa = sag &>> 16
                let word = UnsafeMutableRawPointer(p)
                let d = word.load(as: UInt32.self)
                let keep = 255 &- sa
                let rb = scale(d & 0x00FF_00FF, keep) &+ scale(colorRB, cov)
                let ag = scale((d &>> 8) & 0x00FF_00FF, keep) &+ sag
                word.storeBytes(of: rb | (ag &<< 8), as: UInt32.self)
            }
        }
    }

    /// Both 8-bit lanes of `lanes` (bits 0–7 and 16–23) times k / 255, rounded.
    @inline(__always)
    private static func scale(_ lanes: UInt32, _ k: UInt32) -> UInt32 {
        let t = lanes &* k &+ 0x0080_0080
        return ((t &+ ((t &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
    }

    /// x / 255, rounded, for 0 ≤ x ≤ 255².
    @inline(__always)
    private static func div255(_ x: Int) -> Int { (x + 128 + ((x + 128) >> 8)) >> 8 }

    /// Narrows [lo, hi) of whole steps i where below < start + step·i < above: i lies strictly
    /// between the two crossings. (A pixel rounding puts on the wrong side is caught by the
    /// per-pixel test.)
    private static func narrow(_ lo: inout Double, _ hi: inout Double, start: Double, step: Double, below: Double, above: Double) {
        if step == 0 {
            if !(start > below && start < above) { hi = lo }
            return
        }
        let a = (below - start) / step, b = (above - start) / step
        lo = max(lo, min(a, b).rounded(.down) + 1)
        hi = min(hi, max(a, b).rounded(.up))
    }

    /// Over (or add) a premultiplied BGRA source of 0…1 floats onto one pixel.
    @inline(__always)
    private static func blend(_ p: UnsafeMutablePointer<UInt8>, _ s: SIMD4<Float>, additive: Bool) {
        let dst = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
        let out = additive ? dst + s * 255 : s * 255 + dst * (1 - s.w)
        // Premultiplied results stay within 0…255 for over; add saturates.
        @inline(__always) func byte(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 255) + 0.5 > 255 ? 255 : min(max(v, 0), 255) + 0.5) }
        p[0] = byte(out.x)
        p[1] = byte(out.y)
        p[2] = byte(out.z)
        p[3] = byte(out.w)
    }
}

/// A cell's image ready for `ParticleCompositor`: premultiplied BGRA as floats 0…1 with a
/// border of transparent texels, so bilinear samples need no bounds checks. A white image
/// keeps only its alpha (a quarter of the work per sample).
final class ParticleTexture {
    let width: Int, height: Int
    private let paddedWidth: Int
    /// Whether every texel is white at some alpha (then only alpha matters).
    let isWhite: Bool
    private let texels: UnsafeMutablePointer<SIMD4<Float>>
    /// The alpha as bytes, for the fixed-point path.
    let alphaBytes: UnsafeMutablePointer<UInt8>
    private let count: Int

    init(pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        paddedWidth = width + 2
        count = (width + 2) * (height + 2)
        alphaBytes = .allocate(capacity: count)
        alphaBytes.initialize(repeating: 0, count: count)
        var white = true
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let p = row.load(fromByteOffset: x * 4, as: UInt32.self), a = p >> 24
                if p != a << 24 | a << 16 | a << 8 | a { white = false }
                alphaBytes[(y + 1) * paddedWidth + x + 1] = UInt8(a)
            }
        }
        isWhite = white
        // The colour texels only when the colours matter (a white image uses its alpha alone).
        texels = .allocate(capacity: white ? 0 : count)
        guard !white else { return }
        texels.initialize(repeating: .zero, count: count)
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let b = row.load(fromByteOffset: x * 4, as: UInt8.self), g = row.load(fromByteOffset: x * 4 + 1, as: UInt8.self)
                let r = row.load(fromByteOffset: x * 4 + 2, as: UInt8.self), a = row.load(fromByteOffset: x * 4 + 3, as: UInt8.self)
                texels[(y + 1) * paddedWidth + x + 1] = SIMD4(Float(b), Float(g), Float(r), Float(a)) / 255
            }
        }
    }

    deinit {
        texels.deallocate()
        alphaBytes.deallocate()
    }

    /// The bilinear sample at texel coordinates (u, v) (texel centres at whole numbers),
    /// −1 < u < width, −1 < v < height: premultiplied BGRA.
    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> SIMD4<Float> {
        // u, v > −1: truncating u + 1 is floor(u) + 1 (no libm call in the innermost loop).
        let cu = Int(truncatingIfNeeded: Int64(u + 1)), cv = Int(truncatingIfNeeded: Int64(v + 1))
        let i = cv * paddedWidth + cu
        let wu = Float(u + 1 - Double(cu)), wv = Float(v + 1 - Double(cv))
        let top = texels[i] + (texels[i + 1] - texels[i]) * wu
        let bottom = texels[i + paddedWidth] + (texels[i + paddedWidth + 1] - texels[i + paddedWidth]) * wu
        return top + (bottom - top) * wv
    }
}

