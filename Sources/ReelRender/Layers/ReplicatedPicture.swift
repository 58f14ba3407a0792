import CCairo
import CReelCairo
import Foundation
import ReelCore

/// A replicator whose copies are one picture moved by whole device pixels: the sublayers are
/// drawn once, and every instance paints that picture, moved, tinted and at its alpha.
///
/// Core Animation draws every instance from the same sublayer tree, only transformed; when the
/// transform moves device pixels onto device pixels (a whole-pixel shift, a mirror about a pixel
/// edge — a reflection — or a quarter turn) and does nothing in depth, each copy is exactly
/// the first copy's pixels moved, so nothing needs drawing twice. Measured (callgrind, carousel
/// bench scene): the mirrored reflection re-projected every 3D card, half of the frame's drawing.
enum ReplicatedPicture {
    /// Draws the replicator's instances from one picture, and returns true; false (nothing
    /// drawn) when they are not one picture moved by whole pixels (delayed instances, a
    /// transform in depth or off the pixel grid, a target that is not an image).
    static func draw(
        _ layer: PresentationLayer, _ cr: CairoContext, alpha: Double, budget: DrawBudget, context: RenderContext,
        children drawChildren: ([PresentationLayer], CATransform3D?, CairoContext) -> Void
    ) -> Bool {
        let s = layer.state
        guard s.instanceCount >= 2, layer.delayedInstances.isEmpty, isPlanar(s.instanceTransform),
            cr.operator == CAIRO_OPERATOR_OVER, cr.groupTarget.type == CAIRO_SURFACE_TYPE_IMAGE,
            let moves = deviceMoves(s, cr.matrix),
            let region = pictureRegion(layer, cr, moves: moves, context: context)
        else { return false }
        let width = Int(region.x1 - region.x0), height = Int(region.y1 - region.y0)

        // Instance 0's sublayers, drawn once in the device space of `cr`, over the whole region.
        let picture = CairoSurface(owning: reel_pooled_image(Int32(width), Int32(height))!)
        picture.flush()
        memset(picture.data!, 0, picture.stride * height)
        picture.markDirty()
        cairo_surface_set_device_offset(picture.raw, -region.x0, -region.y0)
        picture.withContext { pc in
            pc.setAntialias(cairo_get_antialias(cr.raw))
            pc.setMatrix(cr.matrix)
            drawChildren(layer.sublayers, nil, pc)
        }
        picture.flush()

        cr.save()
        defer { cr.restore() }
        cr.identityMatrix()
        for i in 0..<s.instanceCount where budget.take() {
            let tint = ReplicatorDrawing.tint(s, instance: i)
            guard tint.alpha > 0 else { continue }
            let opaqueWhite = tint.red == 1 && tint.green == 1 && tint.blue == 1
            let source = opaqueWhite ? picture : tinted(picture, by: tint, region: (region.x0, region.y0))
            let paintAlpha = (opaqueWhite ? tint.alpha : 1) * alpha
            if i > 0, let (copy, x, y) = moved(source, by: moves[i - 1], region: (region.x0, region.y0)) {
                // A copy whose pixels are where they land: Cairo composites it on its fast path
                // (through the flipping pattern matrix, pixman's general path cost ~30
                // instructions a pixel: the carousel's reflection, callgrind).
                cr.setSource(copy, x, y)
                if paintAlpha >= 1 { cr.paint() } else { cr.paint(alpha: paintAlpha) }
                continue
            }
            let pattern = CairoPattern(surface: source)
            if i > 0 {
                // User space is device space here: device pixels of instance i → of the picture.
                var back = moves[i - 1]
                cairo_matrix_invert(&back)
                pattern.setMatrix(back)
            }
            // Whole-pixel moves: no filtering is needed (and none blurs the copy).
            pattern.setFilter(CAIRO_FILTER_NEAREST)
            cr.setSource(pattern)
            if paintAlpha >= 1 { cr.paint() } else { cr.paint(alpha: paintAlpha) }
        }
        return true
    }

