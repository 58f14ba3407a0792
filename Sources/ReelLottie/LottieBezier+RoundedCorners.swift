import Foundation
import ReelCore

extension LottieBezier {
    /// How far towards the corner a rounded corner's tangents reach, as a fraction of the cut
    /// (lottie-web's, lottie-android's and lottie-ios's constant, close to a circle's 0.5523).
    static let cornerTangentReach = 0.5519

    /// The path with each sharp vertex (both tangents zero) cut `radius` points back along its
    /// two edges (at most half of each edge) and joined by a curve bending towards the vertex, as
    /// the rounded corners item (`rd`) does. Vertices with tangents are already smooth and stay.
    /// An open path keeps its end points; a path whose last vertex repeats the first is closed.
    public func roundingCorners(radius: Double) -> LottieBezier {
        guard radius > 0 else { return self }
        var points = vertices
        var ins = inTangents
        var outs = outTangents
        var isClosed = closed
        if points.count > 1, points[0] == points[points.count - 1], ins[0] == ins[ins.count - 1],
            outs[0] == outs[outs.count - 1]
        {
            points.removeLast()
            ins.removeLast()
            outs.removeLast()
            isClosed = true
        }
        let count = points.count
        guard count > 1 else { return self }
        var result = LottieBezier(vertices: [], closed: isClosed)
        var rounded = false
        func append(_ p: CGPoint, in i: CGPoint, out o: CGPoint) {
            result.vertices.append(p)
            result.inTangents.append(i)
            result.outTangents.append(o)
        }
        for k in 0..<count {
            let vertex = points[k]
            let sharp = ins[k] == .zero && outs[k] == .zero
            guard sharp, isClosed || (k != 0 && k != count - 1) else {
                append(vertex, in: ins[k], out: outs[k])
                continue
            }
            rounded = true
            // One point towards the previous vertex, curving on into the corner; one towards the
            // next, curving in from the corner.
            let before = Self.cut(from: vertex, towards: points[(k + count - 1) % count], radius: radius)
            let after = Self.cut(from: vertex, towards: points[(k + 1) % count], radius: radius)
            let reach = Self.cornerTangentReach
            append(before, in: .zero, out: CGPoint(x: (vertex.x - before.x) * reach, y: (vertex.y - before.y) * reach))
            append(after, in: CGPoint(x: (vertex.x - after.x) * reach, y: (vertex.y - after.y) * reach), out: .zero)
        }
        return rounded ? result : self
    }

    /// The point `radius` from `vertex` towards `other`, at most halfway.
    private static func cut(from vertex: CGPoint, towards other: CGPoint, radius: Double) -> CGPoint {
        let distance = ((other.x - vertex.x) * (other.x - vertex.x) + (other.y - vertex.y) * (other.y - vertex.y))
            .squareRoot()
        let fraction = distance > 0 ? min(distance / 2, radius) / distance : 0
        return CGPoint(x: vertex.x + (other.x - vertex.x) * fraction, y: vertex.y + (other.y - vertex.y) * fraction)
    }
}
