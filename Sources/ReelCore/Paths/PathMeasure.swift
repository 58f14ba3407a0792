import Foundation

/// Arc-length measurement of a path: total length, the point and direction at a distance, and
/// exact trimming between two distances (what strokeStart/strokeEnd and paced path animations
/// need). Curves are measured by quadrature, not by their control polygons.
public struct PathMeasure: Sendable {
    let segments: [PathSegment]
    /// Length of each segment.
    let lengths: [Double]
    /// Arc length at the start of each segment (cumulative), plus the total at the end.
    let offsets: [Double]

    public init(_ path: CGPath) {
        segments = PathGeometry.segments(of: path)
        lengths = segments.map { $0.length() }
        var acc = 0.0
        var offsets = [0.0]
        for l in lengths {
            acc += l
            offsets.append(acc)
        }
        self.offsets = offsets
    }

    /// Total length of every subpath.
    public var length: Double { offsets.last ?? 0 }

    /// The segment containing arc length s and the parameter within it.
    func locate(_ s: Double) -> (index: Int, t: Double)? {
        guard !segments.isEmpty else { return nil }
        let s = min(max(s, 0), length)
        // Binary search for the last offset ≤ s among segment starts.
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= s { lo = mid } else { hi = mid - 1 }
        }
        // Skip zero-length segments at the boundary so the direction is meaningful.
        var index = lo
        while index < segments.count - 1, lengths[index] == 0 { index += 1 }
        return (index, segments[index].parameter(atLength: s - offsets[index], total: lengths[index]))
    }

    /// The point at arc length `s` (clamped to the path) and the direction of travel there.
    public func position(atLength s: Double) -> (point: CGPoint, angle: Double)? {
        guard let (i, t) = locate(s) else { return nil }
        return (segments[i].point(at: t), segments[i].tangentAngle(at: t))
    }

    /// The part of the path between arc lengths `from` and `to` (each clamped), keeping subpath
    /// breaks. A closed subpath kept whole stays closed, so its corner is joined, not capped.
    public func trimmed(from: Double, to: Double) -> CGPath {
        let a = max(0, min(from, length)), b = max(0, min(to, length))
        guard b > a, !segments.isEmpty else { return CGPath() }
        var elements: [CGPath.Element] = []
        var lastEnd: CGPoint?
        var lastSubpath = -1
        // Segments come in subpath order: where the current subpath starts, in arc length.
        var subpath = -1, subpathStart = 0.0
        for (i, seg) in segments.enumerated() {
            let s0 = offsets[i], s1 = offsets[i + 1]
            if seg.subpath != subpath { (subpath, subpathStart) = (seg.subpath, s0) }
            // Zero-length pieces on the boundary (a closing line back to the start) are kept.
            guard (s1 > a && s0 < b) || (lengths[i] == 0 && s0 >= a && s0 <= b) else { continue }
            let t0 = s0 >= a ? 0 : seg.parameter(atLength: a - s0, total: lengths[i])
            let t1 = s1 <= b ? 1 : seg.parameter(atLength: b - s0, total: lengths[i])
            let piece = (t0 == 0 && t1 == 1) ? seg : seg.subsegment(from: t0, to: t1)
            if seg.subpath != lastSubpath || lastEnd != piece.start {
                elements.append(.moveTo(piece.start))
                lastSubpath = seg.subpath
            }
            elements.append(
                piece.isLine ? .lineTo(piece.end) : .curveTo(piece.end, control1: piece.c1, control2: piece.c2))
            lastEnd = piece.end
            if seg.closesSubpath, t1 == 1, subpathStart >= a {
                elements.append(.closeSubpath)
                lastEnd = nil
            }
        }
        return CGPath(elements: elements)
    }
}
