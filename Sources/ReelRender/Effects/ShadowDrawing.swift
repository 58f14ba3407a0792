import CCairo
import Foundation
import ReelCore

/// Layer shadows: the layer's alpha (or its shadowPath) blurred by a Gaussian of σ = shadowRadius,
/// tinted with shadowColor × shadowOpacity and offset by shadowOffset, drawn under the layer.
/// The blur runs on an 8-bit alpha image in device pixels, so it matches at any canvas scale.
enum ShadowDrawing {
    /// Core Animation draws no shadow for layers that clip to their bounds.
    static func isVisible(_ s: LayerState) -> Bool {
        s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0 && !s.masksToBounds
    }

    /// Draws the shadow of `shape` (see `ShadowShape.of`) or else of `content` (a group pattern
    /// holding the layer's rendering). `alpha` multiplies the shadow's opacity.
    static func draw(_ s: LayerState, shape: ShadowShape?, content: CairoPattern?, _ cr: CairoContext, alpha: Double) {
        guard s.shadowColor != nil else { return }
        let (sigma, margin) = blur(s, linear: cr.matrix)
        let k = reduction(sigma: sigma)

        let mask: AlphaImage?
        if let shape {
            mask = AlphaImage.filling(
                shape, cr: cr, margin: margin, reduction: k, visible: visibleMaskArea(s, cr, margin: margin))
        } else if let content {
            mask = AlphaImage.alpha(of: content, margin: margin, reduction: k)
        } else {
            mask = nil
        }
        guard var image = mask else { return }
        image.blur(sigma: sigma / Double(k))
        let (x, y) = (image.originX, image.originY)
        if k == 1 {
            image.withSurface { paint($0, s, cr, x: x, y: y, alpha: alpha) }
        } else {
            // Only the part that can show is scaled up: a wide blur's margin reaches far
            // outside the frame (σ = 1000 scaled the whole 6000-pixel square before).
            let (vx0, vy0, vx1, vy1) = visibleMaskArea(s, cr, margin: 0)
            let full = image.surface(scale: k, within: (vx0 - x, vy0 - y, vx1 - x, vy1 - y))
            paint(full.surface, s, cr, x: x + full.x, y: y + full.y, alpha: alpha)
        }
    }

    /// Device pixels per mask pixel for a blur of σ device pixels. A Gaussian that wide has no
    /// detail finer than σ/8, so wide blurs run on a coarser grid and are scaled up (bilinear)
    /// when painted: their time and memory stay those of a σ ≈ 8 blur, whatever σ is (as
    /// browsers do). Up to σ = 16 the blur runs at full resolution; the reduced ones stay within
    /// 3 levels of the exact Gaussian (`WideShadowTests`).
    static func reduction(sigma: Double) -> Int {
        sigma > 16 ? Int(saturating: sigma / 8) : 1
    }

    /// How finely a blurred shadow is placed, in device pixels: a power of two no larger than
    /// σ/25 (1/64 at most). Moving a Gaussian edge of σ by half a step changes a pixel by at most
    /// 255 · step/2 / (σ·√(2π)) ≤ 2 levels, less the shadow's opacity; in return a moving layer's
    /// shadow mask is made once per phase instead of once per frame.
    static func phaseStep(sigma: Double) -> Double {
        var step = 1.0
        while step > 1.0 / 64, step > sigma / 25 { step /= 2 }
        return step
    }

    /// The Gaussian's σ in device pixels for a user-to-device matrix, and the margin the blur
    /// needs around the shape.
    static func blur(_ s: LayerState, linear m: cairo_matrix_t) -> (sigma: Double, margin: Int) {
        let deviceScale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        let sigma = min(max(Double(s.shadowRadius), 0) * deviceScale, maxSigma)
        return (sigma, Int(saturating: (3 * sigma).rounded(.up)) + 2)
    }

