import Foundation
import ReelCore

/// Edges of a layer's bounds, in the order of its corners (minX minY, maxX minY, maxX maxY,
/// minX maxY): top, right, bottom, left.
struct QuadEdges: OptionSet, Sendable {
    let rawValue: UInt8
    static let top = QuadEdges(rawValue: 1), right = QuadEdges(rawValue: 2), bottom = QuadEdges(rawValue: 4),
        left = QuadEdges(rawValue: 8)

    /// Edge `i` (0 top … 3 left).
    static func edge(_ i: Int) -> QuadEdges { QuadEdges(rawValue: 1 << UInt8(i)) }
}

/// Sibling layers in perspective that meet along an edge — the faces of a cube. Each face's
/// edge is drawn exactly where the projection puts it, so two faces sharing one would each
/// cover half of its pixels and let the background through (a seam): only those edges are
/// grown by half a pixel (`ProjectiveWarp`).
enum SharedEdges {
    /// For each of `layers` (siblings under `parentSublayer`), its bounds edges that another
    /// projected sibling's edge coincides with; empty sets when fewer than two are projected.
    static func find(_ layers: [PresentationLayer], parentSublayer: CATransform3D?) -> [QuadEdges] {
        // Most siblings are flat: nothing to find (and no matrices to make every frame).
        let flatParent = parentSublayer?.isAffine ?? true
        guard layers.count(where: { !flatParent || !$0.state.transform.isAffine }) >= 2 else {
            return [QuadEdges](repeating: [], count: layers.count)
        }
        let quads: [[(x: Double, y: Double)]?] = layers.map { layer in
            let h = Homography(layer.state.transformToSuperlayer(parentSublayer: parentSublayer))
            guard !h.isAffine else { return nil }
            let b = layer.state.bounds
            let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)].map {
                h.apply($0.0, $0.1)
            }
            guard corners.allSatisfy({ $0.w > 1e-9 }) else { return nil }
            return corners.map { ($0.x, $0.y) }
        }
        // A cube has six faces; more projected siblings than this are not a solid (and the
        // pairwise search grows with their square).
        guard layers.count <= 64 else { return [QuadEdges](repeating: [], count: layers.count) }
        return shared(quads)
    }

    /// For each quad (corners in edge order; nil for none), the edges another quad also has,
    /// in either direction, within a thousandth of a unit.
    static func shared(_ quads: [[(x: Double, y: Double)]?]) -> [QuadEdges] {
        var result = [QuadEdges](repeating: [], count: quads.count)
        guard quads.compactMap({ $0 }).count >= 2 else { return result }
        func near(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
            abs(a.x - b.x) <= 1e-3 && abs(a.y - b.y) <= 1e-3
        }
        for i in quads.indices {
            guard let a = quads[i] else { continue }
            for j in quads.indices where j > i {
                guard let b = quads[j] else { continue }
                for e in 0..<4 {
                    let (p, q) = (a[e], a[(e + 1) % 4])
                    for f in 0..<4 {
                        let (r, s) = (b[f], b[(f + 1) % 4])
                        if (near(p, r) && near(q, s)) || (near(p, s) && near(q, r)) {
                            result[i].insert(.edge(e))
                            result[j].insert(.edge(f))
                        }
                    }
                }
            }
        }
        return result
    }
}
