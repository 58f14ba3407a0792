import CCairo
import Testing

@testable import ReelCore
@testable import ReelRender

/// `ProjectiveWarp` composites straight into the target's pixels when the clip is whole-pixel
/// boxes, and through a temporary surface and Cairo's paint otherwise: the two give the same
/// pixels, and the boxes bound what the direct path touches.
@Suite("Projective warp into a target")
struct ProjectiveWarpTests {
    /// A perspective map with some shear, for a 60 × 40 image into a 120 × 100 target.
    private static let map = Homography(m: [[0.9, 0.15, 0.0012], [-0.1, 1.1, 0.0004], [30, 25, 1]])

    /// A 60 × 40 image: colour gradients, its right half half-transparent (premultiplied).
    private static func image() -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 60, 40)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<40 {
            for x in 0..<60 {
                let a = x < 30 ? 255 : 128
                let pixel =
                    UInt32(a) << 24 | UInt32(x * 4 * a / 255) << 16 | UInt32(y * 6 * a / 255) << 8
                    | UInt32((x + y) * a / 255)
                (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = pixel }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// The warp drawn over a striped opaque background, the clip set by `clip` first.
    private func draw(clip: (OpaquePointer) -> Void) -> PixelBuffer {
        let buffer = PixelBuffer(width: 120, height: 100)
        for y in 0..<100 {
            for x in 0..<120 {
                let v: UInt32 = (x / 7 + y / 5) % 2 == 0 ? 0xFF20_6040 : 0xFFD0_C0B0
                (buffer.baseAddress + y * buffer.stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee = v
                }
            }
        }
        let canvas = CairoCanvas(buffer: buffer)
        canvas.surface.markDirty()
        clip(canvas.context.raw)
        let image = Self.image()
        defer { cairo_surface_destroy(image) }
        ProjectiveWarp.draw(CairoSurface(retaining: image), toDevice: Self.map, canvas.context, alpha: 0.9)
        canvas.surface.flush()
        return buffer
    }

    private func pixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
        (b.baseAddress + y * b.stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    @Test func theDirectPathEqualsCairosPaintOfTheWarp() {
        let direct = draw { cr in #expect(PixelTarget(CairoContext(cr)) != nil, "no clip: straight into the pixels") }
        // A circle around everything the warp covers: Cairo cannot list it as rectangles, so
        // the warp goes through a temporary surface and Cairo's paint (full coverage inside).
        let painted = draw { cr in
            cairo_arc(cr, 60, 50, 200, 0, 2 * .pi)
            cairo_clip(cr)
            #expect(PixelTarget(CairoContext(cr)) == nil, "a round clip takes the temporary surface")
        }
        var changed = 0, worst = 0
        for y in 0..<100 {
            for x in 0..<120 {
                let a = pixel(direct, x, y), b = pixel(painted, x, y)
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
                let background: UInt32 = (x / 7 + y / 5) % 2 == 0 ? 0xFF20_6040 : 0xFFD0_C0B0
                if a != background { changed += 1 }
            }
        }
        #expect(changed > 2000, "the warp covers a good part of the target (\(changed) pixels)")
        #expect(worst == 0, "the direct path and Cairo's paint differ by up to \(worst) levels")
    }

    @Test func clipBoxesBoundTheDirectPath() {
        let whole = draw { _ in }
        let boxes = [(20, 15, 60, 50), (70, 50, 110, 95)]
        let clipped = draw { cr in
            for (x0, y0, x1, y1) in boxes {
                cairo_rectangle(cr, Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
            }
            cairo_clip(cr)
        }
        let background = draw { cr in
            cairo_rectangle(cr, 0, 0, 0, 0)
            cairo_clip(cr)
        }
        var inside = 0
        for y in 0..<100 {
            for x in 0..<120 {
                let isInside = boxes.contains { x >= $0.0 && x < $0.2 && y >= $0.1 && y < $0.3 }
                let expected = isInside ? pixel(whole, x, y) : pixel(background, x, y)
                if isInside && expected != pixel(background, x, y) { inside += 1 }
                #expect(
                    pixel(clipped, x, y) == expected, "pixel (\(x), \(y)) \(isInside ? "inside" : "outside") the clip")
            }
        }
        #expect(inside > 500, "the boxes take in part of the warp (\(inside) pixels)")
    }
}