    /// The device pixels of the mask that can show (the clip, moved back by the shadow's offset)
    /// plus the blur's margin, as (minX, minY, maxX, maxY): the mask is never larger than the
    /// frame plus the margin, however large the layer or its shadowPath.
    static func visibleMaskArea(_ s: LayerState, _ cr: CairoContext, margin: Int) -> (Int, Int, Int, Int) {
        let (x0, y0, x1, y1) = cr.clipExtents
        let clip = LayerExtent.transformed(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), cr.matrix)
        var dx = Double(s.shadowOffset.width), dy = Double(s.shadowOffset.height)
        cr.userToDeviceDistance(&dx, &dy)
        return (
            Int(saturating: (Double(clip.minX) - dx).rounded(.down)) - margin,
            Int(saturating: (Double(clip.minY) - dy).rounded(.down)) - margin,
            Int(saturating: (Double(clip.maxX) - dx).rounded(.up)) + margin,
            Int(saturating: (Double(clip.maxY) - dy).rounded(.up)) + margin
        )
    }

    /// The largest σ drawn, in device pixels. Scene files cannot ask for more than
    /// `SceneLimits.maxShadowRadius` points, but a Swift caller, an animation or a large canvas
    /// scale can; the blur's buffer grows with 6σ on each side, so it is capped here too.
    static let maxSigma = 1024.0

    /// Paints the blurred alpha `mask` (its top-left at device pixel x, y before the offset) in
    /// shadowColor × shadowOpacity × `alpha`, moved by shadowOffset.
    /// `offset`: false when the mask is already placed with the shadow's offset.
    /// `cover`: pixels the layer's opaque background will cover, left out.
    static func paint(
        _ mask: CairoSurface, _ s: LayerState, _ cr: CairoContext, x: Int, y: Int, alpha: Double, offset: Bool = true,
        cover: ShadowCover? = nil
    ) {
        guard let color = s.shadowColor else { return }
        var dx = offset ? Double(s.shadowOffset.width) : 0, dy = offset ? Double(s.shadowOffset.height) : 0
        cr.userToDeviceDistance(&dx, &dy)
        cr.save()
        cr.identityMatrix()
        cover?.clipAround(
            cr, x: Double(x) + dx, y: Double(y) + dy,
            width: Double(mask.width), height: Double(mask.height))
        cr.setSource(
            clamp(color.red), clamp(color.green), clamp(color.blue),
            clamp(color.alpha) * min(max(Double(s.shadowOpacity), 0), 1) * alpha)
        cr.mask(mask, Double(x) + dx, Double(y) + dy)
        cr.restore()
    }

    private static func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
}

/// An 8-bit alpha image placed at a device-space origin.
struct AlphaImage {
    var width: Int
    var height: Int
    var stride: Int
    var originX: Int
    var originY: Int
    var data: [UInt8]

    /// The alpha channel of a group pattern's surface, with `margin` empty pixels around it,
    /// averaged over `reduction` × `reduction` blocks (see `ShadowDrawing.reduction`).
    static func alpha(of pattern: CairoPattern, margin: Int, reduction k: Int = 1) -> AlphaImage? {
        guard let surface = pattern.surface, surface.type == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        surface.flush()
        // A group's surface starts where its device offset says.
        let offset = surface.deviceOffset
        return alpha(
            of: surface, at: (-Int(saturating: offset.x), -Int(saturating: offset.y)), margin: margin, reduction: k)
    }

    /// The alpha channel of an ARGB32 image surface whose top-left pixel is at device pixel
    /// `origin`, read without touching the surface (it may be a raster shared by threads).
    static func alpha(of surface: CairoSurface, at origin: (x: Int, y: Int), margin: Int, reduction k: Int = 1)
        -> AlphaImage?
    {
        let w = surface.width, h = surface.height
        let stride = surface.stride
        guard w > 0, h > 0, let pixels = surface.data else { return nil }
        // Crop to the pixels with ink, so the blur works on the layer, not the whole group: each
        // row's first and last ink from either end, not a min/max per pixel.
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h {
            let row = pixels + y * stride + 3
            var first = 0
            while first < w, row[first &* 4] == 0 { first &+= 1 }
            guard first < w else { continue }
            var last = w - 1
            while row[last &* 4] == 0 { last &-= 1 }
            minX = min(minX, first); maxX = max(maxX, last); minY = min(minY, y); maxY = y
        }
        guard maxX >= 0 else { return nil }
        let originX = minX + origin.x - margin, originY = minY + origin.y - margin
        if k > 1 {
            // Block averages, straight from the surface: the full-resolution mask is never made.
            let w = (maxX - minX + 1 + 2 * margin + k - 1) / k, h = (maxY - minY + 1 + 2 * margin + k - 1) / k
            var image = AlphaImage(width: w, height: h, margin: 0, originX: originX, originY: originY)
            var sums = [UInt32](repeating: 0, count: w * h)
            // The block of each column, tabulated: no division per pixel.
            let block = (minX...maxX).map { ($0 - minX + margin) / k }
            sums.withUnsafeMutableBufferPointer { sums in
                block.withUnsafeBufferPointer { block in
                    for y in minY...maxY {
                        let row = pixels + y * stride + 3 + minX * 4,
                            out = sums.baseAddress! + (y - minY + margin) / k * w
                        for x in 0..<block.count { out[block[x]] &+= UInt32(row[x &* 4]) }
                    }
                }
            }
            let area = UInt32(k * k)
            for y in 0..<h {
                for x in 0..<w { image.data[y * image.stride + x] = UInt8((sums[y * w + x] + area / 2) / area) }
            }
            return image
        }
        var image = AlphaImage(
            width: maxX - minX + 1 + 2 * margin, height: maxY - minY + 1 + 2 * margin, margin: margin,
            originX: originX, originY: originY)
        for y in minY...maxY {
            let row = pixels + y * stride
            let out = (y - minY + margin) * image.stride + margin
            for x in minX...maxX { image.data[out + x - minX] = row[x * 4 + 3] }
        }
        return image
    }

