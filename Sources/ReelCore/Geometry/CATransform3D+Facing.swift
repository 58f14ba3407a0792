import Foundation

/// Which side of a layer the viewer sees.
extension CATransform3D {
    /// Whether a layer whose `bounds` this transform places shows its back: its plane's front
    /// normal points away from the viewer (a turn past 90° about x or y). A mirror (a negative
    /// scale) is not a turn: the front still faces the viewer, drawn mirrored. This is the rule
    /// CSS Transforms writes for `backface-visibility` (the inverse's m33 below zero), specified
    /// from WebKit's Core Animation implementation, where it is `CALayer.isDoubleSided`; and a
    /// flip of the coordinate system (AppKit's `geometryFlipped`) does not hide single-sided
    /// layers. On screen it is the winding of the projected bounds, reversed once more when the
    /// transform mirrors (negative determinant); a flattened transform (determinant 0) keeps
    /// the winding.
    public func showsBack(of bounds: CGRect) -> Bool {
        let reversed = Homography(self).orientedArea(of: bounds) < 0
        let det = determinant
        return det == 0 ? reversed : reversed != (det < 0)
    }
}
