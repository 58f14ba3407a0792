import Foundation

/// A compiled keyframe animation: a value track or a path track, rotation and accumulation.
struct KeyframeSpec: Sendable {
    enum Track: Sendable {
        case values(ValueTrack)
        case path(PathTrack)
    }

    var keyPath: LayerKeyPath
    var track: Track
    var rotation: CAAnimationRotationMode?
    var additive: Bool
    var cumulative: Bool
    /// Turns the interpolated numbers into the transform that is set.
    var valueFunction: CAValueFunctionName? = nil

    func apply(progress: Double, iteration: Int, to state: inout LayerState, model: LayerState) {
        var value: AnimatableValue
        var angle: Double?
        switch track {
        case .values(let t):
            value = t.value(at: progress)
            if rotation != nil { angle = t.direction(at: progress) }
            if cumulative, iteration > 0, let first = t.values.first, let last = t.values.last {
                value = value.adding(last.subtracting(first).scaled(by: Double(iteration)))
            }
        case .path(let t):
            guard let (point, direction) = t.position(at: progress) else { return }
            value = .point(point)
            angle = direction
            if cumulative, iteration > 0, let (a, b) = t.endpoints {
                value = value.adding(
                    .point(CGPoint(x: (b.x - a.x) * Double(iteration), y: (b.y - a.y) * Double(iteration))))
            }
        }
        if let valueFunction { value = .transform(valueFunction.transform(for: value)) }
        if additive { value = keyPath.get(state).adding(value) }
        keyPath.set(&state, value)
        if let rotation, var angle {
            if rotation == .rotateAutoReverse { angle += Double.pi }
            state.transform = CATransform3DMakeRotation(angle, 0, 0, 1).concatenating(state.transform)
        }
    }
}

/// Keyframes given as values.
struct ValueTrack: Sendable {
    let values: [AnimatableValue]
    let mode: CAAnimationCalculationMode
    /// Resolved key times: n entries (n + 1 for discrete).
    let times: [Double]
    /// Per-segment timing functions (nil: linear); unused when paced.
    let functions: [CAMediaTimingFunction?]
    /// Hermite tangents for the cubic modes: outgoing at the start of segment i, incoming at its end.
    let outgoing: [[Double]]
    let incoming: [[Double]]
    /// For cubicPaced: per segment, cumulative arc length at evenly spaced parameters.
    let arcTables: [[Double]]

    /// The values as vectors, once, when every value has one (nil for transforms, paths, …).
    let points: [[Double]]?