    /// `shape` filled opaque, rasterised with the current transformation of `cr`, cropped to
    /// `visible` (device pixels, see `ShadowDrawing.visibleMaskArea`) when given.
    static func filling(
        _ shape: ShadowShape, cr: CairoContext, margin: Int, reduction k: Int = 1,
        visible: (Int, Int, Int, Int)? = nil
    ) -> AlphaImage? {
        cr.save()
        cr.newPath()
        shape.append(to: cr)
        let (x0, y0, x1, y1) = cr.fillExtents
        let m = cr.matrix
        cr.newPath()
        cr.restore()
        // The device-space box of the user-space extents.
        let box = LayerExtent.transformed(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), m)
        var minX = Int(saturating: Double(box.minX).rounded(.down)) - margin,
            maxX = Int(saturating: Double(box.maxX).rounded(.up)) + margin
        var minY = Int(saturating: Double(box.minY).rounded(.down)) - margin,
            maxY = Int(saturating: Double(box.maxY).rounded(.up)) + margin
        if let (vx0, vy0, vx1, vy1) = visible {
            (minX, minY, maxX, maxY) = (max(minX, vx0), max(minY, vy0), min(maxX, vx1), min(maxY, vy1))
        }
        guard maxX > minX, maxY > minY else { return nil }
        let width = (maxX - minX + k - 1) / k, height = (maxY - minY + k - 1) / k
        guard width * height <= Raster.maxPixels else { return nil }
        var image = AlphaImage(width: width, height: height, margin: 0, originX: minX, originY: minY)
        // Rasterised straight onto the coarser grid: Cairo's coverage is the block average.
        var local = m
        local.x0 -= Double(image.originX)
        local.y0 -= Double(image.originY)
        let r = 1 / Double(k)
        (local.xx, local.xy, local.yx, local.yy, local.x0, local.y0) = (
            local.xx * r, local.xy * r, local.yx * r, local.yy * r, local.x0 * r, local.y0 * r
        )
        image.withSurface { surface in
            surface.withContext { context in
                context.setMatrix(local)
                shape.append(to: context)
                context.setSource(0, 0, 0, 1)
                context.fill()
            }
        }
        return image
    }

    private init(width: Int, height: Int, margin: Int, originX: Int, originY: Int) {
        self.width = width
        self.height = height
        self.stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(size: width)))
        self.originX = originX
        self.originY = originY
        self.data = [UInt8](repeating: 0, count: stride * height)
    }

    /// The image as a Cairo A8 surface of its own, `k` times larger (each pixel `k` device pixels
    /// wide, see `ShadowDrawing.reduction`): every reduced mask is scaled up the same way, cached
    /// or not.
    func surface(scale k: Int) -> CairoSurface {
        if k > 1 { return upscaled(by: k, x0: 0, y0: 0, x1: width * k, y1: height * k) }
        let surface = CairoSurface(CAIRO_FORMAT_A8, width: width, height: height)
        surface.flush()
        let out = surface.data!
        let outStride = surface.stride
        for y in 0..<height {
            for x in 0..<width { out[y * outStride + x] = data[y * stride + x] }
        }
        surface.markDirty()
        return surface
    }

    /// The part of `surface(scale: k)` within `area` (x0, y0, x1, y1 in its pixels, clamped to
    /// it), and where that part starts; an empty part is one transparent pixel.
    func surface(scale k: Int, within area: (Int, Int, Int, Int)) -> (surface: CairoSurface, x: Int, y: Int) {
        let x0 = min(max(area.0, 0), width * k), y0 = min(max(area.1, 0), height * k)
        let x1 = max(min(area.2, width * k), x0), y1 = max(min(area.3, height * k), y0)
        guard x1 > x0, y1 > y0 else { return (CairoSurface(CAIRO_FORMAT_A8, width: 1, height: 1), 0, 0) }
        return (upscaled(by: k, x0: x0, y0: y0, x1: x1, y1: y1), x0, y0)
    }

    /// Pixels x0..<x1, y0..<y1 of the image `k` times larger, bilinear (sample centres as Cairo's
    /// bilinear filter puts them, transparent outside), as a Cairo A8 surface: two separable
    /// passes of integer weights.
    private func upscaled(by k: Int, x0: Int, y0: Int, x1: Int, y1: Int) -> CairoSurface {
        let (w, h, W, H) = (width, height, x1 - x0, y1 - y0)
        let surface = CairoSurface(CAIRO_FORMAT_A8, width: W, height: H)
        surface.flush()
        let out = surface.data!
        let outStride = surface.stride
        // Output pixel j samples at (j + 0.5)/k − 0.5 source pixels: between source pixels i and
        // i + 1 with weight t/(2k) on i + 1, t odd in −(k−1)…(2k−1)·… — tabulated per pixel.
        let scale = 2 * k
        func tap(_ j: Int) -> (first: Int, weight: Int) {
            let position = 2 * j + 1 - k  // (sample position + 0.5) · 2k − k, in units of 1/(2k)
            let i = position >= 0 ? position / scale : -((-position + scale - 1) / scale)
            return (i, position - i * scale)
        }
        let columns = (x0..<x1).map(tap), lines = (y0..<y1).map(tap)
        // Only the source rows the wanted lines read are scaled across. Sums fit in 32 bits
        // (255 · (2k)² for k < 256); the loops use unchecked pointers and wrapping arithmetic
        // (callgrind: checked arrays cost ~27 instructions a pixel, 16 % of the title bench
        // scene, whose glow's radius animates so its mask is made every frame).
        let firstRow = lines[0].first, rowCount = lines[H - 1].first + 2 - firstRow
        var rows = [UInt32](repeating: 0, count: W * rowCount)
        // Columns as (first texel, its weight, the next one's weight).
        let taps: [(Int, UInt32, UInt32)] = columns.map { i, t in (i, UInt32(scale - t), UInt32(t)) }
        data.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { rows in
                taps.withUnsafeBufferPointer { taps in
                    for r in 0..<rowCount where firstRow + r >= 0 && firstRow + r < h {
                        let line = src.baseAddress! + (firstRow + r) * stride
                        let row = rows.baseAddress! + r * W
                        for x in 0..<W {
                            let (i, ta, tb) = taps[x]
                            row[x] = texel(line, i, w) &* ta &+ texel(line, i &+ 1, w) &* tb
                        }
                    }
                }
            }
        }
        // Rounded division by scale² as a multiplication, exact for these sums (k < 256).
        let total = UInt64(scale * scale), reciprocal = (UInt64(1) << 44) / total + 1
        rows.withUnsafeBufferPointer { rows in
            for y in 0..<H {
                let (i, t) = lines[y], r = i - firstRow
                let out = out + y * outStride
                let upper = rows.baseAddress! + r * W, lower = upper + W
                let (wa, wb) = (UInt64(scale - t), UInt64(t))
                for x in 0..<W {
                    let sum = UInt64(upper[x]) &* wa &+ UInt64(lower[x]) &* wb &+ total / 2
                    out[x] = UInt8(truncatingIfNeeded: (sum &* reciprocal) >> 44)
                }
            }
        }
        surface.markDirty()
        return surface
    }

    /// Texel `i` of a row; outside 0..<w the image is transparent.
    @inline(__always)
    private func texel(_ line: UnsafePointer<UInt8>, _ i: Int, _ w: Int) -> UInt32 {
        UInt(bitPattern: i) < UInt(w) ? UInt32(line[i]) : 0
    }

    /// Runs `body` with a Cairo A8 surface over the data (valid only inside `body`).
    mutating func withSurface(_ body: (CairoSurface) -> Void) {
        let (w, h, s) = (width, height, stride)
        data.withUnsafeMutableBufferPointer { buffer in
            // Released here, while the buffer is still lent out.
            let surface = CairoSurface(data: buffer.baseAddress, CAIRO_FORMAT_A8, width: w, height: h, stride: s)
            body(surface)
            surface.flush()
        }
    }

    /// Gaussian blur of standard deviation `sigma` pixels: three box blurs (the approximation SVG
    /// and CSS specify, within a few percent of a true Gaussian) for σ ≥ 2, an exact kernel below.
    mutating func blur(sigma: Double) {
        guard sigma > 0.05 else { return }
        if sigma < 2 {
            let radius = Int((3 * sigma).rounded(.up))
            var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let sum = kernel.reduce(0, +)
            kernel = kernel.map { $0 / sum }
            convolve(horizontal: true, kernel: kernel, radius: radius)
            convolve(horizontal: false, kernel: kernel, radius: radius)
            return
        }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        for horizontal in [true, false] {
            // Between passes: a wide blur of a large layer is one of the longest drawing steps.
            if DrawingInterruption.isRequested { return }
            if d % 2 == 1 {
                for _ in 0..<3 { boxBlur(horizontal: horizontal, size: d, shift: 0) }
            } else {
                // Even sizes: two boxes offset half a pixel each way, then one of size d + 1.
                boxBlur(horizontal: horizontal, size: d, shift: 1)
                boxBlur(horizontal: horizontal, size: d, shift: 0)
                boxBlur(horizontal: horizontal, size: d + 1, shift: 0)
            }
        }
    }

    /// A running-sum box blur along rows or columns; `shift` moves the window by one pixel
    /// for even sizes. Columns are blurred a row at a time with a running sum per column, so
    /// memory is read in order (walking down columns of a wide mask missed the cache on every
    /// pixel: profiled, the blur was most of a glowing title's drawing time); the rounded
    /// division by `size` is a multiplication by its reciprocal, exact for these sums.
    private mutating func boxBlur(horizontal: Bool, size: Int, shift: Int) {
        let left = size / 2 - (size % 2 == 0 ? 1 - shift : 0), right = size - 1 - left
        // floor(n / size) = (n · m) >> 40 for every n < 2^26 when m = ⌊2^40 / size⌋ + 1.
        let m = (1 << 40) / size + 1, half = size / 2
        let (w, h, stride) = (width, height, self.stride)
        // Unchecked pointers and wrapping arithmetic in the loops: sums stay below 2^26.
        @inline(__always) func divided(_ sum: Int) -> UInt8 { UInt8(truncatingIfNeeded: ((sum &+ half) &* m) >> 40) }
        if horizontal {
            var line = [Int](repeating: 0, count: w)
            data.withUnsafeMutableBufferPointer { p in
                line.withUnsafeMutableBufferPointer { line in
                    let line = line.baseAddress!
                    for y in 0..<h {
                        let row = p.baseAddress! + y * stride
                        for i in 0..<w { line[i] = Int(row[i]) }
                        var sum = 0
                        for i in max(-left, 0)...max(min(right, w - 1), 0) where i < w { sum &+= line[i] }
                        for i in 0..<w {
                            row[i] = divided(sum)
                            let leaving = i &- left, entering = i &+ right &+ 1
                            if leaving >= 0 { sum &-= line[leaving] }
                            if entering < w { sum &+= line[entering] }
                        }
                    }
                }
            }
            return
        }
        let source = data
        var sums = [Int](repeating: 0, count: w)
        source.withUnsafeBufferPointer { src in
            data.withUnsafeMutableBufferPointer { p in
                sums.withUnsafeMutableBufferPointer { sums in
                    let (src, p, sums) = (src.baseAddress!, p.baseAddress!, sums.baseAddress!)
                    for row in max(-left, 0)...max(min(right, h - 1), 0) where row < h {
                        let base = src + row * stride
                        for x in 0..<w { sums[x] &+= Int(base[x]) }
                    }
                    for y in 0..<h {
                        let out = p + y * stride
                        for x in 0..<w { out[x] = divided(sums[x]) }
                        let leaving = y - left, entering = y + right + 1
                        if leaving >= 0 {
                            let base = src + leaving * stride
                            for x in 0..<w { sums[x] &-= Int(base[x]) }
                        }
                        if entering < h {
                            let base = src + entering * stride
                            for x in 0..<w { sums[x] &+= Int(base[x]) }
                        }
                    }
                }
            }
        }
    }

    private mutating func convolve(horizontal: Bool, kernel: [Double], radius: Int) {
        let lines = horizontal ? height : width, length = horizontal ? width : height
        let step = horizontal ? 1 : stride
        var line = [Double](repeating: 0, count: length)
        data.withUnsafeMutableBufferPointer { p in
            for l in 0..<lines {
                let base = horizontal ? l * stride : l
                for i in 0..<length { line[i] = Double(p[base + i * step]) }
                for i in 0..<length {
                    var acc = 0.0
                    for k in -radius...radius {
                        let j = i + k
                        if j >= 0 && j < length { acc += line[j] * kernel[k + radius] }
                    }
                    p[base + i * step] = UInt8(min(255, (acc + 0.5).rounded(.down)))
                }
            }
        }
    }
}
