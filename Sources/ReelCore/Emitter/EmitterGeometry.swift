import Foundation

/// Where on the emitter shape a particle is born and which way it leaves (Core Animation's
/// shapes: a point, a line along x, a rectangle, a cuboid, a circle or sphere of radius
/// `emitterSize.width`; modes: the shape's corners (`points`), its outline, its surface, or
/// anywhere inside (`volume`)).
public enum EmitterGeometry {
    /// A point of the shape, offset from its centre, from three uniform draws.
    public static func birthOffset(
        shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode,
        size: CGSize, depth: Double, _ u: SIMD3<Double>
    ) -> SIMD3<Double> {
        let w = Double(size.width), h = Double(size.height), d = depth
        switch shape {
        case .point:
            return .zero
        case .line:
            if mode == .points { return SIMD3(u.x < 0.5 ? -w / 2 : w / 2, 0, 0) }
            return SIMD3((u.x - 0.5) * w, 0, 0)
        case .rectangle:
            switch mode {
            case .points: return corner(Int(u.x * 4), SIMD3(w, h, 0))
            case .outline: return onPerimeter(w, h, u.x)
            case .surface, .volume: return SIMD3((u.x - 0.5) * w, (u.y - 0.5) * h, 0)
            }
        case .cuboid:
            let box = SIMD3(w, h, d)
            switch mode {
            case .points: return corner(Int(u.x * 8), box)
            case .outline: return onEdges(box, u)
            case .surface: return onFaces(box, u)
            case .volume: return (u - 0.5) * box
            }
        case .circle:
            let r = w, angle = 2 * Double.pi * u.y
            switch mode {
            case .points: return .zero
            case .outline: return SIMD3(r * cos(angle), r * sin(angle), 0)
            case .surface, .volume:
                let rr = r * u.x.squareRoot()  // uniform over the disc's area
                return SIMD3(rr * cos(angle), rr * sin(angle), 0)
            }
        case .sphere:
            let r = w, angle = 2 * Double.pi * u.y
            switch mode {
            case .points: return .zero
            case .outline: return SIMD3(r * cos(angle), r * sin(angle), 0)
            case .surface, .volume:
                // Uniform on the sphere (z uniform in −1…1), or in the ball (radius ∝ ∛u).
                let z = 2 * u.z - 1, ring = (1 - z * z).squareRoot()
                let rr = mode == .volume ? r * cbrt(u.x) : r
                return SIMD3(rr * ring * cos(angle), rr * ring * sin(angle), rr * z)
            }
        }
    }

    /// The unit direction of emission: the axis given by longitude (in the x–y plane, from +x)
    /// and latitude (towards +z), turned by a uniform draw within `range` radians of it (a cone).
    public static func direction(latitude: Double, longitude: Double, range: Double, _ u: SIMD2<Double>) -> SIMD3<
        Double
    > {
        let axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        let spread = min(abs(range), Double.pi)
        guard spread > 0 else { return axis }
        // Uniform over the cap: cos of the angle from the axis is uniform in cos(spread)…1.
        let cosA = 1 - u.x * (1 - cos(spread)), sinA = (1 - cosA * cosA).squareRoot()
        let turn = 2 * Double.pi * u.y
        let e1 = SIMD3(-sin(longitude), cos(longitude), 0)
        let e2 = SIMD3(axis.y * e1.z - axis.z * e1.y, axis.z * e1.x - axis.x * e1.z, axis.x * e1.y - axis.y * e1.x)
        return axis * cosA + (e1 * cos(turn) + e2 * sin(turn)) * sinA
    }

    private static func corner(_ i: Int, _ box: SIMD3<Double>) -> SIMD3<Double> {
        let i = min(max(i, 0), 7)
        return SIMD3(i & 1 == 0 ? -0.5 : 0.5, i & 2 == 0 ? -0.5 : 0.5, box.z == 0 ? 0 : (i & 4 == 0 ? -0.5 : 0.5)) * box
    }

    /// Uniform by length along the rectangle's four sides, clockwise from the top-left corner.
    private static func onPerimeter(_ w: Double, _ h: Double, _ u: Double) -> SIMD3<Double> {
        var s = u * 2 * (w + h)
        if s < w { return SIMD3(s - w / 2, -h / 2, 0) }
        s -= w
        if s < h { return SIMD3(w / 2, s - h / 2, 0) }
        s -= h
        if s < w { return SIMD3(w / 2 - s, h / 2, 0) }
        return SIMD3(-w / 2, h / 2 - (s - w), 0)
    }

    /// Uniform by length over the cuboid's twelve edges.
    private static func onEdges(_ box: SIMD3<Double>, _ u: SIMD3<Double>) -> SIMD3<Double> {
        let total = 4 * (box.x + box.y + box.z)
        guard total > 0 else { return .zero }
        var s = u.x * total
        let sx = u.y < 0.5 ? -0.5 : 0.5, sy = u.z < 0.5 ? -0.5 : 0.5
        // Four edges along each axis; which of the four comes from the other draws' halves.
        if s < 4 * box.x {
            return SIMD3(
                s.truncatingRemainder(dividingBy: max(box.x, .leastNonzeroMagnitude)) - box.x / 2, sx * box.y,
                sy * box.z)
        }
        s -= 4 * box.x
        if s < 4 * box.y {
            return SIMD3(
                sx * box.x, s.truncatingRemainder(dividingBy: max(box.y, .leastNonzeroMagnitude)) - box.y / 2,
                sy * box.z)
        }
        s -= 4 * box.y
        return SIMD3(
            sx * box.x, sy * box.y, s.truncatingRemainder(dividingBy: max(box.z, .leastNonzeroMagnitude)) - box.z / 2)
    }

    /// Uniform by area over the cuboid's six faces.
    private static func onFaces(_ box: SIMD3<Double>, _ u: SIMD3<Double>) -> SIMD3<Double> {
        let xy = box.x * box.y, yz = box.y * box.z, xz = box.x * box.z
        let total = 2 * (xy + yz + xz)
        guard total > 0 else { return .zero }
        // u.x picks the face (and its side) by area, then is stretched back to 0..<1 for one coordinate.
        var s = u.x * total
        func along(_ area: Double) -> (side: Double, t: Double) {
            let t = s / area  // 0..<2 across the two opposite faces
            return (t < 1 ? -0.5 : 0.5, t.truncatingRemainder(dividingBy: 1))
        }
        if s < 2 * xy {
            let (side, t) = along(xy)
            return SIMD3((t - 0.5) * box.x, (u.y - 0.5) * box.y, side * box.z)
        }
        s -= 2 * xy
        if s < 2 * yz {
            let (side, t) = along(yz)
            return SIMD3(side * box.x, (t - 0.5) * box.y, (u.y - 0.5) * box.z)
        }
        s -= 2 * yz
        let (side, t) = along(xz)
        return SIMD3((t - 0.5) * box.x, side * box.y, (u.y - 0.5) * box.z)
    }
}
