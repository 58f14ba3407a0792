import Foundation
import ReelCore
import ReelLottie

// MARK: - Properties and values
extension LottieDecoder {
    /// The entries of a JSON object by key, or nil (with an error) when `node` is not one.
    func object(_ node: SceneNode, _ path: String) -> [String: SceneNode]? {
        guard case .mapping(let pairs, _) = node else {
            diagnostics.error("\(path) must be an object, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A finite number no larger than Reel's coordinate limit, or nil with an error.
    func number(_ node: SceneNode, _ path: String) -> Double? {
        if case .sequence(let items, _) = node, items.count == 1 { return number(items[0], path) }
        guard let value = node.number else {
            diagnostics.error("\(path) must be a number, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard abs(value) <= SceneLimits.maxCoordinate else {
            diagnostics.error(
                "\(path) is \(JSONValue.format(value)); numbers in Lottie files are limited to ±\(JSONValue.format(SceneLimits.maxCoordinate))",
                at: node.location)
            return nil
        }
        return value
    }

    /// An optional number: `fallback` when absent or wrong (wrong is reported).
    func number(_ node: SceneNode?, _ path: String, default fallback: Double) -> Double {
        node.flatMap { number($0, path) } ?? fallback
    }

    /// A list of at least `count` numbers (Lottie writes points and colours as lists).
    func numbers(_ node: SceneNode, _ path: String, count: Int) -> [Double]? {
        guard case .sequence(let items, _) = node, items.count >= count else {
            diagnostics.error(
                "\(path) must be a list of \(count) or more numbers, found \(node.kindDescription)", at: node.location)
            return nil
        }
        let values = items.enumerated().compactMap { number($1, "\(path)[\($0)]") }
        return values.count == items.count ? values : nil
    }

    /// A point; a single number is x with y 0 (lottie-ios reads missing components as 0).
    func point(_ node: SceneNode, _ path: String) -> CGPoint? {
        numbers(node, path, count: 1).map { CGPoint(x: $0[0], y: $0.count > 1 ? $0[1] : 0) }
    }

    /// RGB or RGBA from 0 to 1 (files with a component above 1 use 0 to 255, as lottie-ios reads them).
    func color(_ node: SceneNode, _ path: String) -> CGColor? {
        guard let c = numbers(node, path, count: 3) else { return nil }
        let divisor = c.contains { $0 > 1 } ? 255.0 : 1
        func unit(_ v: Double) -> Double { min(max(v / divisor, 0), 1) }
        return CGColor(red: unit(c[0]), green: unit(c[1]), blue: unit(c[2]), alpha: c.count > 3 ? unit(c[3]) : 1)
    }

    /// A property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`); `fallback` when
    /// absent. Errors are reported and give `fallback` too, so decoding goes on.
    func animatable<V>(
        _ node: SceneNode?, _ path: String, default fallback: V, _ value: (SceneNode, String) -> V?
    ) -> LottieAnimatable<V> {
        guard let node, let fields = object(node, path) else { return LottieAnimatable(fallback) }
        if fields["x"] != nil {
            warn(path, "expressions are not supported; the keyframes are used instead", at: node)
        }
        guard let k = fields["k"] else {
            diagnostics.error("\(path) has no value ('k')", at: node.location)
            return LottieAnimatable(fallback)
        }
        guard case .sequence(let items, _) = k, case .mapping(let first, _)? = items.first,
            first.contains(where: { $0.key == "t" })
        else {
            return LottieAnimatable(value(k, "\(path).k") ?? fallback)
        }
        var keyframes: [LottieKeyframe<V>] = []
        var previousEnd: SceneNode?
        for (n, item) in items.enumerated() {
            let where_ = "\(path).k[\(n)]"
            guard let key = object(item, where_), let frameNode = key["t"], let frame = number(frameNode, "\(where_).t")
            else { return LottieAnimatable(fallback) }
            if let last = keyframes.last, frame < last.frame {
                diagnostics.error(
                    "\(where_).t is frame \(JSONValue.format(frame)), before the previous keyframe's \(JSONValue.format(last.frame)); keyframes must be in time order",
                    at: frameNode.location)
                return LottieAnimatable(fallback)
            }
            // The last keyframe of older files has only a time: its value is the previous `e`.
            let decoded: V?
            if let start = key["s"] {
                decoded = value(start, "\(where_).s")
            } else if let end = previousEnd {
                decoded = value(end, "\(path).k[\(n - 1)].e")
            } else if let last = keyframes.last {
                decoded = last.value
            } else {
                diagnostics.error("\(where_) has no value ('s')", at: item.location)
                return LottieAnimatable(fallback)
            }
            guard let decoded else { return LottieAnimatable(fallback) }
            previousEnd = key["e"]
            keyframes.append(
                LottieKeyframe(
                    frame: frame, value: decoded, easing: easing(key), hold: key["h"]?.number == 1,
                    spatialOut: key["to"].flatMap { $0.isNull ? nil : point($0, "\(where_).to") },
                    spatialIn: key["ti"].flatMap { $0.isNull ? nil : point($0, "\(where_).ti") }))
        }
        return LottieAnimatable(keyframes: keyframes)
    }

    /// The timing function from a keyframe's `o` (first control point) and `i` (second).
    private func easing(_ key: [String: SceneNode]) -> CAMediaTimingFunction? {
        func control(_ node: SceneNode?) -> CGPoint? {
            guard let node, case .mapping(let pairs, _) = node else { return nil }
            func first(_ name: String) -> Double? {
                guard let n = pairs.first(where: { $0.key == name })?.value else { return nil }
                if case .sequence(let items, _) = n { return items.first?.number }
                return n.number
            }
            guard let x = first("x"), let y = first("y"), abs(y) <= SceneLimits.maxCoordinate else { return nil }
            return CGPoint(x: x, y: y)
        }
        guard let c1 = control(key["o"]), let c2 = control(key["i"]) else { return nil }
        return CAMediaTimingFunction(c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y)
    }

    /// A Bézier shape (`{"v", "i", "o", "c"}`, or a list holding one, as keyframes write it).
    func bezier(_ node: SceneNode, _ path: String) -> LottieBezier? {
        if case .sequence(let items, _) = node, items.count == 1 { return bezier(items[0], path) }
        guard let fields = object(node, path) else { return nil }
        func points(_ key: String) -> [CGPoint]? {
            guard let list = fields[key] else { return key == "v" ? nil : [] }
            guard case .sequence(let items, _) = list else {
                diagnostics.error("\(path).\(key) must be a list of points", at: list.location)
                return nil
            }
            guard items.count <= SceneLimits.maxPathPoints else {
                diagnostics.error(
                    "\(path).\(key) has \(items.count) points; paths are limited to \(SceneLimits.maxPathPoints)",
                    at: list.location)
                return nil
            }
            let decoded = items.enumerated().compactMap { point($1, "\(path).\(key)[\($0)]") }
            return decoded.count == items.count ? decoded : nil
        }
        guard let vertices = points("v") else {
            if fields["v"] == nil { diagnostics.error("\(path) has no vertices ('v')", at: node.location) }
            return nil
        }
        guard let inTangents = points("i"), let outTangents = points("o") else { return nil }
        pathPoints += vertices.count * 3
        guard pathPoints <= SceneLimits.maxTotalPathPoints else {
            diagnostics.error(
                "the paths of this file have more than \(SceneLimits.maxTotalPathPoints) points in all, Reel's limit",
                at: node.location)
            return nil
        }
        return LottieBezier(
            vertices: vertices, inTangents: inTangents, outTangents: outTangents, closed: fields["c"]?.bool ?? false)
    }

    /// A located warning naming the construct: `layers[3].shapes[1]: merge paths are not …`.
    /// Under `--strict` (`SceneLimits.strict`) an error.
    func warn(_ path: String, _ message: String, at node: SceneNode) {
        compatibility("\(path): \(message)", at: node.location)
    }

    /// What Reel draws differently from lottie-ios: a warning, or under `--strict` an error.
    func compatibility(_ message: String, at location: SourcePosition) {
        if limits.strict {
            diagnostics.error("\(message) (--strict)", at: location)
        } else {
            diagnostics.warning(message, at: location)
        }
    }
}
