import CCairo
import Foundation
import ReelCore

/// Rectangles of a raster whose pixels are all one colour — a plain layer's background away
/// from its rounded corners and border. `TurnSampler` writes that colour along the part of
/// each row whose samples fall inside, instead of filtering four equal texels per pixel.
struct FlatInterior: Sendable {
    /// Half-open texel rectangles: x0 ≤ x < x1, y0 ≤ y < y1.
    struct Rect: Sendable, Equatable { var x0, y0, x1, y1: Int }
    let rects: [Rect]
    /// The colour of every pixel in `rects`, as the raster stores it.
    let color: UInt32

    /// The flat cross of a layer drawn with only a background and a border (`bounds`, corner
    /// `radius`, border `width`) upright at `scaleX` × `scaleY` into `raster`: the bounds inset by
    /// the border one way and by the corner radius the other, less a pixel of antialiasing.
    /// Checked pixel by pixel (nil when a pixel differs), so it holds whatever drew the raster.
    static func of(_ raster: Raster, bounds: CGRect, radius: Double, border: Double, scaleX: Double, scaleY: Double)
        -> FlatInterior?
    {
        let r = bounds.standardized
        let radius = min(max(radius, 0), min(r.width, r.height) / 2),
            border = min(max(border, 0), min(r.width, r.height) / 2)
        let (near, far) = (border, max(border, radius))
        // Layer points → raster texels, rounded inwards and less one texel for antialiasing.
        func texels(_ inset: (dx: Double, dy: Double)) -> Rect {
            let (x0, x1) = (
                (r.minX + inset.dx) * scaleX - Double(raster.originX),
                (r.maxX - inset.dx) * scaleX - Double(raster.originX)
            )
            let (y0, y1) = (
                (r.minY + inset.dy) * scaleY - Double(raster.originY),
                (r.maxY - inset.dy) * scaleY - Double(raster.originY)
            )
            return Rect(
                x0: Int(x0.rounded(.up)) + 1, y0: Int(y0.rounded(.up)) + 1, x1: Int(x1.rounded(.down)) - 1,
                y1: Int(y1.rounded(.down)) - 1)
        }
        let width = raster.surface.width, height = raster.surface.height
        let rects = [texels((near, far)), texels((far, near))].filter {
            // Too small to be worth a run (and at least the 2 × 2 texels one sample reads).
            $0.x0 >= 0 && $0.y0 >= 0 && $0.x1 <= width && $0.y1 <= height && $0.x1 - $0.x0 >= 8 && $0.y1 - $0.y0 >= 2
        }
        guard let first = rects.first else { return nil }
        raster.surface.flush()
        let stride = raster.surface.stride / 4
        let pixels = UnsafeRawPointer(raster.surface.data!).assumingMemoryBound(to: UInt32.self)
        let color = pixels[first.y0 * stride + first.x0]
        for rect in rects {
            for y in rect.y0..<rect.y1 {
                let row = pixels + y * stride
                for x in rect.x0..<rect.x1 where row[x] != color { return nil }
            }
        }
        return FlatInterior(rects: rects, color: color)
    }
}
