import CCairo
import Foundation
import ReelCore

/// The part of a layer's content raster that can show: a rectangle of device pixels relative to
/// the raster's whole-pixel translation (the coordinates of `Raster.originX`/`originY`).
///
/// A content raster normally holds all of the layer's ink, so it can be reused wherever the layer
/// moves. A layer far larger than what shows of it — a Lottie gradient padded by 2000 points on
/// every side and masked to a small shape, a huge backdrop — would then be rasterised whole (up to
/// `Raster.maxPixels`, 64 MB) to show a few pixels of it. Such a raster holds only its window: the
/// current clip's extents, which hold every pixel that can show. A window changes no pixel inside
/// it (the recording is replayed at whole-pixel offsets), so the frame is the same either way.
struct RasterWindow: Hashable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// Windows snap outward to this many pixels, so a layer that moves a little keeps its raster.
    static let grid = 64

    /// The window of `layer`'s content raster at `place` under `cr`'s clip, or nil when the
    /// raster is better whole: its content is not measured cheaply, or lies inside the window
    /// (then the key stays the one it has wherever the layer moves).
    static func visible(
        _ layer: PresentationLayer, _ cr: CairoContext, place: DevicePlacement, context: RenderContext
    ) -> RasterWindow? {
        // Text is not measured: laying it out costs more than its raster could save.
        guard layer.kind != .text, let own = LayerExtent.ownPaint(layer, context), !own.isNull else { return nil }
        var m = place.linear
        m.x0 = place.fx
        m.y0 = place.fy
        let box = LayerExtent.transformed(own, m)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        cr.save()
        cr.identityMatrix()
        let clip = cr.clipExtents
        cr.restore()
        // In raster coordinates, snapped outward (a layer moving with its clip keeps its window).
        func down(_ v: Double) -> Int { Int(saturating: (v / Double(grid)).rounded(.down)) * grid }
        func up(_ v: Double) -> Int { Int(saturating: (v / Double(grid)).rounded(.up)) * grid }
        let tx = Double(place.tx), ty = Double(place.ty)
        let window = RasterWindow(
            x0: down(clip.x0 - tx), y0: down(clip.y0 - ty), x1: up(clip.x1 - tx), y1: up(clip.y1 - ty))
        if Double(window.x0) <= box.minX - 1, Double(window.y0) <= box.minY - 1, Double(window.x1) >= box.maxX + 1,
            Double(window.y1) >= box.maxY + 1
        {
            return nil
        }
        return window
    }
}