    /// The device pixels the picture holds: every pixel any instance shows in the clip (the clip
    /// mapped back through each move), cut to where the sublayers paint. Nil when that is empty,
    /// or far larger than the clip (drawing each instance is cheaper).
    ///
    /// Without the cut, one-pixel grid lines on an unclipped card made a picture the size of the
    /// frame, cleared, copied and composited once per instance: 80% of a static dashboard frame
    /// (callgrind).
    static func pictureRegion(
        _ layer: PresentationLayer, _ cr: CairoContext, moves: [cairo_matrix_t], context: RenderContext
    ) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let (cx0, cy0, cx1, cy1) = deviceClip(cr)
        var region = (x0: cx0, y0: cy0, x1: cx1, y1: cy1)
        for move in moves {
            var back = move
            guard cairo_matrix_invert(&back) == CAIRO_STATUS_SUCCESS else { return nil }
            let corners = [(cx0, cy0), (cx1, cy0), (cx0, cy1), (cx1, cy1)].map { p -> (Double, Double) in
                var (x, y) = p
                cairo_matrix_transform_point(&back, &x, &y)
                return (x, y)
            }
            region.x0 = min(region.x0, corners.map(\.0).min()!)
            region.y0 = min(region.y0, corners.map(\.1).min()!)
            region.x1 = max(region.x1, corners.map(\.0).max()!)
            region.y1 = max(region.y1, corners.map(\.1).max()!)
        }
        // Outside the sublayers' paint the picture is clear, and a clear pixel painted OVER
        // changes nothing: whole pixels around it, one more each side for antialiasing.
        if let paint = LayerExtent.sublayers(of: layer, context) {
            let device = LayerExtent.transformed(paint.isNull ? .zero : paint, cr.matrix)
            region.x0 = max(region.x0, (device.minX - 1).rounded(.down))
            region.y0 = max(region.y0, (device.minY - 1).rounded(.down))
            region.x1 = min(region.x1, (device.maxX + 1).rounded(.up))
            region.y1 = min(region.y1, (device.maxY + 1).rounded(.up))
        }
        let width = region.x1 - region.x0, height = region.y1 - region.y0
        let clipArea = (cx1 - cx0) * (cy1 - cy0)
        guard width > 0, height > 0, width * height <= 2 * clipArea + 65536, width * height < 64_000_000
        else { return nil }
        return region
    }

    /// The instance transform acts in the layer's plane only (no depth, no perspective): copies
    /// keep their depth order and facing, and differ by a map of the plane.
    private static func isPlanar(_ t: CATransform3D) -> Bool {
        t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1
            && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
    }

    /// For instances 1…n−1, the map of device space that takes instance 0's pixels to theirs
    /// (the instance transform about the centre, seen through the CTM `ctm`): nil unless each
    /// is whole pixels (a signed permutation of the axes and a whole-pixel shift).
    static func deviceMoves(_ s: LayerState, _ ctm: cairo_matrix_t) -> [cairo_matrix_t]? {
        var toUser = ctm
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS else { return nil }
        let center = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        var transform = s.instanceTransform
        var moves: [cairo_matrix_t] = []
        for _ in 1..<s.instanceCount {
            let t = Geometry.about(center, transform)
            var inPlane = cairo_matrix_t(
                xx: Double(t.m11), yx: Double(t.m12), xy: Double(t.m21), yy: Double(t.m22), x0: Double(t.m41),
                y0: Double(t.m42))
            var ctm = ctm, step = cairo_matrix_t(), move = cairo_matrix_t()
            cairo_matrix_multiply(&step, &toUser, &inPlane)
            cairo_matrix_multiply(&move, &step, &ctm)
            guard let exact = wholePixels(move) else { return nil }
            moves.append(exact)
            transform = s.instanceTransform.concatenating(transform)
        }
        return moves
    }

    /// `m` rounded to whole pixels when it is within rounding error of them, else nil.
    static func wholePixels(_ m: cairo_matrix_t) -> cairo_matrix_t? {
        func unit(_ v: Double) -> Double? {
            let r = v.rounded()
            return abs(v - r) < 1e-9 && abs(r) <= 1 ? r : nil
        }
        guard let xx = unit(m.xx), let yx = unit(m.yx), let xy = unit(m.xy), let yy = unit(m.yy),
            abs(xx) + abs(xy) == 1, abs(yx) + abs(yy) == 1, abs(xx) + abs(yx) == 1,
            abs(m.x0 - m.x0.rounded()) < 1e-6, abs(m.y0 - m.y0.rounded()) < 1e-6
        else { return nil }
        return cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: m.x0.rounded(), y0: m.y0.rounded())
    }

    /// The clip's extents in device space, cut to the target surface, out to whole pixels.
    private static func deviceClip(_ cr: CairoContext) -> (Double, Double, Double, Double) {
        cr.save()
        cr.identityMatrix()
        let target = cr.groupTarget
        let (ox, oy) = target.deviceOffset
        cr.rectangle(-ox, -oy, Double(target.width), Double(target.height))
        cr.clip()
        let (x0, y0, x1, y1) = cr.clipExtents
        cr.restore()
        return (x0.rounded(.down), y0.rounded(.down), x1.rounded(.up), y1.rounded(.up))
    }

    /// The picture's pixels moved by `move` when it keeps the axes (shifts and mirrors), with
    /// the device position of the copy's top-left pixel; nil for quarter turns.
    private static func moved(_ picture: CairoSurface, by move: cairo_matrix_t, region: (Double, Double))
        -> (CairoSurface, Double, Double)?
    {
        guard move.xy == 0, move.yx == 0 else { return nil }
        let width = picture.width, height = picture.height
        // A pixel's centre (p + 0.5) lands on x0 ± (p + 0.5): a mirrored row p ends at x0 − p − 1.
        let x = move.xx > 0 ? region.0 + move.x0 : move.x0 - region.0 - Double(width)
        let y = move.yy > 0 ? region.1 + move.y0 : move.y0 - region.1 - Double(height)
        let copy = CairoSurface(owning: reel_pooled_image(Int32(width), Int32(height))!)
        copy.flush()
        let stride = picture.stride / 4, copyStride = copy.stride / 4
        let from = picture.words!, to = copy.words!
        for row in 0..<height {
            let source = from + (move.yy > 0 ? row : height - 1 - row) * stride, target = to + row * copyStride
            if move.xx > 0 {
                target.update(from: source, count: width)
            } else {
                for column in 0..<width { target[column] = source[width - 1 - column] }
            }
        }
        copy.markDirty()
        return (copy, x, y)
    }

    /// A tinted copy of the picture (instanceColor multiplies every pixel).
    private static func tinted(_ picture: CairoSurface, by tint: CGColor, region: (Double, Double)) -> CairoSurface {
        let copy = CairoSurface(CAIRO_FORMAT_ARGB32, width: picture.width, height: picture.height)
        copy.flush()
        memcpy(copy.data!, picture.data!, picture.stride * picture.height)
        copy.markDirty()
        SurfaceTint.multiply(copy, by: tint)
        cairo_surface_set_device_offset(copy.raw, -region.0, -region.1)
        return copy
    }
}
