import Foundation

/// A 2D projective map for row vectors: [x y 1] × H = [X Y W] → (X/W, Y/W). A layer drawn in 3D
/// is flattened into its plane, so its map to the parent's plane is the 4×4 transform with z
/// dropped (rows and columns 1, 2, 4).
public struct Homography: Sendable {
    public var m: [[Double]]

    public static let identity = Homography(m: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    public init(m: [[Double]]) { self.m = m }

    /// The plane-to-plane part of a layer transform: z in is 0, z out is discarded.
    public init(_ t: CATransform3D) {
        m = [[t.m11, t.m12, t.m14], [t.m21, t.m22, t.m24], [t.m41, t.m42, t.m44]].map { $0.map { Double($0) } }
    }

    /// True when the map is affine (no perspective), so Cairo can draw it directly.
    public var isAffine: Bool { abs(m[0][2]) < 1e-12 && abs(m[1][2]) < 1e-12 && abs(m[2][2] - 1) < 1e-12 }

    /// `self` then `other`.
    public func then(_ other: Homography) -> Homography {
        var r = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { r[i][j] = (0..<3).reduce(0) { $0 + m[i][$1] * other.m[$1][j] } } }
        return Homography(m: r)
    }

    /// The image of a point, and its w (≤ 0: behind the eye).
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let X = x * m[0][0] + y * m[1][0] + m[2][0]
        let Y = x * m[0][1] + y * m[1][1] + m[2][1]
        let W = x * m[0][2] + y * m[1][2] + m[2][2]
        return (X / W, Y / W, W)
    }

    public var inverse: Homography? {
        let a = m
        let det =
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        guard abs(det) > 1e-15, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(m: [
            [
                (a[1][1] * a[2][2] - a[1][2] * a[2][1]) * k, (a[0][2] * a[2][1] - a[0][1] * a[2][2]) * k,
                (a[0][1] * a[1][2] - a[0][2] * a[1][1]) * k
            ],
            [
                (a[1][2] * a[2][0] - a[1][0] * a[2][2]) * k, (a[0][0] * a[2][2] - a[0][2] * a[2][0]) * k,
                (a[0][2] * a[1][0] - a[0][0] * a[1][2]) * k
            ],
            [
                (a[1][0] * a[2][1] - a[1][1] * a[2][0]) * k, (a[0][1] * a[2][0] - a[0][0] * a[2][1]) * k,
                (a[0][0] * a[1][1] - a[0][1] * a[1][0]) * k
            ]
        ])
    }

    /// Signed area of the image of a rectangle (negative: its winding is reversed).
    public func orientedArea(of r: CGRect) -> Double {
        let pts = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map { apply($0.0, $0.1) }
        var area = 0.0
        for i in 0..<4 {
            let (a, b) = (pts[i], pts[(i + 1) % 4])
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }
}
