import CCairo
import Foundation

/// The pixels Cairo is drawing into, for compositing loops of our own: an ARGB32 image target
/// (the frame or a group), where user space lands in it, and the clip as whole-pixel boxes.
/// nil when the case is not that simple (another surface type, a clip that is not whole-pixel
/// rectangles): the caller lets Cairo draw.
struct PixelTarget {
    let data: UnsafeMutablePointer<UInt8>
    /// Bytes per row.
    let stride: Int
    /// The target's device offset: device coordinates + offset = target pixels.
    let offsetX: Double, offsetY: Double
    /// Where drawing may go, in target pixels: [x0, y0, x1, y1) boxes, and the box around them.
    let clips: [(Int, Int, Int, Int)]
    let clipBox: (Int, Int, Int, Int)
    private let surface: CairoSurface

    init?(_ cr: CairoContext) {
        let target = cr.groupTarget
        guard target.type == CAIRO_SURFACE_TYPE_IMAGE, target.format == CAIRO_FORMAT_ARGB32, let pixels = target.data
        else { return nil }
        let (ox, oy) = target.deviceOffset
        let width = target.width, height = target.height
        // Cairo lists no rectangles for "no clip": clip to the surface first (undone below).
        cr.save()
        cr.identityMatrix()
        cr.rectangle(-ox, -oy, Double(width), Double(height))
        cr.clip()
        let rectangles = cr.clipRectangles
        cr.restore()
        guard let rectangles else { return nil }
        var boxes: [(Int, Int, Int, Int)] = []
        for r in rectangles {
            // Device space (the identity matrix was current): pixels are offset from it.
            let xa = r.x + ox, xb = r.x + r.width + ox
            let ya = r.y + oy, yb = r.y + r.height + oy
            let x0 = max(Int(min(xa, xb).rounded()), 0), x1 = min(Int(max(xa, xb).rounded()), width)
            let y0 = max(Int(min(ya, yb).rounded()), 0), y1 = min(Int(max(ya, yb).rounded()), height)
            if x1 > x0, y1 > y0 { boxes.append((x0, y0, x1, y1)) }
        }
        target.flush()
        data = pixels
        stride = target.stride
        (offsetX, offsetY) = (ox, oy)
        clips = boxes
        clipBox = boxes.reduce((Int.max, Int.max, Int.min, Int.min)) {
            (
                $0.0 < $1.0 ? $0.0 : $1.0, $0.1 < $1.1 ? $0.1 : $1.1,
                $0.2 > $1.2 ? $0.2 : $1.2, $0.3 > $1.3 ? $0.3 : $1.3
            )
        }
        surface = target
    }

    /// Tells Cairo its pixels changed (after the last write).
    func finish() { surface.markDirty() }
}
