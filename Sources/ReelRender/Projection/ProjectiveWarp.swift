import CCairo
import Foundation
import ReelCore

/// Draws an image through a projective map: bilinear sampling (`ProjectiveSampler`) inside an
/// antialiased mask of the image's exact outline, so its edges cover pixels as the projection
/// says. Edges in `grow` (shared with an adjacent face of a cube) are pushed out by half a
/// pixel, so the faces meet without a seam.
enum ProjectiveWarp {
    /// Draws `image` (premultiplied ARGB32) with `toDevice` mapping its pixel coordinates to
    /// device pixels, into the current target of `cr` (respecting its clip), at `alpha`.
    static func draw(
        _ image: CairoSurface, toDevice h: Homography, _ cr: CairoContext, alpha: Double, grow: QuadEdges = []
    ) {
        let w = Double(image.width), hgt = Double(image.height)
        let corners = [(0.0, 0.0), (w, 0), (w, hgt), (0, hgt)].map { h.apply($0.0, $0.1) }
        // A corner behind the eye: the layer crosses the camera plane; it is not drawn.
        guard corners.allSatisfy({ $0.w > 1e-9 }), let inverse = h.inverse else { return }
        let (x0, y0, x1, y1) = cr.clipExtents
        let m = cr.matrix
        // Clip extents are in user space; the warp works in device pixels.
        let clip = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map {
            (m.xx * $0.0 + m.xy * $0.1 + m.x0, m.yx * $0.0 + m.yy * $0.1 + m.y0)
        }
        let left = max(corners.map(\.x).min()!.rounded(.down) - 1, clip.map(\.0).min()!.rounded(.down))
        let top = max(corners.map(\.y).min()!.rounded(.down) - 1, clip.map(\.1).min()!.rounded(.down))
        let right = min(corners.map(\.x).max()!.rounded(.up) + 1, clip.map(\.0).max()!.rounded(.up))
        let bottom = min(corners.map(\.y).max()!.rounded(.up) + 1, clip.map(\.1).max()!.rounded(.up))
        guard right > left, bottom > top, right - left < 16384, bottom - top < 16384 else { return }
        let (bx, by, bw, bh) = (
            Int(saturating: left), Int(saturating: top), Int(saturating: right - left), Int(saturating: bottom - top)
        )

        // The mask: the image outline in device pixels (shared edges grown), antialiased.
        let mask = CairoSurface(CAIRO_FORMAT_A8, width: bw, height: bh)
        mask.withContext { mc in
            for (i, c) in outline(corners.map { ($0.x, $0.y) }, grow: grow).enumerated() {
                let (px, py) = (c.0 - Double(bx), c.1 - Double(by))
                if i == 0 { mc.moveTo(px, py) } else { mc.lineTo(px, py) }
            }
            mc.closePath()
            mc.setSource(0, 0, 0, min(max(alpha, 0), 1))
            mc.fill()
        }
        mask.flush()

        // `image` was flushed when it was made, and may be shared: it is only read here.
        // Box pixels → device (shifted to the box's origin) → image pixels.
        let shifted = Homography(m: [[1, 0, 0], [0, 1, 0], [Double(bx), Double(by), 1]]).then(inverse)
        func warp(
            into out: UnsafeMutablePointer<UInt32>, stride: Int, rows: Range<Int>? = nil, columns: Range<Int>? = nil,
            over: Bool
        ) {
            ProjectiveSampler.warp(
                image: image.words!, imageStride: image.stride / 4,
                imageWidth: Int(w), imageHeight: Int(hgt),
                mask: mask.data!, maskStride: mask.stride,
                out: out, outStride: stride, width: bw, height: bh, map: shifted, rows: rows, columns: columns,
                over: over)
        }

        // Composited straight into the target's pixels where they are simple (a title's flipping
        // card: the temporary surface's clearing and Cairo's paint of it were a third of the
        // warp's cost), through a temporary surface and Cairo's paint otherwise.
        if cr.operator == CAIRO_OPERATOR_OVER, let target = PixelTarget(cr) {
            // Device pixels + the group's offset = target pixels.
            let (tx, ty) = (bx + Int(target.offsetX.rounded()), by + Int(target.offsetY.rounded()))
            let pixels = UnsafeMutableRawPointer(target.data).assumingMemoryBound(to: UInt32.self)
            let stride = target.stride / 4
            for (cx0, cy0, cx1, cy1) in target.clips {
                // The box's pixel (x, y) is the target's (tx + x, ty + y).
                warp(
                    into: pixels + ty * stride + tx, stride: stride, rows: (cy0 - ty)..<max(cy0 - ty, cy1 - ty),
                    columns: (cx0 - tx)..<max(cx0 - tx, cx1 - tx), over: true)
            }
            target.finish()
            return
        }
        let out = CairoSurface(CAIRO_FORMAT_ARGB32, width: bw, height: bh)
        out.flush()
        warp(into: out.words!, stride: out.stride / 4, over: false)
        out.markDirty()

        cr.save()
        cr.identityMatrix()
        cr.setSource(out, Double(bx), Double(by))
        cr.paint()
        cr.restore()
    }

    /// The quad `corners` (top-left, top-right, bottom-right, bottom-left of the image) with each
    /// edge in `grow` moved half a pixel outwards along its normal: a corner between two grown
    /// edges moves by both.
    static func outline(_ corners: [(Double, Double)], grow: QuadEdges) -> [(Double, Double)] {
        guard !grow.isEmpty else { return corners }
        // Outward is away from the quad's centre (the winding may be either way when mirrored).
        let cx = corners.map(\.0).reduce(0, +) / 4, cy = corners.map(\.1).reduce(0, +) / 4
        var moved = corners
        for e in 0..<4 where grow.contains(.edge(e)) {
            let (a, b) = (corners[e], corners[(e + 1) % 4])
            let (dx, dy) = (b.0 - a.0, b.1 - a.1)
            let length = hypot(dx, dy)
            guard length > 1e-9 else { continue }
            var (nx, ny) = (dy / length, -dx / length)
            if nx * ((a.0 + b.0) / 2 - cx) + ny * ((a.1 + b.1) / 2 - cy) < 0 { (nx, ny) = (-nx, -ny) }
            for i in [e, (e + 1) % 4] { moved[i] = (moved[i].0 + nx / 2, moved[i].1 + ny / 2) }
        }
        return moved
    }
}