    init(
        values: [AnimatableValue], mode: CAAnimationCalculationMode, keyTimes: [Double]?,
        functions: [CAMediaTimingFunction],
        tension: [Double], continuity: [Double], bias: [Double]
    ) throws {
        self.values = values
        self.mode = mode
        let n = values.count
        self.functions = (0..<max(n - 1, 0)).map { $0 < functions.count ? functions[$0] : nil }
        // Tangents (cubic modes only), from uniform or given key times.
        var times: [Double]
        switch mode {
        case .discrete:
            if let keyTimes {
                try validateKeyTimes(keyTimes, count: [n, n + 1], what: "a discrete animation of \(n) values")
                times = keyTimes
            } else {
                times = (0...n).map { Double($0) / Double(n) }
            }
        case .paced:
            times = Self.pacedTimes(
                values.enumerated().dropFirst().map { values[$0.offset - 1].distance(to: $0.element) })
        default:
            if let keyTimes, mode != .cubicPaced {
                try validateKeyTimes(keyTimes, count: [n], what: "\(n) values")
                times = keyTimes
            } else {
                times = n > 1 ? (0..<n).map { Double($0) / Double(n - 1) } : [0]
            }
        }
        let vectors = values.map(\.components)
        let points = vectors.allSatisfy { $0 != nil } ? vectors.map { $0! } : nil
        self.points = points
        // Tangents only for the cubic modes, so `i < outgoing.count` means "this segment is a spline".
        var outgoing: [[Double]] = [], incoming: [[Double]] = []
        if (mode == .cubic || mode == .cubicPaced), n > 1, let points {
            (outgoing, incoming) = Self.tangents(
                points, times: times, tension: tension, continuity: continuity, bias: bias)
        }
        self.outgoing = outgoing
        self.incoming = incoming
        var tables: [[Double]] = []
        if mode == .cubicPaced, !outgoing.isEmpty, let points {
            for i in 0..<(n - 1) {
                var table = [0.0]
                var previous = points[i]
                for k in 1...Self.arcSamples {
                    let p = Self.hermite(
                        points[i], outgoing[i], points[i + 1], incoming[i], Double(k) / Double(Self.arcSamples))
                    table.append(
                        table.last! + zip(p, previous).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
                    previous = p
                }
                tables.append(table)
            }
            times = Self.pacedTimes(tables.map { $0.last! })
        }
        self.arcTables = tables
        self.times = times
    }

    static let arcSamples = 64

    /// Key times proportional to cumulative distance (constant speed); even when all are 0.
    static func pacedTimes(_ lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        guard total > 0 else {
            return (0...lengths.count).map { lengths.isEmpty ? 0 : Double($0) / Double(lengths.count) }
        }
        var t = [0.0]
        var acc = 0.0
        for l in lengths {
            acc += l
            t.append(acc / total)
        }
        t[t.count - 1] = 1
        return t
    }

    /// The segment containing fraction f and the position within it (after its timing function).
    func locate(_ f: Double) -> (index: Int, u: Double)? {
        let n = values.count
        guard n > 1 else { return nil }
        if f <= times[0] { return (0, 0) }
        if f >= times[n - 1] { return (n - 2, 1) }
        var i = 0
        while i < n - 2, f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (f - times[i]) / span : 1
        if mode == .cubicPaced, i < arcTables.count {
            u = Self.invert(arcTables[i], fraction: u)
        } else if mode != .paced, let function = functions[i] {
            u = function.progress(at: u)
        }
        return (i, u)
    }

    func value(at f: Double) -> AnimatableValue {
        let n = values.count
        if mode == .discrete {
            var index = 0
            for i in 0..<min(n, times.count) where times[i] <= f { index = i }
            return values[index]
        }
        guard let (i, u) = locate(f) else { return values[0] }
        if i < outgoing.count, let points {
            return values[i].with(components: Self.hermite(points[i], outgoing[i], points[i + 1], incoming[i], u))
        }
        return values[i].interpolated(to: values[i + 1], fraction: u)
    }

    /// Direction of travel of a point-valued track (for rotationMode).
    func direction(at f: Double) -> Double? {
        guard values.count > 1, values[0].kind == .point, let points, let (i, u) = locate(f) else { return nil }
        let a = points[i], b = points[i + 1]
        if i < outgoing.count {
            let d = Self.hermiteDerivative(a, outgoing[i], b, incoming[i], u)
            if abs(d[0]) + abs(d[1]) > 1e-12 { return atan2(d[1], d[0]) }
        }
        return atan2(b[1] - a[1], b[0] - a[0])
    }

    // MARK: Splines

    /// Kochanek–Bartels tangents with the usual correction for unevenly spaced key times;
    /// zero tension, continuity and bias give Catmull-Rom.
    static func tangents(_ p: [[Double]], times: [Double], tension: [Double], continuity: [Double], bias: [Double])
        -> (outgoing: [[Double]], incoming: [[Double]])
    {
        let n = p.count
        func at(_ a: [Double], _ i: Int) -> Double { i < a.count ? a[i] : 0 }
        func sub(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map(-) }
        var outgoing: [[Double]] = [], incoming: [[Double]] = []
        for i in 0..<(n - 1) {
            // Outgoing tangent at keyframe i, incoming at keyframe i + 1.
            for (k, isOut) in [(i, true), (i + 1, false)] {
                let t = at(tension, k), c = at(continuity, k), b = at(bias, k)
                let prev = sub(p[k], p[max(k - 1, 0)]), next = sub(p[min(k + 1, n - 1)], p[k])
                let (wPrev, wNext) =
                    isOut
                    ? ((1 - t) * (1 + b) * (1 + c) / 2, (1 - t) * (1 - b) * (1 - c) / 2)
                    : ((1 - t) * (1 + b) * (1 - c) / 2, (1 - t) * (1 - b) * (1 + c) / 2)
                var tangent = zip(prev, next).map { wPrev * $0 + wNext * $1 }
                // Scale for uneven spacing: tangents are per unit of the segment's own parameter.
                if k > 0, k < n - 1 {
                    let before = times[k] - times[k - 1], after = times[k + 1] - times[k]
                    if before + after > 0 {
                        let scale = isOut ? 2 * after / (before + after) : 2 * before / (before + after)
                        tangent = tangent.map { $0 * scale }
                    }
                }
                if isOut { outgoing.append(tangent) } else { incoming.append(tangent) }
            }
        }
        return (outgoing, incoming)
    }

    static func hermite(_ p0: [Double], _ m0: [Double], _ p1: [Double], _ m1: [Double], _ u: Double) -> [Double] {
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        return (0..<p0.count).map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
    }

    static func hermiteDerivative(_ p0: [Double], _ m0: [Double], _ p1: [Double], _ m1: [Double], _ u: Double)
        -> [Double]
    {
        let u2 = u * u
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        return (0..<p0.count).map { d00 * p0[$0] + d10 * m0[$0] + d01 * p1[$0] + d11 * m1[$0] }
    }

    /// The parameter at which a cumulative arc-length table reaches `fraction` of its total.
    static func invert(_ table: [Double], fraction: Double) -> Double {
        guard let total = table.last, total > 0 else { return fraction }
        let target = fraction * total
        var k = 1
        while k < table.count - 1, table[k] < target { k += 1 }
        let a = table[k - 1], b = table[k]
        let local = b > a ? (target - a) / (b - a) : 0
        return (Double(k - 1) + local) / Double(table.count - 1)
    }
}

/// Keyframes given as a path: each non-move element is a keyframe segment.
struct PathTrack: Sendable {
    let segments: [PathSegment]
    let mode: CAAnimationCalculationMode
    /// Key times at the segments' ends (segments + 1 entries); for discrete, when each vertex starts.
    let times: [Double]
    let functions: [CAMediaTimingFunction?]
    let measure: PathMeasure

