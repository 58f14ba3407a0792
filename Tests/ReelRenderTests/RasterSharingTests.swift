import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// Cached rasters are shared by the threads rendering a timeline: using one (compositing it,
/// casting a shadow from it) must not change what another thread sees of it at the same moment.
@Suite("Rasters shared by threads")
struct RasterSharingTests {
    /// A raster whose ink starts away from its placement's origin (as a centred title's does).
    private func offsetRaster() throws -> Raster {
        try Raster.filled((60, 40, 360, 240), (0.9, 0.3, 0.2, 0.8))
    }

    /// The raster composited at the origin of a fresh 480 × 320 surface: its pixels.
    private func composited(_ raster: Raster) -> [UInt8] {
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 480, 320)!
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)!
        raster.composite(CairoContext(cr), tx: 0, ty: 0, alpha: 1)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let bytes = Int(cairo_image_surface_get_stride(target)) * 320
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(target), count: bytes))
    }

    @Test("a shadow cast from a raster while another thread composites it leaves that composite in place")
    func shadowFromASharedRaster() throws {
        let raster = try offsetRaster()
        #expect(raster.originX == 60 && raster.originY == 40)
        let expected = composited(raster)
        let state = {
            var s = LayerState()
            (s.shadowColor, s.shadowOpacity, s.shadowRadius) = (CGColor(red: 0, green: 0, blue: 0), 1, 2)
            return s
        }()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let place = DevicePlacement(CairoContext(cr))
        // The mask lies where the raster's ink does, widened by the blur's margin.
        let mask = try #require(ShadowRaster.make(shape: nil, content: raster, state: state, place: place))
        let margin = ShadowDrawing.blur(state, linear: place.linear).margin
        #expect(mask.originX == raster.originX - margin && mask.originY == raster.originY - margin)

        // One thread casts shadows from the raster (as frames whose glow animates do), the other
        // composites it meanwhile (as frames whose glow is cached do). Before, casting the shadow
        // set a device offset on the shared surface for a moment, and a composite in that moment
        // landed 60 × 40 px off.
        let casting = ManagedFlag()
        let outcome = CompositeTally()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for _ in 0..<200 { _ = ShadowRaster.make(shape: nil, content: raster, state: state, place: place) }
            casting.set()
        }
        repeat { outcome.add(same: composited(raster) == expected) } while !casting.isSet
        group.wait()
        #expect(outcome.total > 0)
        #expect(outcome.differing == 0, "\(outcome.differing) of \(outcome.total) composites differ")
    }

    @Test("a surface drawn from keeps its raster alive as long as Cairo holds it, and no longer")
    func sourceKeepsItsRasterAlive() throws {
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 480, 320)!
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)!
        defer { cairo_destroy(cr) }
        weak var released: Raster?
        do {
            let raster = try offsetRaster()
            released = raster
            // The context's source pattern outlives the call, as when a caller sets a source and
            // paints it later (and the cache may drop the raster in between).
            raster.withSource { cairo_set_source_surface(cr, $0.raw, 60, 40) }
        }
        #expect(released != nil)
        cairo_paint(cr)
        cairo_surface_flush(target)
        let data = try #require(cairo_image_surface_get_data(target))
        let pixel = UnsafeRawPointer(data + 100 * Int(cairo_image_surface_get_stride(target)) + 200 * 4).load(
            as: UInt32.self)
        #expect(pixel >> 24 == 204, "alpha 0.8 inside the drawn rectangle, found \(String(pixel, radix: 16))")
        cairo_set_source_rgb(cr, 0, 0, 0)
        #expect(released == nil)
    }
}

/// Set once by one thread, read by another.
private final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Composites that came out as expected, and those that did not.
private final class CompositeTally: @unchecked Sendable {
    private let lock = NSLock()
    private var same = 0, different = 0
    func add(same isSame: Bool) { lock.withLock { if isSame { same += 1 } else { different += 1 } } }
    var total: Int { lock.withLock { same + different } }
    var differing: Int { lock.withLock { different } }
}
