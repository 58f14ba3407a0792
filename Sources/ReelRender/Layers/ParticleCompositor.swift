import CCairo
import CPixman
import CReelPixels
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

    /// Whether white rows may go eight pixels at a time (the same bytes; false to compare).
    private let vectorRows: Bool
    /// `clips` as x0, y0, x1, y1 for `reel_over_white_particle`.
    private let clipBoxes: [Int32]

    init?(_ cr: CairoContext, vectorRows: Bool = true) {
        self.vectorRows = vectorRows
        var m = cr.matrix
        guard m.xy == 0, m.yx == 0, let target = PixelTarget(cr) else { return nil }
        m.x0 += target.offsetX
        m.y0 += target.offsetY
        base = m
        self.target = target
        clipBoxes = target.clips.flatMap { [Int32($0.0), Int32($0.1), Int32($0.2), Int32($0.3)] }
    }

    /// The particles placed so far, in drawing order.
    private var placed: [Placed] = []

    /// Queues a placed particle; `finish` draws them.
    mutating func add(_ p: Placed) { placed.append(p) }

    /// Draws the queued particles band by band, and tells Cairo its pixels changed. Thousands
    /// of particles scattered over a frame each touch a dozen rows far apart in an 8 MB
    /// target: drawn in their order, most rows came from memory. A band of rows (about
    /// 256 KB) stays in the cache while every particle that reaches it is drawn there, in the
    /// same order, so each pixel sees the same blends in the same order as before.
    mutating func finish() {
        defer { placed = []; target.finish() }
        guard let first = placed.first else { return }
        var top = first.rows.lowerBound, bottom = first.rows.upperBound
        for p in placed { top = min(top, p.rows.lowerBound); bottom = max(bottom, p.rows.upperBound) }
        let bandHeight = max(8, 262_144 / max(stride, 1))
        let bands = (bottom - top + bandHeight - 1) / bandHeight
        // A counting sort of (band, particle) pairs: the particles of each band, in order.
        var starts = [Int](repeating: 0, count: bands + 1)
        for p in placed {
            for band in (p.rows.lowerBound - top) / bandHeight...(p.rows.upperBound - 1 - top) / bandHeight {
                starts[band + 1] += 1
            }
        }
        for band in 0..<bands { starts[band + 1] += starts[band] }
        var order = [Int32](repeating: 0, count: starts[bands])
        var next = starts
        for (i, p) in placed.enumerated() {
            for band in (p.rows.lowerBound - top) / bandHeight...(p.rows.upperBound - 1 - top) / bandHeight {
                order[next[band]] = Int32(i)
                next[band] += 1
            }
        }
        for band in 0..<bands {
            let rows = (top + band * bandHeight)..<(top + (band + 1) * bandHeight)
            for k in starts[band]..<starts[band + 1] { draw(placed[Int(order[k])], rows: rows) }
        }
    }

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
    func place(
        _ texture: ParticleTexture, x: Double, y: Double, rotation: Double, k: Double,
        color: SIMD4<Double>, alpha: Double, additive: Bool
    ) -> Placed? {
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
        // A particle under 2⁻⁴⁶ pixels across covers nothing; its steps along a row would not fit
        // the 16.16 fixed point of the white rows (scale 1e-20 trapped there).
        guard abs(ia) < 0x1p46, abs(ib) < 0x1p46 else { return nil }
        let ie = -(ia * tx + ic * ty), iff = -(ib * tx + id * ty)
        // The parallelogram's box, one pixel wider for the filter.
        let xMin = tx + min(a * w, 0) + min(c * h, 0), xMax = tx + max(a * w, 0) + max(c * h, 0)
        let yMin = ty + min(b * w, 0) + min(d * h, 0), yMax = ty + max(b * w, 0) + max(d * h, 0)
        guard xMin.isFinite, xMax.isFinite, yMin.isFinite, yMax.isFinite else { return nil }
        // Saturating: finite is not small, and a particle far off canvas must be culled, not trap.
        let x0 = max(Int(saturating: (xMin - 1).rounded(.down)), clipBox.0)
        let x1 = min(Int(saturating: (xMax + 1).rounded(.up)), clipBox.2)
        let y0 = max(Int(saturating: (yMin - 1).rounded(.down)), clipBox.1)
        let y1 = min(Int(saturating: (yMax + 1).rounded(.up)), clipBox.3)
        guard x0 < x1, y0 < y1 else { return nil }
        let premultiplied = SIMD4<Float>(
            Float(color.z * alpha), Float(color.y * alpha), Float(color.x * alpha), Float(alpha))
        return Placed(
            texture: texture, ia: ia, ib: ib, ic: ic, id: id, ie: ie, iff: iff, x0: x0, x1: x1, rows: y0..<y1,
            color: premultiplied, additive: additive)
    }

    /// Composites a placed particle's part within `band`.
    private func draw(_ p: Placed, rows band: Range<Int>) {
        if p.texture.isWhite { return drawWhite(p, rows: band) }
        let w = Double(p.texture.width), h = Double(p.texture.height)
        forEachRow(of: p, in: band, reciprocals: (1 / p.ia, 1 / p.ib)) { pixel, u0, v0, span in
            for i in span {
                let u = u0 + p.ia * Double(i), v = v0 + p.ib * Double(i)
                guard u > -1, u < w, v > -1, v < h else { continue }
                let src = p.texture.sample(u, v) * p.color
                guard src.w > 0 || (p.additive && (src.x > 0 || src.y > 0 || src.z > 0)) else { continue }
                Self.blend(pixel + i * 4, src, additive: p.additive)
            }
        }
    }

    /// The rows of `p` within `band` and the clip boxes: for each, its pixels from the first
    /// column that may be touched, the texel coordinates (u0, v0) that pixel samples (shifted so
    /// texel centres are whole), and the span of pixels whose sample touches the texture
    /// (−1 < u < w and −1 < v < h). `reciprocals` are 1 / ia and 1 / ib.
    @inline(__always)
    private func forEachRow(
        of p: Placed, in band: Range<Int>, reciprocals: (Double, Double),
        _ body: (_ pixel: UnsafeMutablePointer<UInt8>, _ u0: Double, _ v0: Double, _ span: Range<Int>) -> Void
    ) {
        let w = Double(p.texture.width), h = Double(p.texture.height)
        for (cx0, cy0, cx1, cy1) in clips {
            let x0 = max(p.x0, cx0), x1 = min(p.x1, cx1)
            let y0 = max(p.rows.lowerBound, cy0, band.lowerBound), y1 = min(p.rows.upperBound, cy1, band.upperBound)
            guard x0 < x1, y0 < y1 else { continue }
            for py in y0..<y1 {
                let row = data + py * stride
                Self.prefetchRow(after: row, of: y1 - py, stride: stride, x0, x1)
                let yc = Double(py) + 0.5
                let u0 = p.ia * (Double(x0) + 0.5) + p.ic * yc + p.ie - 0.5
                let v0 = p.ib * (Double(x0) + 0.5) + p.id * yc + p.iff - 0.5
                var first = 0, last = x1 - x0
                Self.narrow(&first, &last, start: u0, step: p.ia, reciprocal: reciprocals.0, below: -1, above: w)
                Self.narrow(&first, &last, start: v0, step: p.ib, reciprocal: reciprocals.1, below: -1, above: h)
                body(row + x0 * 4, u0, v0, first..<max(first, last))
            }
        }
    }

    /// A white texture (the common case: a white sprite tinted by the cell's colour) in 8-bit
    /// fixed point: 16.16 texel coordinates, 8-bit filter weights, integer blending. The
    /// texture's two-texel zero border takes the pixels the row's ends are rounded onto, so the
    /// inner loop tests no bounds.
    private func drawWhite(_ p: Placed, rows band: Range<Int>) {
        let texture = p.texture
        let one = 65536.0
        // Per particle, not per row: the steps along a row and the reciprocals for narrowing.
        let su = Int((p.ia * one).rounded()), sv = Int((p.ib * one).rounded())
        let color = WhiteColor(p.color)
        if vectorRows && texture.fitsVectorRows && !p.additive
            && drawWhiteVectorized(p, rows: band, su: su, sv: sv, color: color)
        {
            return
        }
        forEachRow(of: p, in: band, reciprocals: (1 / p.ia, 1 / p.ib)) { pixel, u0, v0, span in
            guard let first = span.first else { return }
            // Shifted by the border's two texels: positive wherever the row may sample.
            let fu = Int((u0 + Double(first) * p.ia + 2) * one + 0.5),
                fv = Int((v0 + Double(first) * p.ib + 2) * one + 0.5)
            let pixels = UnsafeMutableRawPointer(pixel + first * 4)
            if p.additive {
                Self.addWhiteRow(texture, pixels, count: span.count, fu: fu, fv: fv, su: su, sv: sv, color: color)
            } else {
                Self.overWhiteRow(texture, pixels, count: span.count, fu: fu, fv: fv, su: su, sv: sv, color: color)
            }
        }
    }

    /// A white particle composited over, rows and all, in AVX2 (`reel_over_white_particle`:
    /// `forEachRow` and `overWhiteRow` with the same arithmetic); false when the CPU has no AVX2.
    private func drawWhiteVectorized(_ p: Placed, rows band: Range<Int>, su: Int, sv: Int, color: WhiteColor) -> Bool {
        var particle = ReelWhiteParticle(
            ia: p.ia, ib: p.ib, ic: p.ic, id: p.id, ie: p.ie, iff: p.iff,
            width: Double(p.texture.width), height: Double(p.texture.height), reciprocalU: 1 / p.ia,
            reciprocalV: 1 / p.ib,
            su: Int32(truncatingIfNeeded: su), sv: Int32(truncatingIfNeeded: sv),
            x0: Int32(p.x0), x1: Int32(p.x1), y0: Int32(p.rows.lowerBound), y1: Int32(p.rows.upperBound),
            quads: p.texture.quads, pitch: p.texture.alphaPitch, colorRB: color.rb, colorAG: color.ag)
        return clipBoxes.withUnsafeBufferPointer {
            reel_over_white_particle(
                &particle, data, stride, $0.baseAddress, clips.count,
                Int32(band.lowerBound), Int32(band.upperBound)) != 0
        }
    }

    /// The next row's pixels arrive while this row is drawn (measured: a tenth less time for a
    /// frame of snow; two rows ahead did no better).
    @inline(__always)
    private static func prefetchRow(
        after row: UnsafeMutablePointer<UInt8>, of rowsLeft: Int, stride: Int, _ x0: Int, _ x1: Int
    ) {
        guard rowsLeft > 1 else { return }
        reel_prefetch_for_write(row + stride + x0 * 4)
        reel_prefetch_for_write(row + stride + (x1 - 1) * 4)
    }

    /// A particle's colour (premultiplied by its alpha) as 0…255 integers, and packed two
    /// channels to a word (B and R, G and A of the 32-bit pixel) for blending.
    struct WhiteColor {
        let b: Int, g: Int, r: Int, a: Int
        let rb: UInt32, ag: UInt32
        init(_ color: SIMD4<Float>) {
            a = Int(color.w * 255 + 0.5); b = Int(color.x * 255 + 0.5); g = Int(color.y * 255 + 0.5);
            r = Int(color.z * 255 + 0.5)
            rb = UInt32(r) << 16 | UInt32(b)
            ag = UInt32(a) << 16 | UInt32(g)
        }
    }

    /// The bilinear alpha at 16.16 texel coordinates (shifted by the border), 0…255.
    @inline(__always)
    private static func coverage(_ alphas: UnsafePointer<UInt8>, pitch: Int, _ fu: Int, _ fv: Int) -> Int {
        // Wrapping arithmetic (&+, &*): the values are small by construction, and Swift's
        // overflow checks cost as much as the work in this innermost loop.
        let x = fu &>> 16, y = fv &>> 16
        let wx = (fu &>> 8) & 255, wy = (fv &>> 8) & 255
        let k = y &* pitch &+ x
        let a00 = Int(alphas[k]), a01 = Int(alphas[k &+ 1]), a10 = Int(alphas[k &+ pitch]),
            a11 = Int(alphas[k &+ pitch &+ 1])
        let top = a00 &* (256 &- wx) &+ a01 &* wx, bottom = a10 &* (256 &- wx) &+ a11 &* wx
        return (top &* (256 &- wy) &+ bottom &* wy &+ 32768) &>> 16
    }

    /// `overWhiteRow` in AVX2 (`reel_over_white_row`, the same arithmetic bit for bit), the row
    /// `drawWhiteVectorized` draws, alone for tests; false when the CPU has no AVX2.
    @inline(__always)
    static func overWhiteRowVectorized(
        _ texture: ParticleTexture, _ pixels: UnsafeMutableRawPointer, count: Int,
        fu: Int, fv: Int, su: Int, sv: Int, color: WhiteColor
    ) -> Bool {
        reel_over_white_row(
            texture.quads, texture.alphaPitch, pixels.assumingMemoryBound(to: UInt32.self), count,
            Int32(truncatingIfNeeded: fu), Int32(truncatingIfNeeded: fv),
            Int32(truncatingIfNeeded: su), Int32(truncatingIfNeeded: sv), color.rb, color.ag) != 0
    }

    /// One row of a white texture composited over: colour × coverage, then over.
    static func overWhiteRow(
        _ texture: ParticleTexture, _ pixels: UnsafeMutableRawPointer, count: Int,
        fu: Int, fv: Int, su: Int, sv: Int, color: WhiteColor
    ) {
        let alphas = UnsafePointer(texture.alphaBytes), pitch = texture.alphaPitch
        let colorRB = color.rb, colorAG = color.ag
        var fu = fu, fv = fv
        for i in 0..<count {
            let cov = UInt32(truncatingIfNeeded: coverage(alphas, pitch: pitch, fu, fv))
            fu &+= su; fv &+= sv
            guard cov > 0 else { continue }
            // Two channels per multiply, as pixman does. No carry between them: a premultiplied
            // source and destination sum to at most 255.
            let word = pixels + (i &* 4)
            let sag = scale(colorAG, cov), sa = sag &>> 16
            let d = word.load(as: UInt32.self)
            let keep = 255 &- sa
            let rb = scale(d & 0x00FF_00FF, keep) &+ scale(colorRB, cov)
            let ag = scale((d &>> 8) & 0x00FF_00FF, keep) &+ sag
            word.storeBytes(of: rb | (ag &<< 8), as: UInt32.self)
        }
    }

    /// One row of a white texture added: colour × coverage, saturating.
    private static func addWhiteRow(
        _ texture: ParticleTexture, _ pixels: UnsafeMutableRawPointer, count: Int,
        fu: Int, fv: Int, su: Int, sv: Int, color: WhiteColor
    ) {
        let alphas = UnsafePointer(texture.alphaBytes), pitch = texture.alphaPitch
        var fu = fu, fv = fv
        for i in 0..<count {
            let c = coverage(alphas, pitch: pitch, fu, fv)
            fu &+= su; fv &+= sv
            guard c > 0 else { continue }
            let p = (pixels + (i &* 4)).assumingMemoryBound(to: UInt8.self)
            p[0] = UInt8(truncatingIfNeeded: min(Int(p[0]) + div255(c * color.b), 255))
            p[1] = UInt8(truncatingIfNeeded: min(Int(p[1]) + div255(c * color.g), 255))
            p[2] = UInt8(truncatingIfNeeded: min(Int(p[2]) + div255(c * color.r), 255))
            p[3] = UInt8(truncatingIfNeeded: min(Int(p[3]) + div255(c * color.a), 255))
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
    /// per-pixel test, or lands in the white texture's zero border.) `reciprocal` is 1 / step,
    /// taken once a particle.
    @inline(__always)
    private static func narrow(
        _ lo: inout Int, _ hi: inout Int, start: Double, step: Double, reciprocal: Double,
        below: Double, above: Double
    ) {
        if step == 0 {
            if !(start > below && start < above) { hi = lo }
            return
        }
        let a = (below - start) * reciprocal, b = (above - start) * reciprocal
        // Clamped to just around [lo, hi] first, so the conversions cannot overflow. (Plain
        // comparisons: Swift's min and max order NaNs, which costs branches here.)
        let floorLimit = Double(lo) - 2, ceilLimit = Double(hi) + 2
        var low = a < b ? a : b, high = a < b ? b : a
        low = low > floorLimit ? low : floorLimit
        low = low < ceilLimit ? low : ceilLimit
        high = high > floorLimit ? high : floorLimit
        high = high < ceilLimit ? high : ceilLimit
        lo = max(lo, floorInt(low) + 1)
        hi = min(hi, ceilInt(high))
    }

    /// ⌊x⌋ and ⌈x⌉ for |x| < 2⁶³, without the libm call `rounded(.down)` makes on baseline x86-64.
    @inline(__always) private static func floorInt(_ x: Double) -> Int {
        let t = Int(x); return Double(t) > x ? t - 1 : t
    }
    @inline(__always) private static func ceilInt(_ x: Double) -> Int {
        let t = Int(x); return Double(t) < x ? t + 1 : t
    }

    /// Over (or add) a premultiplied BGRA source of 0…1 floats onto one pixel.
    @inline(__always)
    private static func blend(_ p: UnsafeMutablePointer<UInt8>, _ s: SIMD4<Float>, additive: Bool) {
        let dst = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
        let out = additive ? dst + s * 255 : s * 255 + dst * (1 - s.w)
        // Premultiplied results stay within 0…255 for over; add saturates.
        @inline(__always) func byte(_ v: Float) -> UInt8 {
            UInt8(min(max(v, 0), 255) + 0.5 > 255 ? 255 : min(max(v, 0), 255) + 0.5)
        }
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
    /// The alpha as bytes, for the fixed-point path, with a border of two zero texels (one
    /// for the filter, one for rows' rounded ends); `alphaPitch` bytes a row.
    let alphaBytes: UnsafeMutablePointer<UInt8>
    let alphaPitch: Int
    /// For the vector rows (`reel_over_white_row`): each texel's alpha with its right, lower and
    /// lower-right neighbours' in one word, low byte first; none unless `fitsVectorRows`.
    let quads: UnsafeMutablePointer<UInt32>
    private let count: Int
    /// White, small enough for the vector row's 32-bit texel coordinates and offsets, and on a
    /// CPU that has the vector rows: only then are `quads` made.
    let fitsVectorRows: Bool

    init(pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        paddedWidth = width + 2
        count = (width + 2) * (height + 2)
        alphaPitch = width + 4
        let alphaCount = alphaPitch * (height + 4)
        alphaBytes = .allocate(capacity: alphaCount)
        alphaBytes.initialize(repeating: 0, count: alphaCount)
        var white = true
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let p = row.load(fromByteOffset: x * 4, as: UInt32.self), a = p >> 24
                if p != a << 24 | a << 16 | a << 8 | a { white = false }
                alphaBytes[(y + 2) * alphaPitch + x + 2] = UInt8(a)
            }
        }
        isWhite = white
        // Each texel's bilinear neighbourhood in one word, for the vector rows' single gather.
        fitsVectorRows = white && width < 16384 && height < 16384 && PixelLoops.vectorized
        let quadCount = fitsVectorRows ? alphaCount : 0
        let quads = UnsafeMutablePointer<UInt32>.allocate(capacity: quadCount), alphas = alphaBytes, pitch = alphaPitch
        for k in 0..<quadCount {
            func alpha(_ i: Int) -> UInt32 { i < alphaCount ? UInt32(alphas[i]) : 0 }
            quads[k] = alpha(k) | alpha(k + 1) << 8 | alpha(k + pitch) << 16 | alpha(k + pitch + 1) << 24
        }
        self.quads = quads
        // The colour texels only when the colours matter (a white image uses its alpha alone).
        texels = .allocate(capacity: white ? 0 : count)
        guard !white else { return }
        texels.initialize(repeating: .zero, count: count)
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let b = row.load(fromByteOffset: x * 4, as: UInt8.self),
                    g = row.load(fromByteOffset: x * 4 + 1, as: UInt8.self)
                let r = row.load(fromByteOffset: x * 4 + 2, as: UInt8.self),
                    a = row.load(fromByteOffset: x * 4 + 3, as: UInt8.self)
                texels[(y + 1) * paddedWidth + x + 1] = SIMD4(Float(b), Float(g), Float(r), Float(a)) / 255
            }
        }
    }

    deinit {
        texels.deallocate()
        alphaBytes.deallocate()
        quads.deallocate()
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
