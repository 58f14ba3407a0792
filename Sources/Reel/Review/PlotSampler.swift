import Foundation
import ReelCore

/// Samples presentation values for `PropertyPlot`: several times a frame, then finer where a
/// component jumps between samples, so steps and discrete keyframes show as steps.
struct PlotSampler {
    let timeline: Timeline
    let duration: Double
    let fps: Double

    /// Most samples per panel, refinement included.
    static let maxSamples = 24_000
    /// Halvings of an interval with a jump.
    static let refineDepth = 8

    /// The sample times before refinement: 4 a frame, at least 200.
    var baseTimes: [Double] {
        let count = min(
            max(Int(saturating: (duration * fps * Double(PropertyPlot.samplesPerFrame)).rounded(.up)), 200),
            Self.maxSamples / 2)
        return (0...count).map { Double($0) * duration / Double(count) }
    }

    /// The presentation state of each of `layers` at each base time (nil where it is not in the
    /// tree): one presentation tree per time, shared by every panel.
    func baseStates(of layers: [String]) -> [String: [LayerState?]] {
        var states = [String: [LayerState?]](layers.map { ($0, []) }, uniquingKeysWith: { a, _ in a })
        for t in baseTimes {
            let tree = timeline.presentation(at: t)
            for name in states.keys { states[name]!.append(tree.first { $0.name == name }?.state) }
        }
        return states
    }

    /// A panel from the layer's base states, refined with further presentations around jumps.
    func panel(layer: String, states: [LayerState?], path: LayerKeyPath, keyPath: String, scene: String) throws
        -> PlotPanel
    {
        let value: (Double) -> AnimatableValue? = { t in
            timeline.presentation(at: t, layerNamed: layer).map { path.get($0.state) }
        }
        var samples: [(time: Double, value: AnimatableValue?)] = zip(baseTimes, states).map { t, state in
            (t, state.map(path.get))
        }
        guard let first = samples.lazy.compactMap(\.value).first else {
            throw RenderJobError.invalid("\(scene): layer '\(layer)' is never in the layer tree during the scene")
        }
        guard let names = Self.componentNames(first) else {
            throw RenderJobError.invalid("\(scene): cannot plot '\(keyPath)': its values are not numbers (\(first))")
        }
        // Finer around jumps: any component moving more than 2 % of its range between samples.
        let ranges = (0..<names.count).map { i -> Double in
            let vs = samples.compactMap { $0.value.flatMap { Self.components($0)?[safe: i] } }
            return (vs.max() ?? 0) - (vs.min() ?? 0)
        }
        func jumps(_ a: AnimatableValue?, _ b: AnimatableValue?) -> Bool {
            guard let a, let b, let ca = Self.components(a), let cb = Self.components(b), ca.count == cb.count else {
                return (a == nil) != (b == nil)
            }
            return zip(zip(ca, cb), ranges).contains { pair, range in range > 0 && abs(pair.0 - pair.1) > 0.02 * range }
        }
        var refined: [(time: Double, value: AnimatableValue?)] = [samples[0]]
        var budget = Self.maxSamples - samples.count
        for (a, b) in zip(samples, samples.dropFirst()) {
            if budget > 0, jumps(a.value, b.value) {
                var extra: [(time: Double, value: AnimatableValue?)] = []
                func refine(
                    _ l: (time: Double, value: AnimatableValue?), _ r: (time: Double, value: AnimatableValue?),
                    depth: Int
                ) {
                    guard depth > 0, budget > 0, jumps(l.value, r.value) else { return }
                    let mid = (l.time + r.time) / 2
                    let m = (mid, value(mid))
                    budget -= 1
                    refine(l, m, depth: depth - 1)
                    extra.append(m)
                    refine(m, r, depth: depth - 1)
                }
                refine(a, b, depth: Self.refineDepth)
                refined += extra
            }
            refined.append(b)
        }
        samples = refined
        let series = names.enumerated().map { i, name in
            PlotSeries(
                name: name, points: samples.map { ($0.time, $0.value.flatMap { Self.components($0)?[safe: i] }) })
        }
        // A transform's 16 entries: only those that change (and m11 when none does).
        let shown = Self.merged(names.count == 16 ? Self.changing(series) : series)
        var colors: [(time: Double, color: CGColor?)] = []
        if case .color = first {
            colors = samples.map { s in if case .color(let c)? = s.value { (s.time, c) } else { (s.time, nil) } }
        }
        return PlotPanel(
            layer: layer, keyPath: keyPath, unit: Self.unit(of: path), series: shown, colors: colors,
            events: timeline.events.filter { $0.layer == layer && $0.time <= duration })
    }

    /// The names of a value's components, or nil when it has none to plot.
    static func componentNames(_ value: AnimatableValue) -> [String]? {
        switch value {
        case .number, .bool: ["value"]
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["x", "y", "width", "height"]
        case .color: ["red", "green", "blue", "alpha"]
        case .transform: (1...4).flatMap { r in (1...4).map { c in "m\(r)\(c)" } }
        case .numbers(let v): v.indices.map { "[\($0)]" }
        default: nil
        }
    }

    /// A value's components in the order of `componentNames`.
    static func components(_ value: AnimatableValue) -> [Double]? {
        switch value {
        case .number(let v): [v]
        case .bool(let b): [b ? 1 : 0]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): c.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [0, 0, 0, 0]
        case .transform(let t): t.entries
        case .numbers(let v): v
        default: nil
        }
    }

    /// Components equal all along (a uniform scale's m11, m22, m33) as one line named `m11 = m22 = m33`,
    /// so no line hides another.
    static func merged(_ series: [PlotSeries]) -> [PlotSeries] {
        var groups: [(name: String, points: [(time: Double, value: Double?)])] = []
        for s in series {
            if let i = groups.firstIndex(where: { g in
                g.points.count == s.points.count && zip(g.points, s.points).allSatisfy { $0.value == $1.value }
            }) {
                groups[i].name += " = " + s.name
            } else {
                groups.append((s.name, s.points))
            }
        }
        return groups.map { PlotSeries(name: $0.name, points: $0.points) }
    }

    private static func changing(_ series: [PlotSeries]) -> [PlotSeries] {
        let varying = series.filter { s in
            let vs = s.points.compactMap(\.value)
            return (vs.max() ?? 0) - (vs.min() ?? 0) > 1e-9
        }
        return varying.isEmpty ? [series[0]] : varying
    }

    /// The unit values of this key path are in, as Core Animation measures them.
    static func unit(of path: LayerKeyPath) -> String {
        if let field = path.fields.last {
            switch field {
            case .rotationX, .rotationY, .rotationZ: return "rad"
            case .scale, .scaleX, .scaleY, .scaleZ: return "×"
            default: return "pt"
            }
        }
        switch path.kind {
        case .point, .size, .rect: return "pt"
        case .color: return "0–1"
        default: break
        }
        let name = path.property.rawValue
        let lengths = ["Radius", "Width", "zPosition", "fontSize", "lineDashPhase", "miterLimit", "Offset"]
        if name == "instanceDelay" { return "s" }
        return lengths.contains { name.localizedCaseInsensitiveContains($0) } ? "pt" : ""
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
