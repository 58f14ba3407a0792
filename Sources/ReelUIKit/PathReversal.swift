import Reel

/// Reverses path elements for `UIBezierPath.reversing()`.
enum PathReversal {
    /// One subpath: where it starts, its drawing elements, whether it is closed.
    private struct Subpath {
        var start: CGPoint
        var segments: [CGPath.Element] = []
        var closed = false
    }

    static func reversed(_ elements: [CGPath.Element]) -> [CGPath.Element] {
        var subpaths: [Subpath] = []
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let p):
                subpaths.append(Subpath(start: p))
                current = p
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _):
                if subpaths.isEmpty || subpaths[subpaths.count - 1].closed { subpaths.append(Subpath(start: current)) }
                subpaths[subpaths.count - 1].segments.append(element)
                current = p
            case .closeSubpath:
                guard !subpaths.isEmpty else { continue }
                subpaths[subpaths.count - 1].closed = true
                current = subpaths[subpaths.count - 1].start
            }
        }
        var result: [CGPath.Element] = []
        for sub in subpaths.reversed() {
            // The points each segment starts from, so a reversed segment can end there.
            var starts: [CGPoint] = []
            var p = sub.start
            for segment in sub.segments {
                starts.append(p)
                p = endPoint(segment)
            }
            result.append(.moveTo(p))
            for (segment, start) in zip(sub.segments, starts).reversed() {
                switch segment {
                case .lineTo: result.append(.lineTo(start))
                case .quadCurveTo(_, let c): result.append(.quadCurveTo(start, control: c))
                case .curveTo(_, let c1, let c2): result.append(.curveTo(start, control1: c2, control2: c1))
                case .moveTo, .closeSubpath: break
                }
            }
            if sub.closed { result.append(.closeSubpath) }
        }
        return result
    }

    private static func endPoint(_ element: CGPath.Element) -> CGPoint {
        switch element {
        case .moveTo(let p), .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): p
        case .closeSubpath: .zero
        }
    }
}