    init(path: CGPath, mode: CAAnimationCalculationMode, keyTimes: [Double]?, functions: [CAMediaTimingFunction]) throws
    {
        // A close that adds no distance (an ellipse ends where it starts) is not a keyframe.
        measure = PathMeasure(path)
        segments = measure.segments.filter { !($0.closesSubpath && $0.start == $0.end) }
        self.mode = mode
        let count = segments.count
        self.functions = (0..<count).map { $0 < functions.count ? functions[$0] : nil }
        if mode == .paced || mode == .cubicPaced {
            times = []
        } else if let keyTimes {
            let vertices = count + 1
            try validateKeyTimes(
                keyTimes, count: mode == .discrete ? [vertices, vertices + 1] : [vertices],
                what: "a path with \(vertices) keyframes")
            times = keyTimes
        } else {
            let steps = mode == .discrete ? count + 1 : count
            times = (0...steps).map { steps > 0 ? Double($0) / Double(steps) : 0 }
        }
    }

    /// The first and last point the layer passes (for cumulative repeats).
    var endpoints: (CGPoint, CGPoint)? {
        guard let first = segments.first, let last = segments.last else { return nil }
        return (first.start, last.end)
    }

    func position(at f: Double) -> (CGPoint, Double)? {
        guard !segments.isEmpty else { return nil }
        switch mode {
        case .paced, .cubicPaced:
            return measure.position(atLength: min(max(f, 0), 1) * measure.length).map { ($0.point, $0.angle) }
        case .discrete:
            var vertex = 0
            for i in 0..<min(segments.count + 1, times.count) where times[i] <= f { vertex = i }
            if vertex < segments.count { return (segments[vertex].start, segments[vertex].tangentAngle(at: 0)) }
            let last = segments[segments.count - 1]
            return (last.end, last.tangentAngle(at: 1))
        default:
            let n = segments.count
            if f <= times[0] { return (segments[0].start, segments[0].tangentAngle(at: 0)) }
            if f >= times[n] { return (segments[n - 1].end, segments[n - 1].tangentAngle(at: 1)) }
            var i = 0
            while i < n - 1, f >= times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var u = span > 0 ? (f - times[i]) / span : 1
            if let function = functions[i] { u = function.progress(at: u) }
            return (segments[i].point(at: u), segments[i].tangentAngle(at: min(max(u, 0), 1)))
        }
    }
}
