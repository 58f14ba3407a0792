import Foundation

/// `frame`, Core Animation's derived rectangle: a function of position, bounds.size, anchorPoint
/// and transform (Apple's CALayer.h), and the inverse that setting it solves.
extension LayerState {
    /// The bounding box, in the superlayer's space, of the bounds transformed about the anchor
    /// point and placed at position: without a transform `position − anchorPoint × bounds.size`
    /// with the bounds' size; a 100 × 50 layer scaled 2× about its centre at (200, 300) has
    /// frame (100, 250, 200, 100). Perspective projects the corners (z = −anchorPointZ before the
    /// transform). Always standardized: a negative bounds size gives a positive frame size.
    public var frame: CGRect {
        let box = Self.transformedBox(
            size: bounds.size, anchor: anchorPoint, anchorZ: anchorPointZ, transform: transform)
        return box.offsetBy(dx: position.x, dy: position.y)
    }

    /// Sets bounds.size and position so that `frame` becomes `rect` (standardized): the size
    /// whose transformed box is `rect`'s size is solved for (exact under scales, translations,
    /// right-angle rotations and most others; see `solveSize`), then position puts the box at
    /// `rect`. Apple advises against setting frame under other rotations; Reel keeps it defined.
    public mutating func setFrame(_ rect: CGRect) {
        let target = rect.standardized
        bounds.size =
            transform.isIdentity
            ? target.size : Self.solveSize(for: target.size, current: bounds.size, transform: transform)
        let box = Self.transformedBox(
            size: bounds.size, anchor: anchorPoint, anchorZ: anchorPointZ, transform: transform)
        position = CGPoint(x: target.minX - box.minX, y: target.minY - box.minY)
    }

    /// The box of the rectangle (0, 0, size) moved so the anchor is at the origin, through
    /// `transform`, relative to position.
    static func transformedBox(size: CGSize, anchor: CGPoint, anchorZ: CGFloat, transform t: CATransform3D) -> CGRect {
        let local = CGRect(
            x: -anchor.x * size.width, y: -anchor.y * size.height, width: size.width, height: size.height)
        if t.isIdentity { return local.standardized }
        let corners = [
            (local.minX, local.minY), (local.maxX, local.minY), (local.minX, local.maxY), (local.maxX, local.maxY)
        ].map { x, y in
            let z = -anchorZ
            let px = x * t.m11 + y * t.m21 + z * t.m31 + t.m41
            let py = x * t.m12 + y * t.m22 + z * t.m32 + t.m42
            let w = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
            // A corner behind the eye has no projection: its affine image stands in.
            return w > 0 ? (px / w, py / w) : (px, py)
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The bounds size whose transformed box has `size`: the box of a w × h rectangle under the
    /// linear part (a b; c d) is (|a|w + |c|h) × (|b|w + |d|h); that 2 × 2 system is solved when
    /// it has a non-negative solution. When it has none or many (45°), the size keeps `current`'s
    /// aspect ratio and is as large as fits in `size`.
    static func solveSize(for size: CGSize, current: CGSize, transform t: CATransform3D) -> CGSize {
        let (a, b, c, d) = (abs(t.m11), abs(t.m12), abs(t.m21), abs(t.m22))
        let det = a * d - c * b
        if abs(det) > 1e-9 * max(a * d, c * b, 1e-300) {
            let w = (size.width * d - c * size.height) / det, h = (a * size.height - b * size.width) / det
            let tolerance = 1e-9 * max(size.width, size.height, 1)
            if w >= -tolerance, h >= -tolerance { return CGSize(width: max(w, 0), height: max(h, 0)) }
        }
        let shape =
            current.width != 0 && current.height != 0
            ? CGSize(width: abs(current.width), height: abs(current.height)) : CGSize(width: 1, height: 1)
        let boxWidth = a * shape.width + c * shape.height, boxHeight = b * shape.width + d * shape.height
        let fit = min(
            boxWidth > 0 ? size.width / boxWidth : .infinity, boxHeight > 0 ? size.height / boxHeight : .infinity)
        guard fit.isFinite else { return size }
        return CGSize(width: shape.width * fit, height: shape.height * fit)
    }
}
