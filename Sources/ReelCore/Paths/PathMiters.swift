import Foundation

extension CGPath {
    /// How far a miter-joined stroke of this path reaches from the path, in half line widths:
    /// the longest miter among the joins Cairo draws mitred (miter length / width =
    /// 1 / sin(φ / 2) for the angle φ between the segments; longer ones than `limit` are bevelled,
    /// as in Core Graphics' `miterLimit`), and 1 when every join is smooth or bevelled. Joins
    /// inside a curve are not counted: Cairo strokes a curve's flattened pieces with round joins.
    /// The stroke is in the path's space, so the figure holds under any affine transform.
    package func miterReach(limit: Double) -> Double {
        var reach = 1.0
        var pieces: [PathSegment] = []
        func finish(closed: Bool) {
            defer { pieces.removeAll(keepingCapacity: true) }
            guard pieces.count > 1 || (closed && !pieces.isEmpty) else { return }
            var pairs = Array(zip(pieces.dropLast(), pieces.dropFirst()))
            if closed { pairs.append((pieces[pieces.count - 1], pieces[0])) }
            for (a, b) in pairs {
                let turn = b.tangentAngle(at: 0) - a.tangentAngle(at: 1)
                let ratio = (2 / (1 + cos(turn))).squareRoot()
                // Slack at the limit: a join Cairo mitres must not be counted as bevelled.
                if ratio <= limit * (1 + 1e-6) { reach = max(reach, ratio) }
            }
        }
        var subpath = -1, closed = false
        for segment in PathGeometry.segments(of: self) {
            if segment.subpath != subpath {
                finish(closed: closed)
                subpath = segment.subpath; closed = false
            }
            if segment.closesSubpath { closed = true }
            // Cairo drops zero-length pieces without a join.
            let degenerate =
                segment.start == segment.end
                && (segment.isLine || (segment.c1 == segment.start && segment.c2 == segment.end))
            if !degenerate { pieces.append(segment) }
        }
        finish(closed: closed)
        return reach
    }
}
