import CCairo
import Foundation
import ReelCore

/// Layers in perspective: Core Animation flattens a layer with its sublayers into the layer's
/// plane, then projects that plane. Reel does the same — records the layer painted in its own
/// plane, rasterises it at about the resolution it will have on screen, and warps the raster
/// through the projective map onto the target.
enum Flattening {
    /// `seams`: bounds edges shared with a sibling face, grown half a pixel (see `SharedEdges`).
    static func draw(
        _ layer: PresentationLayer, toParent: Homography, _ cr: CairoContext, painter: LayerPainter,
        seams: QuadEdges = []
    ) {
        let toDevice = toParent.then(Homography(cr.matrix))
        var r = resolution(of: layer.state.bounds, toDevice)
        guard r > 0 else { return }
        if ShadowDrawing.isVisible(layer.state) {
            // Its shadow's blur is made at this resolution: rounded up to a step of 2^(1/4), a
            // turning layer keeps one resolution for many frames and its blurred mask comes from
            // the cache (the raster is at most 19 % finer than needed). Measured with
            // bench-layers: a flipping card with a soft shadow went from 4.4 to 2.9 ms a frame.
            r = min(exp2((log2(r) * 4).rounded(.up) / 4), 8)
        }
        // The raster's grid puts the bounds' edges on pixel boundaries (a whole number of pixels
        // across, slightly different scales in x and y): an opaque layer's raster is then
        // opaque up to its edge, and the edge lands exactly where the projection puts it.
        let bounds = layer.state.bounds
        let rx = bounds.width > 0 ? max((Double(bounds.width) * r).rounded(), 1) / Double(bounds.width) : r
        let ry = bounds.height > 0 ? max((Double(bounds.height) * r).rounded(), 1) / Double(bounds.height) : r
        // The layer in its own plane does not change while only its transform does (a card
        // flipping, a cube turning): its raster is kept and only the warp is redone.
        let flat: Raster?
        if let cache = painter.cache, let key = FlattenedKey(layer, rx: rx, ry: ry) {
            flat = cache.flattened(for: key) { rasterise(layer, rx: rx, ry: ry, painter: painter) }
        } else {
            flat = rasterise(layer, rx: rx, ry: ry, painter: painter)
        }
        guard let flat else { return }
        let image = flat.surface
        let (x0, y0) = (flat.offsetX, flat.offsetY)
        let (width, height) = (image.width, image.height)
        // Raster pixel → layer point → device.
        let toLayer = Homography(m: [[1 / rx, 0, 0], [0, 1 / ry, 0], [x0 / rx, y0 / ry, 1]])
        // A seam is grown only where the raster's edge is the bounds' edge (no ink beyond it).
        let rasterEdges = [y0 / ry, (x0 + Double(width)) / rx, (y0 + Double(height)) / ry, x0 / rx]
        let boundsEdges = [bounds.minY, bounds.maxX, bounds.maxY, bounds.minX].map { Double($0) }
        var grow: QuadEdges = []
        for i in 0..<4
        where seams.contains(.edge(i)) && abs(rasterEdges[i] - boundsEdges[i]) <= 1e-6 * max(1, abs(boundsEdges[i])) {
            grow.insert(.edge(i))
        }
        ProjectiveWarp.draw(image, toDevice: toLayer.then(toDevice), cr, alpha: 1, grow: grow)
    }

    /// The layer painted in its own plane at (rx, ry) pixels per point, cut to its ink on whole
    /// pixels counted from the bounds' corner; nil when nothing is drawn or the ink is huge.
    private static func rasterise(_ layer: PresentationLayer, rx: Double, ry: Double, painter: LayerPainter) -> Raster?
    {
        let bounds = layer.state.bounds
        let recording = CairoSurface.recording { rc in
            rc.setAntialias(CAIRO_ANTIALIAS_GRAY)
            rc.scale(rx, ry)
            painter.paint(layer, rc)
        }
        let (x, y, w, h) = recording.inkExtents
        guard w > 0, h > 0, w * h < 64e6 else { return nil }
        // Whole pixels from the bounds' corner outwards to cover the ink.
        let (gx, gy) = (Double(bounds.minX) * rx, Double(bounds.minY) * ry)
        let x0 = gx - (gx - x).rounded(.up), y0 = gy - (gy - y).rounded(.up)
        let width = max(Int(saturating: (x + w - x0).rounded(.up)), 1),
            height = max(Int(saturating: (y + h - y0).rounded(.up)), 1)
        let image = recording.image(x: x0, y: y0, width: width, height: height)
        return Raster(surface: image, originX: 0, originY: 0, offsetX: x0, offsetY: y0)
    }

    /// Pixels per layer point for the raster: the largest stretch the projection applies to the
    /// bounds' edges (at least the device scale of the layer's plane), capped so a layer seen
    /// edge-on cannot ask for an enormous raster.
    static func resolution(of bounds: CGRect, _ h: Homography) -> Double {
        let b =
            bounds.width > 0 && bounds.height > 0 ? bounds : CGRect(x: bounds.minX, y: bounds.minY, width: 1, height: 1)
        let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)].map {
            h.apply($0.0, $0.1)
        }
        guard corners.allSatisfy({ $0.w > 1e-9 }) else { return 0 }
        var stretch = 0.0
        for i in 0..<4 {
            let a = corners[i], c = corners[(i + 1) % 4]
            let local = i % 2 == 0 ? b.width : b.height
            stretch = max(stretch, hypot(c.x - a.x, c.y - a.y) / local)
        }
        return min(max(stretch, 0.25), 8)
    }
}
