import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// An opaque raster is read as RGB24 (pixman's copy path) through a view of the pixels it was
/// drawn into, which it keeps alive; one with any transparency stays ARGB32.
@Suite("Opaque rasters")
struct OpaqueRasterTests {
    private func raster(alpha: Double) throws -> Raster {
        try Raster.filled((3, 2, 40, 30), (0.2, 0.4, 0.6, alpha))
    }

    @Test func anOpaqueRasterIsRGB24AndReadsItsPixels() throws {
        let opaque = try raster(alpha: 1)
        #expect(opaque.surface.format == CAIRO_FORMAT_RGB24)
        #expect(try raster(alpha: 0.5).surface.format == CAIRO_FORMAT_ARGB32)
        // Composited after everything but the raster is gone: its pixels are still there.
        let target = CairoSurface(CAIRO_FORMAT_ARGB32, width: 50, height: 40)
        target.withContext { opaque.composite($0, tx: 0, ty: 0, alpha: 1) }
        target.flush()
        let data = try #require(target.data)
        let pixel = UnsafeRawPointer(data + 10 * target.stride + 20 * 4).load(as: UInt32.self)
        // 0.2, 0.4, 0.6 of 255, rounded as Cairo does: 51, 102, 153, opaque (native ARGB).
        #expect(pixel == 0xFF33_6699, "\(String(pixel, radix: 16))")
        let outside = UnsafeRawPointer(data + 1 * target.stride + 1 * 4).load(as: UInt32.self)
        #expect(outside == 0)
    }
}
