import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// The turn sampler against Cairo's own turned bilinear paint (which it replaces), and the flat
/// interior it copies instead of filtering against the same turn filtered everywhere.
@Suite("Turn sampler")
struct TurnSamplerTests {
    /// A 61 × 43 raster with smooth gradients, a hard-edged block and translucent pixels.
    private func testRaster() -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 61, 43)!
        let cr = cairo_create(surface)!
        let gradient = cairo_pattern_create_linear(0, 0, 61, 43)!
        cairo_pattern_add_color_stop_rgba(gradient, 0, 0.9, 0.2, 0.1, 1)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 0.1, 0.4, 0.9, 0.6)
        cairo_set_source(cr, gradient)
        cairo_paint(cr)
        cairo_pattern_destroy(gradient)
        cairo_set_source_rgba(cr, 1, 1, 0.2, 1)
        cairo_rectangle(cr, 20, 10, 17, 9)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    private func words(_ surface: OpaquePointer) -> UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
    }

    /// The raster turned by `angle` about the origin and moved by (tx, ty), into a 100 × 100
    /// surface: by Cairo (BILINEAR, EXTEND_NONE) and by the sampler.
    /// With `alpha` < 1 and a `background` (a translucent premultiplied colour), both composite
    /// over it.
    private func turned(
        _ image: OpaquePointer, angle: Double, tx: Double, ty: Double, flat: FlatInterior? = nil,
        alpha: Double = 1, background: UInt32 = 0
    ) -> (cairo: [UInt32], sampler: [UInt32]) {
        let (c, s) = (cos(angle), sin(angle))
        let reference = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 100)!
        defer { cairo_surface_destroy(reference) }
        let stride = Int(cairo_image_surface_get_stride(reference)) / 4
        for y in 0..<100 { (words(reference) + y * stride).update(repeating: background, count: 100) }
        cairo_surface_mark_dirty(reference)
        let cr = cairo_create(reference)!
        var m = cairo_matrix_t(xx: c, yx: s, xy: -s, yy: c, x0: tx, y0: ty)
        cairo_set_matrix(cr, &m)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint_with_alpha(cr, alpha)
        cairo_destroy(cr)
        cairo_surface_flush(reference)
        var out = [UInt32](repeating: background, count: 100 * 100)
        out.withUnsafeMutableBufferPointer { o in
            // Device (x, y) → image: the inverse turn of (x - tx, y - ty).
            TurnSampler.turn(
                image: words(image), imageStride: Int(cairo_image_surface_get_stride(image)) / 4,
                imageWidth: Int(cairo_image_surface_get_width(image)),
                imageHeight: Int(cairo_image_surface_get_height(image)), out: o.baseAddress!, outStride: 100,
                width: 100, height: 100,
                xx: c, xy: s, yx: -s, yy: c, x0: -(c * tx + s * ty), y0: s * tx - c * ty,
                alpha: UInt16((alpha * 255).rounded()), flat: flat)
        }
        let cairo = (0..<100).flatMap { y in (0..<100).map { words(reference)[y * stride + $0] } }
        return (cairo, out)
    }

    private func largestChannelDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var worst = 0
        for (p, q) in zip(a, b) {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }

    @Test(arguments: [0.3, -0.9, 2.5, Double.pi / 2 + 0.01])
    func matchesCairosTurnedBilinearPaint(angle: Double) {
        let image = testRaster()
        defer { cairo_surface_destroy(image) }
        let (cairo, sampler) = turned(image, angle: angle, tx: 50.3, ty: 21.7)
        // Pixman weighs with 7 bits, the sampler with 8 (and rounds each pass): at a hard edge
        // of full contrast a few levels apart, never more than the goldens' tolerance (3).
        #expect(largestChannelDifference(cairo, sampler) <= 3)
        // And the picture is really there (not two empty frames agreeing).
        #expect(sampler.filter { $0 != 0 }.count > 61 * 43 / 2)
    }

    @Test func compositesOverWhatIsThereAsCairoDoes() {
        let image = testRaster()
        defer { cairo_surface_destroy(image) }
        // A translucent teal (premultiplied: each channel at most the alpha 0x99).
        let (cairo, sampler) = turned(image, angle: 0.7, tx: 40, ty: 10, alpha: 0.6, background: 0x9910_5A66)
        #expect(largestChannelDifference(cairo, sampler) <= 3)
        #expect(sampler.filter { $0 != 0x9910_5A66 }.count > 61 * 43 / 2)
    }

    @Test func flatInteriorIsCopiedExactlyAsFilteringWouldMakeIt() throws {
        // A plain card drawn upright as the renderer draws it: background, border, corners.
        let state: LayerState = {
            var s = LayerState()
            s.bounds = CGRect(x: 0, y: 0, width: 58, height: 38)
            s.cornerRadius = 9
            s.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 0.7)
            s.borderWidth = 2
            s.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.7)
            return s
        }()
        let layer = PresentationLayer(
            name: "card", kind: .layer, model: state, state: state, localTime: 0, animationKeys: [], sublayers: [])
        var tooLarge = false
        let raster = try #require(
            Raster.make(
                linear: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0), fx: 0, fy: 0, tooLarge: &tooLarge
            ) { rc in
                LayerPainter.drawContentForRaster(layer, rc, border: true, cache: nil, context: RenderContext())
            })
        let s = layer.state
        let flat = try #require(
            FlatInterior.of(
                raster, bounds: s.bounds, radius: s.cornerRadius, border: s.borderWidth, scaleX: 1, scaleY: 1))
        #expect(flat.rects.count == 2)
        for angle in [0.1, -0.4, 1.2] {
            let plain = turned(raster.surface.raw, angle: angle, tx: 40, ty: 20)
            let copied = turned(raster.surface.raw, angle: angle, tx: 40, ty: 20, flat: flat)
            // Faded over a background, the run's four-at-a-time blend equals the pixel-wise one.
            let fadedPlain = turned(
                raster.surface.raw, angle: angle, tx: 40, ty: 20, alpha: 0.55, background: 0xFF20_3040)
            let fadedCopied = turned(
                raster.surface.raw, angle: angle, tx: 40, ty: 20, flat: flat, alpha: 0.55, background: 0xFF20_3040)
            #expect(zip(fadedPlain.sampler, fadedCopied.sampler).filter { $0 != $1 }.isEmpty, "angle \(angle), faded")
            let differing = zip(plain.sampler, copied.sampler).filter { $0 != $1 }.count
            #expect(differing == 0, "angle \(angle): \(differing) pixels differ")
            #expect(
                copied.sampler.filter { $0 == flat.color }.count > 58 * 38 / 2,
                "angle \(angle): the flat colour fills the inside")
        }
    }

    @Test func noFlatInteriorWhereThePixelsDiffer() throws {
        let image = testRaster()
        let raster = Raster(surface: CairoSurface(owning: image), originX: 0, originY: 0)
        // The gradient changes everywhere: no rectangle of it is one colour.
        #expect(
            FlatInterior.of(
                raster, bounds: CGRect(x: 0, y: 0, width: 61, height: 43), radius: 5, border: 0, scaleX: 1, scaleY: 1)
                == nil)
    }
}
