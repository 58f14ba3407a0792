import CCairo
import Foundation
import ReelCore

/// Cairo's affine matrices as plane maps.
extension Homography {
    /// A Cairo affine matrix as a homography.
    init(_ c: cairo_matrix_t) {
        self.init(m: [[c.xx, c.yx, 0], [c.xy, c.yy, 0], [c.x0, c.y0, 1]])
    }

    /// The affine part as a Cairo matrix (valid when `isAffine`).
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: m[0][0], yx: m[0][1], xy: m[1][0], yy: m[1][1], x0: m[2][0], y0: m[2][1])
    }
}
