import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// The shadow under a layer's opaque background is not composited: the frame must come out
/// the same as with the whole shadow composited, and the part left out must be real shadow.
@Suite("Shadow cover")
struct ShadowCoverTests {
    private func card(alpha: CGFloat = 1) -> LayerState {
        var s = LayerState()
        s.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        s.cornerRadius = 18
        s.backgroundColor = CGColor(red: 0.06, green: 0.08, blue: 0.1, alpha: alpha)
        s.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        s.shadowOpacity = 0.5
        s.shadowRadius = 10
        return s
    }

    /// A blurred rounded-rectangle mask about the size of the card's shadow (its content only
    /// matters in being non-zero under the card).
    private func shadowMask() -> OpaquePointer {
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, 240, 200)!
        let mc = cairo_create(mask)!
        cairo_set_source_rgba(mc, 0, 0, 0, 0.8)
        cairo_paint(mc)
        cairo_destroy(mc)
        return mask
    }

    /// Draws the shadow (with or without `cover`) and then the card's background over it, under
    /// a CTM that scales and moves the card, as the painter does.
    private func frame(_ s: LayerState, cover useCover: Bool) -> (
        pixels: [UInt32], cover: ShadowCover?, shadowOnly: [UInt32]
    ) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 300, 260)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 0.93, 0.95, 0.97)
        cairo_paint(cr)
        cairo_translate(cr, 40.5, 30.25)
        cairo_scale(cr, 1.5, 1.5)
        let cover = ShadowCover(s, CairoContext(cr), alpha: 1)
        let mask = shadowMask()
        defer { cairo_surface_destroy(mask) }
        // With the default shadowOffset (0, −3): the mask lands at a fractional device y.
        ShadowDrawing.paint(
            CairoSurface(retaining: mask), s, CairoContext(cr), x: 20, y: 10, alpha: 1, cover: useCover ? cover : nil)
        cairo_surface_flush(surface)
        let shadowOnly = pixels(surface)
        Geometry.roundedRect(CairoContext(cr), s.bounds, radius: s.cornerRadius)
        Geometry.setSource(CairoContext(cr), s.backgroundColor!, alpha: 1)
        cairo_fill(cr)
        cairo_surface_flush(surface)
        return (pixels(surface), cover, shadowOnly)
    }

    private func pixels(_ surface: OpaquePointer) -> [UInt32] {
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        return (0..<Int(cairo_image_surface_get_height(surface))).flatMap { y in
            (0..<Int(cairo_image_surface_get_width(surface))).map { data[y * stride + $0] }
        }
    }

    @Test func leavingOutTheCoveredShadowChangesNoPixel() throws {
        let with = frame(card(), cover: true), without = frame(card(), cover: false)
        let cover = try #require(with.cover)
        // The card spans 180 × 135 device pixels with corners of 27: the cover is its taller arm,
        // 126 × 135 less a pixel of antialiasing on each side.
        #expect(cover.x1 - cover.x0 >= 122 && cover.y1 - cover.y0 >= 131)
        let differing = with.pixels.indices.filter { with.pixels[$0] != without.pixels[$0] }
        #expect(
            differing.isEmpty,
            "\(differing.count) pixels differ, first at \(differing.first.map { ($0 % 300, $0 / 300) } as Any), cover \(cover)"
        )
        // And something was left out: under the cover, the shadow alone differed.
        let inside = (cover.y0..<cover.y1).flatMap { y in (cover.x0..<cover.x1).map { y * 300 + $0 } }
        #expect(inside.filter { with.shadowOnly[$0] != without.shadowOnly[$0] }.count == inside.count)
    }

    @Test func noCoverForATranslucentTurnedOrFadedBackground() {
        #expect(frame(card(alpha: 0.99), cover: true).cover == nil)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        #expect(ShadowCover(card(), CairoContext(cr), alpha: 0.9) == nil)
        cairo_rotate(cr, 0.1)
        #expect(ShadowCover(card(), CairoContext(cr), alpha: 1) == nil)
    }
}
