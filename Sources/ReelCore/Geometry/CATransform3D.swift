import Foundation

/// A 4×4 homogeneous transform, laid out and applied exactly as Core Animation's:
/// points are row vectors multiplied on the left (`p' = p × M`), so the translation sits in
/// `m41 m42 m43` and `m34 = −1/d` gives perspective.
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform.
    public init() {
        self.init(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Creates a transform from sixteen numbers m11, m12, … m44 (row by row).
    public init?(_ entries: [Double]) {
        guard entries.count == 16 else { return nil }
        let e = entries.map { CGFloat($0) }
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// The sixteen entries m11 … m44, row by row.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    /// `CATransform3DIdentity`.
    public static let identity = CATransform3D()

    /// Element access by row and column (0-based), used by the decomposition maths.
    @inlinable subscript(row: Int, column: Int) -> Double {
        get {
            switch (row, column) {
            case (0, 0): Double(m11);
            case (0, 1): Double(m12);
            case (0, 2): Double(m13);
            case (0, 3): Double(m14)
            case (1, 0): Double(m21);
            case (1, 1): Double(m22);
            case (1, 2): Double(m23);
            case (1, 3): Double(m24)
            case (2, 0): Double(m31);
            case (2, 1): Double(m32);
            case (2, 2): Double(m33);
            case (2, 3): Double(m34)
            case (3, 0): Double(m41);
            case (3, 1): Double(m42);
            case (3, 2): Double(m43);
            default: Double(m44)
            }
        }
        set {
            switch (row, column) {
            case (0, 0): m11 = CGFloat(newValue);
            case (0, 1): m12 = CGFloat(newValue);
            case (0, 2): m13 = CGFloat(newValue);
            case (0, 3): m14 = CGFloat(newValue)
            case (1, 0): m21 = CGFloat(newValue);
            case (1, 1): m22 = CGFloat(newValue);
            case (1, 2): m23 = CGFloat(newValue);
            case (1, 3): m24 = CGFloat(newValue)
            case (2, 0): m31 = CGFloat(newValue);
            case (2, 1): m32 = CGFloat(newValue);
            case (2, 2): m33 = CGFloat(newValue);
            case (2, 3): m34 = CGFloat(newValue)
            case (3, 0): m41 = CGFloat(newValue);
            case (3, 1): m42 = CGFloat(newValue);
            case (3, 2): m43 = CGFloat(newValue);
            default: m44 = CGFloat(newValue)
            }
        }
    }

    /// True for the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform maps the z = 0 plane affinely onto itself (drawable as a 2D affine
    /// matrix without loss): no perspective and no mixing of z into x/y.
    public var isAffine: Bool {
        m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m43 == 0
            && m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1
    }

    /// The 2D affine part (a, b, c, d, tx, ty) acting on row vectors: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var affine: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (m11, m12, m21, m22, m41, m42)
    }

    /// `a × b`: apply `self` first, then `other` (CATransform3DConcat's order).
    @inlinable public func concatenating(_ b: CATransform3D) -> CATransform3D {
        var r = CATransform3D()
        for i in 0..<4 {
            for j in 0..<4 {
                r[i, j] = self[i, 0] * b[0, j] + self[i, 1] * b[1, j] + self[i, 2] * b[2, j] + self[i, 3] * b[3, j]
            }
        }
        return r
    }

    /// Maps a point in the z = 0 plane (with perspective division).
    public func apply(to p: CGPoint) -> CGPoint {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        return w == 1 || w == 0 ? CGPoint(x: x, y: y) : CGPoint(x: x / w, y: y / w)
    }

    /// The 2×2 minors of the top and bottom row pairs, shared by the determinant and the inverse.
    private var minors: (s: [Double], c: [Double]) {
        let a = self
        return (
            [
                a.m11 * a.m22 - a.m21 * a.m12, a.m11 * a.m23 - a.m21 * a.m13, a.m11 * a.m24 - a.m21 * a.m14,
                a.m12 * a.m23 - a.m22 * a.m13, a.m12 * a.m24 - a.m22 * a.m14, a.m13 * a.m24 - a.m23 * a.m14
            ],
            [
                a.m31 * a.m42 - a.m41 * a.m32, a.m31 * a.m43 - a.m41 * a.m33, a.m31 * a.m44 - a.m41 * a.m34,
                a.m32 * a.m43 - a.m42 * a.m33, a.m32 * a.m44 - a.m42 * a.m34, a.m33 * a.m44 - a.m43 * a.m34
            ]
        )
    }

    /// The determinant of the full 4×4 matrix.
    public var determinant: Double {
        let (s, c) = minors
        return s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
    }

    /// The inverse, or nil when the matrix is singular (CATransform3DInvert returns the input then).
    public var inverted: CATransform3D? {
        let a = self
        let (s, c) = minors
        let (s0, s1, s2, s3, s4, s5) = (s[0], s[1], s[2], s[3], s[4], s[5])
        let (c0, c1, c2, c3, c4, c5) = (c[0], c[1], c[2], c[3], c[4], c[5])
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return CATransform3D(
            m11: (a.m22 * c5 - a.m23 * c4 + a.m24 * c3) * k,
            m12: (-a.m12 * c5 + a.m13 * c4 - a.m14 * c3) * k,
            m13: (a.m42 * s5 - a.m43 * s4 + a.m44 * s3) * k,
            m14: (-a.m32 * s5 + a.m33 * s4 - a.m34 * s3) * k,
            m21: (-a.m21 * c5 + a.m23 * c2 - a.m24 * c1) * k,
            m22: (a.m11 * c5 - a.m13 * c2 + a.m14 * c1) * k,
            m23: (-a.m41 * s5 + a.m43 * s2 - a.m44 * s1) * k,
            m24: (a.m31 * s5 - a.m33 * s2 + a.m34 * s1) * k,
            m31: (a.m21 * c4 - a.m22 * c2 + a.m24 * c0) * k,
            m32: (-a.m11 * c4 + a.m12 * c2 - a.m14 * c0) * k,
            m33: (a.m41 * s4 - a.m42 * s2 + a.m44 * s0) * k,
            m34: (-a.m31 * s4 + a.m32 * s2 - a.m34 * s0) * k,
            m41: (-a.m21 * c3 + a.m22 * c1 - a.m23 * c0) * k,
            m42: (a.m11 * c3 - a.m12 * c1 + a.m13 * c0) * k,
            m43: (-a.m41 * s3 + a.m42 * s1 - a.m43 * s0) * k,
            m44: (a.m31 * s3 - a.m32 * s1 + a.m33 * s0) * k)
    }
}

// MARK: - The CATransform3D functions, as Core Animation names them

/// `CATransform3DIdentity`.
public let CATransform3DIdentity = CATransform3D.identity

/// A translation by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation of `angle` radians about the axis (x, y, z). With y pointing down (iOS), a positive
/// angle about z turns clockwise on screen, as on iOS. A zero axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return .identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    // Exact values for the quarter turns keep 90° rotations free of 6e-17 noise.
    let c = exactCos(angle), s = exactSin(angle), t = 1 - c
    var r = CATransform3D()
    r.m11 = t * ux * ux + c; r.m12 = t * ux * uy + s * uz; r.m13 = t * ux * uz - s * uy
    r.m21 = t * ux * uy - s * uz; r.m22 = t * uy * uy + c; r.m23 = t * uy * uz + s * ux
    r.m31 = t * ux * uz + s * uy; r.m32 = t * uy * uz - s * ux; r.m33 = t * uz * uz + c
    return r
}

