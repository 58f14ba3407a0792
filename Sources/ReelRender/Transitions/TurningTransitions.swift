import CCairo
import Foundation
import ReelCore

/// The 3D transitions: `cube` turns a cube so the new appearance, on the neighbouring face,
/// comes to the front (the faces are the layer's size, the cube's centre half a side behind the
/// layer); `oglFlip` turns the layer over like a card, the new appearance on its back. Both are
/// seen in perspective (eye distance twice the side) and warped with the same projective warp as
/// 3D layers.
enum TurningTransitions {
    static func draw(
        _ sides: Sides, type: CATransitionType, subtype: CATransitionSubtype, progress p: Double, _ cr: CairoContext
    ) {
        let b = sides.bounds
        let vertical = subtype == .fromTop || subtype == .fromBottom
        let side = vertical ? b.height : b.width
        // Rotations about y turn the right face to the front for negative angles; about x, the
        // bottom face for positive ones.
        let sign: Double = (subtype == .fromRight || subtype == .fromBottom) ? -1 : 1
        func rotation(_ degrees: Double) -> CATransform3D {
            vertical
                ? CATransform3DMakeRotation(-degrees * Double.pi / 180, 1, 0, 0)
                : CATransform3DMakeRotation(degrees * Double.pi / 180, 0, 1, 0)
        }
        var perspective = CATransform3D.identity
        perspective.m34 = -1 / (2 * side)
        var faces: [(image: CairoSurface, transform: CATransform3D, depth: Double)] = []
        if type == .cube {
            // Face-local (centre at the origin) → onto the cube → turned → cube centre back to
            // half a side behind the layer.
            func face(_ degrees: Double) -> (CATransform3D, Double) {
                let t = CATransform3DMakeTranslation(0, 0, side / 2).concatenating(rotation(degrees))
                    .concatenating(CATransform3DMakeTranslation(0, 0, -side / 2))
                return (t, t.m43)
            }
            let turned = sign * 90 * p
            let (oldT, oldZ) = face(turned)
            let (newT, newZ) = face(turned - sign * 90)
            faces = [(sides.old, oldT, oldZ), (sides.new, newT, newZ)]
        } else {
            let angle = sign * 180 * p
            if abs(angle) <= 90 {
                faces = [(sides.old, rotation(angle), 0)]
            } else {
                // Past half-way the back shows: the new appearance, turned the rest of the way.
                faces = [(sides.new, rotation(angle - sign * 180), 0)]
            }
        }
        let m = cr.matrix
        let toDevice = Homography(m)
        let r = sides.resolution
        // Image pixel → face-local point (centred) …
        let toFace = Homography(m: [[1 / r, 0, 0], [0, 1 / r, 0], [-b.width / 2, -b.height / 2, 1]])
        // … and back from the centred frame to the layer's bounds.
        let fromCenter = CATransform3DMakeTranslation(b.midX, b.midY, 0)
        let warps = faces.sorted(by: { $0.depth < $1.depth }).map { face in
            (
                face.image,
                toFace.then(Homography(face.transform.concatenating(perspective).concatenating(fromCenter))).then(
                    toDevice)
            )
        }
        // The cube's two faces meet along an edge: that edge is grown so no seam shows.
        let seams = SharedEdges.shared(
            warps.map { image, h in
                let (w, hgt) = (Double(image.width), Double(image.height))
                return [(0.0, 0.0), (w, 0), (w, hgt), (0, hgt)].map { h.apply($0.0, $0.1) }.map { (x: $0.x, y: $0.y) }
            })
        for ((image, h), grow) in zip(warps, seams) {
            ProjectiveWarp.draw(image, toDevice: h, cr, alpha: 1, grow: grow)
        }
    }
}
