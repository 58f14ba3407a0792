import CCairo
import Foundation
import Testing

@testable import ReelRender

extension Raster {
    /// A raster of the rectangle (x, y, width, height) filled with the colour
    /// (r, g, b, a), made at the identity placement.
    static func filled(_ rect: (Double, Double, Double, Double), _ color: (Double, Double, Double, Double)) throws
        -> Raster
    {
        var tooLarge = false
        return try #require(
            Raster.make(
                linear: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0), fx: 0, fy: 0, tooLarge: &tooLarge
            ) { rc in
                rc.rectangle(rect.0, rect.1, rect.2, rect.3)
                rc.setSource(color.0, color.1, color.2, color.3)
                rc.fill()
            })
    }
}