/// `t` followed by a translation: CATransform3DTranslate(t, …) = Make(…) × t.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// CATransform3DScale(t, …) = MakeScale(…) × t: the scale happens in t's local space.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// CATransform3DRotate(t, …) = MakeRotation(…) × t.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
    -> CATransform3D
{
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// The inverse, or `t` itself when it is not invertible (Core Animation's behaviour).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted ?? t }

/// True for the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }

/// True when `t` is representable as a 2D affine transform.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

// MARK: - Exact trigonometry at multiples of π/2

/// cos(angle), exactly 0/±1 at multiples of π/2 (within 1e-12).
@usableFromInline func exactCos(_ angle: Double) -> Double {
    if let q = quarterTurns(angle) { return [1, 0, -1, 0][q] }
    return cos(angle)
}

/// sin(angle), exactly 0/±1 at multiples of π/2 (within 1e-12).
@usableFromInline func exactSin(_ angle: Double) -> Double {
    if let q = quarterTurns(angle) { return [0, 1, 0, -1][q] }
    return sin(angle)
}

private func quarterTurns(_ angle: Double) -> Int? {
    let q = angle / (Double.pi / 2)
    let r = q.rounded()
    guard abs(q - r) < 1e-12, abs(r) < 1e9 else { return nil }
    let n = Int(r) % 4
    return n < 0 ? n + 4 : n
}
