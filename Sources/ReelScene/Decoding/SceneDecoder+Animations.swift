import Foundation
import ReelCore

extension SceneDecoder {
    static let animationClasses = ["CABasicAnimation": "CABasicAnimation", "basic": "CABasicAnimation"]
    static let plannedAnimationClasses = ["CAKeyframeAnimation", "keyframe", "CASpringAnimation", "spring",
                                          "CAAnimationGroup", "group", "CATransition", "transition"]
    static let timingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                             "autoreverses", "fillMode", "removedOnCompletion", "timingFunction"]
    static let basicKeys = ["class", "use", "keyPath", "fromValue", "toValue", "byValue", "additive", "cumulative"] + timingKeys
    static let plannedAnimationKeys = ["valueFunction", "values", "path", "keyTimes", "timingFunctions", "calculationMode",
                                       "rotationMode", "tensionValues", "continuityValues", "biasValues", "mass", "stiffness",
                                       "damping", "initialVelocity", "animations", "type", "subtype", "startProgress", "endProgress"]

    // MARK: - Templates

    func decodeTemplates(_ node: SceneNode) {
        guard let map = MapReader(node, diagnostics, what: "'animations'") else { return }
        for pair in map.pairs {
            guard case .mapping = pair.value else {
                diagnostics.error("animation template '\(pair.key)' must be a map of animation fields, found \(pair.value.kindDescription)", at: pair.value.location)
                continue
            }
            templates[pair.key] = (pair.value, pair.keyLocation)
        }
        // Check every template once on its own, so mistakes in unused templates are reported too.
        for name in templates.keys.sorted() {
            _ = decodeAnimation(.scalar(name, quoted: false, templates[name]!.location), checkOnly: true)
        }
    }

    /// Expands `use:` chains: the template's fields, then the overriding fields. nil on error.
    private func expand(_ node: SceneNode, seen: [String] = []) -> SceneNode? {
        guard case .mapping(let pairs, let location) = node else { return node }
        guard let usePair = pairs.first(where: { $0.key == "use" }) else { return node }
        guard let name = values.string(usePair.value, what: "use") else { return nil }
        guard let template = templates[name] else {
            diagnostics.error("unknown animation template '\(name)'\(suggestion(for: name, among: templates.keys.sorted()))", at: usePair.value.location)
            return nil
        }
        guard !seen.contains(name) else {
            diagnostics.error("animation templates use each other in a cycle: \((seen + [name]).joined(separator: " → "))", at: usePair.value.location)
            return nil
        }
        guard case .mapping(let base, _)? = expand(template.node, seen: seen + [name]) else { return nil }
        let overrides = pairs.filter { $0.key != "use" }
        let merged = base.filter { b in !overrides.contains { $0.key == b.key } } + overrides
        return .mapping(merged, location)
    }

    // MARK: - Animations

    /// Decodes an animation (a template name or an inline map) into a new `CAAnimation`.
    /// `beginTime` stays as written: relative to the moment it is added.
    func decodeAnimation(_ node: SceneNode, checkOnly: Bool = false) -> CAAnimation? {
        var source = node
        if let name = node.string {
            guard templates[name] != nil else {
                diagnostics.error("unknown animation template '\(name)'\(suggestion(for: name, among: templates.keys.sorted()))", at: node.location)
                return nil
            }
            source = .mapping([("use", node.location, node)], node.location)
        }
        guard case .mapping = source else {
            diagnostics.error("an animation must be a template name or a map of animation fields, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard let expanded = expand(source), var map = MapReader(expanded, diagnostics, what: "an animation") else { return nil }

        var className = "CABasicAnimation"
        if let c = map.take("class"), let name = values.string(c, what: "class") {
            if let cls = Self.animationClasses[name] {
                className = cls
            } else if Self.plannedAnimationClasses.contains(name) {
                diagnostics.error("\(name) is not supported by this version of reel yet", at: c.location)
                return nil
            } else {
                diagnostics.error("unknown animation class '\(name)'\(suggestion(for: name, among: Self.animationClasses.keys.sorted() + Self.plannedAnimationClasses))", at: c.location)
                return nil
            }
        }
        _ = className
        let animation = CABasicAnimation()
        decodeTiming(&map, into: animation)
        decodeBasic(&map, into: animation)
        for pair in map.remaining {
            if Self.plannedAnimationKeys.contains(pair.key) {
                diagnostics.error("'\(pair.key)' is not supported by this version of reel yet", at: pair.keyLocation)
            } else {
                diagnostics.error("unknown key '\(pair.key)' in an animation\(suggestion(for: pair.key, among: Self.basicKeys))", at: pair.keyLocation)
            }
        }
        return animation
    }

    /// CAMediaTiming fields, timing function, fill mode and removal.
    private func decodeTiming(_ map: inout MapReader, into a: CAAnimation) {
        if let n = map.take("beginTime"), let v = values.number(n, what: "beginTime") { a.beginTime = v }
        if let n = map.take("duration"), let v = values.nonNegative(n, what: "duration") { a.duration = v }
        if let n = map.take("speed"), let v = values.number(n, what: "speed") { a.speed = v }
        if let n = map.take("timeOffset"), let v = values.number(n, what: "timeOffset") { a.timeOffset = v }
        if let n = map.take("repeatCount"), let v = values.repeatCount(n) { a.repeatCount = v }
        if let n = map.take("repeatDuration"), let v = values.nonNegative(n, what: "repeatDuration") { a.repeatDuration = v }
        if let n = map.take("autoreverses"), let v = values.bool(n, what: "autoreverses") { a.autoreverses = v }
        if let n = map.take("fillMode"),
           let v = values.choice(n, what: "fillMode", among: CAMediaTimingFillMode.allCases.map(\.rawValue)) {
            a.fillMode = CAMediaTimingFillMode(rawValue: v)!
        }
        if let n = map.take("removedOnCompletion"), let v = values.bool(n, what: "removedOnCompletion") { a.isRemovedOnCompletion = v }
        if let n = map.take("timingFunction"), let f = values.timingFunction(n, what: "timingFunction") { a.timingFunction = f }
    }

    /// keyPath and the from/to/by values, decoded as the key path's kind.
    private func decodeBasic(_ map: inout MapReader, into a: CABasicAnimation) {
        if let n = map.take("additive"), let v = values.bool(n, what: "additive") { a.isAdditive = v }
        if let n = map.take("cumulative"), let v = values.bool(n, what: "cumulative") { a.isCumulative = v }
        var path: LayerKeyPath?
        if let n = map.take("keyPath") {
            if let text = values.string(n, what: "keyPath") {
                if let p = LayerKeyPath(text), p.property.isAnimatable {
                    path = p
                    a.keyPath = text
                } else if let p = LayerKeyPath(text) {
                    diagnostics.error("'\(p)' is not animatable", at: n.location)
                } else {
                    diagnostics.error("unknown key path '\(text)'\(suggestion(for: text, among: LayerKeyPath.allPaths))", at: n.location)
                }
            }
        } else {
            diagnostics.error("a CABasicAnimation needs a 'keyPath' (the property it animates)", at: map.location)
        }
        for key in ["fromValue", "toValue", "byValue"] {
            guard let n = map.take(key), let path else { continue }
            guard let v = values.value(n, kind: path.kind, what: key) else { continue }
            switch key {
            case "fromValue": a.fromValue = v
            case "toValue": a.toValue = v
            default: a.byValue = v
            }
        }
    }
}
