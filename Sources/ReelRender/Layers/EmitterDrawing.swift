import CCairo
import Foundation
import ReelCore

/// CAEmitterLayer: each particle is its cell's image (the `contentsRect` part, `contentsScale`
/// pixels per point) scaled, turned and centred on the particle, its colours multiplied by the
/// particle's colour; in `renderMode` order, added instead of composited over for `additive`.
/// Particles are drawn flat (z only orders `backToFront`), as Core Animation does without
/// `preservesDepth`.
enum EmitterDrawing {
    /// Whether the layer has a particle that shows.
    static func hasContent(_ layer: PresentationLayer) -> Bool {
        guard let frame = layer.particles else { return false }
        return frame.particles.contains { frame.cells[$0.cell].contents != nil }
    }

    /// The box the particles cover, in the layer's space (`.null` for none).
    static func extent(_ layer: PresentationLayer) -> CGRect {
        guard let frame = layer.particles else { return .null }
        let halfDiagonals = frame.cells.map { c -> Double in
            guard let image = c.contents else { return -1 }
            let w = Double(c.contentsRect.width) * Double(image.width),
                h = Double(c.contentsRect.height) * Double(image.height)
            return (w * w + h * h).squareRoot() / 2 / max(c.contentsScale, 1e-9)
        }
        var box = CGRect.null
        for p in frame.particles where halfDiagonals[p.cell] >= 0 {
            let r = halfDiagonals[p.cell] * abs(p.state.scale)
            guard r.isFinite else { return .null }
            box = box.union(CGRect(x: p.state.position.x - r, y: p.state.position.y - r, width: 2 * r, height: 2 * r))
        }
        return box
    }

    /// Draws the particles into the layer's space at `alpha`: straight into the pixels where it
    /// can (`ParticleCompositor`), through Cairo otherwise (or when `direct` is false, to
    /// compare the two; `vectorRows` false keeps its rows scalar, again to compare).
    static func draw(
        _ layer: PresentationLayer, _ cr: CairoContext, alpha: Double, budget: DrawBudget, context: RenderContext,
        direct allowed: Bool = true, vectorRows: Bool = true
    ) {
        guard let frame = layer.particles, !frame.particles.isEmpty else { return }
        let sprites = frame.cells.map { Sprite($0, context) }
        var direct = allowed ? ParticleCompositor(cr, vectorRows: vectorRows) : nil
        let base = cr.matrix
        // Particles wholly outside the clip are skipped (snow that fell out of the frame).
        let (x0, y0, x1, y1) = cr.clipExtents
        // Device pixels per user unit (for what a particle costs) and what a frame may spend:
        // the area particles may cover is that of 64 whole frames (enormous particles by the
        // thousand would otherwise take minutes; the same ones are left out every time).
        let unit = (abs(base.xx * base.yy - base.xy * base.yx)).squareRoot()
        let visible = max(x1 - x0, 0) * max(y1 - y0, 0) * unit * unit
        var budgetPixels = 64 * max(visible, 1)
        cr.save()
        if frame.renderMode == .additive { cr.setOperator(CAIRO_OPERATOR_ADD) }
        for p in frame.particles {
            guard let sprite = sprites[p.cell] else { continue }
            let s = p.state
            let a = s.color.w * alpha
            let k = s.scale / sprite.contentsScale
            guard a > 0, k != 0, k.isFinite, s.position.x.isFinite, s.position.y.isFinite else { continue }
            let r = sprite.halfDiagonal * abs(k)
            guard s.position.x + r >= x0, s.position.x - r <= x1, s.position.y + r >= y0, s.position.y - r <= y1 else {
                continue
            }
            let cost = min(4 * r * r * unit * unit, visible) + 1
            guard budgetPixels >= cost, budget.take() else { break }
            budgetPixels -= cost
            if direct != nil {
                if let p = direct?.place(
                    sprite.texture, x: s.position.x, y: s.position.y, rotation: s.rotation, k: k, color: s.color,
                    alpha: a, additive: frame.renderMode == .additive)
                {
                    direct?.add(p)
                }
                continue
            }
            // User space: the sprite's pixels, centred on the particle, turned and scaled.
            var m = base
            cairo_matrix_translate(&m, s.position.x, s.position.y)
            if s.rotation != 0 { cairo_matrix_rotate(&m, s.rotation) }
            cairo_matrix_scale(&m, k, k)
            cr.setMatrix(m)
            sprite.paint(cr, color: s.color, alpha: a)
        }
        direct?.finish()
        cr.restore()
    }
}

