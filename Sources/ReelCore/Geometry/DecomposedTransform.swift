import Foundation

/// A `CATransform3D` taken apart into the components Core Animation interpolates:
/// perspective, translation, rotation (a unit quaternion), skew and scale.
///
/// Row-vector convention, as CATransform3D: `M = N × Q` where `Q` carries the perspective column
/// and `N = diag(scale) × Skew × R` followed by the translation; `Skew` is unit lower-triangular
/// `[[1,0,0],[xy,1,0],[xz,yz,1]]`. This is the CSS Transforms "unmatrix" decomposition, written
/// for row vectors, and `recomposed` is its exact inverse.
public struct DecomposedTransform: Equatable, Sendable {
    public var translation: SIMD3<Double> = .zero
    public var scale: SIMD3<Double> = .one
    /// Shear factors xy, xz, yz.
    public var skew: SIMD3<Double> = .zero
    /// The perspective column (m14, m24, m34, m44) after the affine part is divided out.
    public var perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1)
    /// Unit quaternion (x, y, z, w) of the rotation: axis × sin(θ/2), cos(θ/2).
    public var quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)
    /// False when two or more axes are scaled to 0: the matrix then holds no rotation, and
    /// interpolation keeps the other side's (a layer shrinking to nothing keeps its angle).
    public var hasRotation = true

    public init() {}

    /// Decomposes `m`. Zero scales (a layer shrunk to nothing) decompose fine; nil only when
    /// m44 is 0 or the perspective part cannot be separated — such matrices switch discretely.
    public init?(_ m: CATransform3D) {
        guard m.m44 != 0, m.entries.allSatisfy(\.isFinite) else { return nil }
        var a = m
        if a.m44 != 1 {
            for i in 0..<4 { for j in 0..<4 { a[i, j] /= m.m44 } }
        }
        if a.m14 != 0 || a.m24 != 0 || a.m34 != 0 {
            // M = N × Q with N the affine part, so Q's last column is N⁻¹ × (m14, m24, m34, m44)ᵀ.
            var n = a
            n.m14 = 0; n.m24 = 0; n.m34 = 0; n.m44 = 1
            guard let nInverse = n.inverted else { return nil }
            let rhs = [a[0, 3], a[1, 3], a[2, 3], a[3, 3]]
            var p = SIMD4<Double>()
            for i in 0..<4 {
                p[i] = (0..<4).reduce(0) { $0 + nInverse[i, $1] * rhs[$1] }
            }
            perspective = p
        }
        translation = SIMD3(a[3, 0], a[3, 1], a[3, 2])

        // Gram–Schmidt on the rows. A row that vanishes (scale 0) gets a unit direction
        // orthogonal to the others, so the rotation stays meaningful while the scale is 0.
        let raw = (0..<3).map { i in SIMD3(a[i, 0], a[i, 1], a[i, 2]) }
        var rows = raw
        scale.x = length(rows[0])
        rows[0] = scale.x > Self.tiny ? rows[0] / scale.x : Self.unit(cross(raw[1], raw[2]), orthogonalTo: [])
        skew.x = dot(rows[0], rows[1])
        rows[1] -= skew.x * rows[0]
        scale.y = length(rows[1])
        rows[1] = scale.y > Self.tiny ? rows[1] / scale.y : Self.unit(cross(raw[2], rows[0]), orthogonalTo: [rows[0]])
        skew.x = scale.y > Self.tiny ? skew.x / scale.y : 0
        skew.y = dot(rows[0], rows[2])
        rows[2] -= skew.y * rows[0]
        skew.z = dot(rows[1], rows[2])
        rows[2] -= skew.z * rows[1]
        scale.z = length(rows[2])
        rows[2] = scale.z > Self.tiny ? rows[2] / scale.z : cross(rows[0], rows[1])
        skew.y = scale.z > Self.tiny ? skew.y / scale.z : 0
        skew.z = scale.z > Self.tiny ? skew.z / scale.z : 0
        hasRotation = [scale.x, scale.y, scale.z].filter { abs($0) <= Self.tiny }.count < 2
        // A reflection is folded into the scale so the rotation stays proper.
        if dot(rows[0], cross(rows[1], rows[2])) < 0 {
            scale = -scale
            for i in 0..<3 { rows[i] = -rows[i] }
        }
        quaternion = Self.quaternion(rows: rows)
    }

    private static let tiny = 1e-12

    /// `v` normalised, or, when it is (nearly) zero, a unit axis orthogonal to `others`.
    private static func unit(_ v: SIMD3<Double>, orthogonalTo others: [SIMD3<Double>]) -> SIMD3<Double> {
        let len = length(v)
        if len > tiny { return v / len }
        for axis in [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)] {
            var c = axis
            for o in others { c -= dot(c, o) * o }
            if length(c) > 0.5 { return c / length(c) }
        }
        return SIMD3(1, 0, 0)
    }

    /// The transform these components describe.
    public var recomposed: CATransform3D {
        let r = Self.rotationRows(quaternion)
        // diag(scale) × Skew × R, row by row.
        let row0 = scale.x * r[0]
        let row1 = scale.y * (skew.x * r[0] + r[1])
        let row2 = scale.z * (skew.y * r[0] + skew.z * r[1] + r[2])
        var n = CATransform3D()
        for j in 0..<3 {
            n[0, j] = row0[j]; n[1, j] = row1[j]; n[2, j] = row2[j]; n[3, j] = translation[j]
        }
        guard perspective != SIMD4(0, 0, 0, 1) else { return n }
        var q = CATransform3D()
        q[0, 3] = perspective[0]; q[1, 3] = perspective[1]; q[2, 3] = perspective[2]; q[3, 3] = perspective[3]
        return n.concatenating(q)
    }

    /// Component-wise interpolation with a shortest-arc spherical rotation: a 360° turn is the
    /// identity rotation, so interpolating towards it does not move (Core Animation's behaviour).
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double)
        -> DecomposedTransform
    {
        var r = DecomposedTransform()
        r.translation = a.translation + (b.translation - a.translation) * t
        r.scale = a.scale + (b.scale - a.scale) * t
        r.skew = a.skew + (b.skew - a.skew) * t
        r.perspective = a.perspective + (b.perspective - a.perspective) * t
        switch (a.hasRotation, b.hasRotation) {
        case (false, true): r.quaternion = b.quaternion
        case (true, false): r.quaternion = a.quaternion
        default: r.quaternion = slerp(a.quaternion, b.quaternion, t)
        }
        return r
    }

    // MARK: Euler angles (the transform.rotation.x/y/z key paths)

    /// Rotation as angles about x, y and z, applied in that order (R = Rx × Ry × Rz for row
    /// vectors). For a rotation in the plane, `z` is the familiar `atan2(m12, m11)`.
    public var eulerAngles: SIMD3<Double> {
        get {
            let r = Self.rotationRows(quaternion)
            let sinY = max(-1, min(1, -r[0][2]))
            let y = asin(sinY)
            if abs(sinY) > 1 - 1e-12 {
                // Gimbal lock: x and z turn about the same axis; put it all in z.
                return SIMD3(0, y, atan2(-r[1][0], r[1][1]))
            }
            return SIMD3(atan2(r[1][2], r[2][2]), y, atan2(r[0][1], r[0][0]))
        }
        set {
            let m = CATransform3DMakeRotation(newValue.x, 1, 0, 0)
                .concatenating(CATransform3DMakeRotation(newValue.y, 0, 1, 0))
                .concatenating(CATransform3DMakeRotation(newValue.z, 0, 0, 1))
            quaternion = Self.quaternion(rows: (0..<3).map { i in SIMD3(m[i, 0], m[i, 1], m[i, 2]) })
        }
    }

    // MARK: Quaternion helpers

    /// Rows of the rotation matrix (row-vector convention) for a unit quaternion.
    static func rotationRows(_ q: SIMD4<Double>) -> [SIMD3<Double>] {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return [
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        ]
    }

    /// The unit quaternion of an orthonormal rotation (rows, row-vector convention), by
    /// Shepperd's method: pick the largest diagonal term so no division loses precision.
    static func quaternion(rows r: [SIMD3<Double>]) -> SIMD4<Double> {
        let trace = r[0][0] + r[1][1] + r[2][2]
        var q: SIMD4<Double>
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            q = SIMD4((r[1][2] - r[2][1]) * s, (r[2][0] - r[0][2]) * s, (r[0][1] - r[1][0]) * s, 0.25 / s)
        } else if r[0][0] > r[1][1] && r[0][0] > r[2][2] {
            let s = 2 * (1 + r[0][0] - r[1][1] - r[2][2]).squareRoot()
            q = SIMD4(0.25 * s, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s, (r[1][2] - r[2][1]) / s)
        } else if r[1][1] > r[2][2] {
            let s = 2 * (1 + r[1][1] - r[0][0] - r[2][2]).squareRoot()
            q = SIMD4((r[0][1] + r[1][0]) / s, 0.25 * s, (r[1][2] + r[2][1]) / s, (r[2][0] - r[0][2]) / s)
        } else {
            let s = 2 * (1 + r[2][2] - r[0][0] - r[1][1]).squareRoot()
            q = SIMD4((r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, 0.25 * s, (r[0][1] - r[1][0]) / s)
        }
        let len = (q * q).sum().squareRoot()
        return len > 0 ? q / len : SIMD4(0, 0, 0, 1)
    }

    /// Spherical interpolation along the shorter arc.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b
        var cosTheta = (a * b).sum()
        if cosTheta < 0 {
            b = -b
            cosTheta = -cosTheta
        }
        if t == 0 { return a }
        if t == 1 { return b }
        let result: SIMD4<Double>
        if cosTheta > 1 - 1e-9 {
            result = a + (b - a) * t
        } else {
            let theta = acos(min(1, cosTheta))
            let sinTheta = sin(theta)
            result = a * (sin((1 - t) * theta) / sinTheta) + b * (sin(t * theta) / sinTheta)
        }
        let len = (result * result).sum().squareRoot()
        return result / len
    }
}

@inline(__always) private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) private func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
@inline(__always) private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