/// One cell's image as a Cairo pattern centred on the origin, with what tinting it needs.
private final class Sprite {
    let pattern: CairoPattern
    let width: Int, height: Int
    let contentsScale: Double
    let halfDiagonal: Double
    /// Every pixel is white (at some alpha): tinting is the colour masked by its alpha.
    var isWhite: Bool { texture.isWhite }
    /// The same pixels for drawing without Cairo.
    let texture: ParticleTexture
    /// The cell's pixels, kept while they are drawn from.
    private let pixels: PixelBuffer
    private let source: UnsafeMutableRawPointer
    private let sourceStride: Int
    /// A scratch copy for colours that must multiply the image's own.
    private var tinted: (surface: CairoSurface, pattern: CairoPattern)?

    init?(_ cell: EmitterCellState, _ context: RenderContext) {
        guard let image = cell.contents else { return nil }
        // The contentsRect part of the image, in whole pixels.
        let r = cell.contentsRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !r.isNull else { return nil }
        let px0 = Int((r.minX * Double(image.width)).rounded()), py0 = Int((r.minY * Double(image.height)).rounded())
        let px1 = Int((r.maxX * Double(image.width)).rounded()), py1 = Int((r.maxY * Double(image.height)).rounded())
        guard px1 > px0, py1 > py0 else { return nil }
        width = px1 - px0
        height = py1 - py0
        // A drawn image (a layer's drawing as a particle) is rasterised with the scene's fonts.
        let pixels = context.pixels(of: image)
        self.pixels = pixels
        sourceStride = pixels.stride
        source = pixels.baseAddress + py0 * sourceStride + px0 * 4
        let surface = CairoSurface(
            data: source.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width: width, height: height,
            stride: sourceStride)
        pattern = Sprite.centredPattern(surface, width, height)
        contentsScale = max(cell.contentsScale, 1e-9)
        halfDiagonal = Double(width * width + height * height).squareRoot() / 2
        texture = ParticleTexture(pixels: source, stride: sourceStride, width: width, height: height)
    }

    private static func centredPattern(_ surface: CairoSurface, _ width: Int, _ height: Int) -> CairoPattern {
        let pattern = CairoPattern(surface: surface)
        var m = cairo_matrix_t()
        cairo_matrix_init_translate(&m, Double(width) / 2, Double(height) / 2)
        pattern.setMatrix(m)
        // Core Animation's default filters for cells are linear.
        pattern.setFilter(CAIRO_FILTER_BILINEAR)
        return pattern
    }

    func paint(_ cr: CairoContext, color c: SIMD4<Double>, alpha: Double) {
        if isWhite {
            cr.setSource(c.x, c.y, c.z, alpha)
            cr.mask(pattern)
        } else if c.x >= 1, c.y >= 1, c.z >= 1 {
            // (A pattern that does not extend bounds the paint to the image.)
            cr.setSource(pattern)
            cr.paint(alpha: alpha)
        } else {
            cr.setSource(tint(c))
            cr.paint(alpha: alpha)
        }
    }

    /// The image with its colours multiplied by `c` (alpha is applied when painting).
    private func tint(_ c: SIMD4<Double>) -> CairoPattern {
        if tinted == nil {
            let s = CairoSurface(CAIRO_FORMAT_ARGB32, width: width, height: height)
            tinted = (s, Sprite.centredPattern(s, width, height))
        }
        let (target, pattern) = tinted!
        target.flush()
        let data = target.data!, stride = target.stride
        for y in 0..<height {
            (data + y * stride).update(
                from: (source + y * sourceStride).assumingMemoryBound(to: UInt8.self), count: width * 4)
        }
        target.markDirty()
        // Colour channels scale, alpha stays (it is applied when painting).
        SurfaceTint.multiply(
            target, by: CGColor(red: min(max(c.x, 0), 1), green: min(max(c.y, 0), 1), blue: min(max(c.z, 0), 1)))
        return pattern
    }
}
