import Foundation
import ReelCore

extension SceneDecoder {
    static let animationClasses = [
        "CABasicAnimation": "CABasicAnimation", "basic": "CABasicAnimation",
        "CAKeyframeAnimation": "CAKeyframeAnimation", "keyframe": "CAKeyframeAnimation",
        "CASpringAnimation": "CASpringAnimation", "spring": "CASpringAnimation",
        "CAAnimationGroup": "CAAnimationGroup", "group": "CAAnimationGroup",
        "CATransition": "CATransition", "transition": "CATransition",
    ]
    static let timingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                             "autoreverses", "fillMode", "removedOnCompletion", "timingFunction"]
    static let propertyKeys = ["keyPath", "additive", "cumulative"]
    static let basicKeys = ["fromValue", "toValue", "byValue", "valueFunction"]
    static let keyframeKeys = ["values", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode",
                               "tensionValues", "continuityValues", "biasValues"]
    static let springKeys = ["mass", "stiffness", "damping", "initialVelocity"]
    static let groupKeys = ["animations"]
    static let transitionKeys = ["type", "subtype", "startProgress", "endProgress"]

    /// The keys an animation of a class accepts.
    static func animationKeys(for className: String) -> [String] {
        let common = ["class", "use"] + timingKeys
        switch className {
        case "CAKeyframeAnimation": return common + propertyKeys + keyframeKeys
        case "CASpringAnimation": return common + propertyKeys + basicKeys + springKeys
        case "CAAnimationGroup": return common + groupKeys
        case "CATransition": return common + transitionKeys
        default: return common + propertyKeys + basicKeys
        }
    }

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
            source = .mapping([MapEntry(key: "use", keyLocation: node.location, value: node)], node.location)
        }
        guard case .mapping = source else {
            diagnostics.error("an animation must be a template name or a map of animation fields, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard let expanded = expand(source), var map = MapReader(expanded, diagnostics, what: "an animation") else { return nil }

        let errorsBefore = diagnostics.errorCount
        var className = "CABasicAnimation"
        if let c = map.take("class"), let name = values.string(c, what: "class") {
            if let cls = Self.animationClasses[name] {
                className = cls
            } else {
                diagnostics.error("unknown animation class '\(name)'\(suggestion(for: name, among: Self.animationClasses.keys.sorted()))", at: c.location)
                return nil
            }
        }
        let animation: CAAnimation
        switch className {
        case "CAKeyframeAnimation":
            let a = CAKeyframeAnimation()
            decodeKeyframe(&map, into: a)
            animation = a
        case "CASpringAnimation":
            let a = CASpringAnimation()
            decodeBasic(&map, into: a)
            decodeSpring(&map, into: a)
            animation = a
        case "CAAnimationGroup":
            let a = CAAnimationGroup()
            decodeGroup(&map, into: a)
            animation = a
        case "CATransition":
            let a = CATransition()
            decodeTransition(&map, into: a)
            animation = a
        default:
            let a = CABasicAnimation()
            decodeBasic(&map, into: a)
            animation = a
        }
        decodeTiming(&map, into: animation)
        // A spring without a duration plays until it settles (Core Animation would cut it at 0.25 s).
        if let spring = animation as? CASpringAnimation, !map.has("duration") {
            spring.duration = spring.settlingDuration
        }
        let known = Self.animationKeys(for: className)
        for pair in map.remaining {
            let other = Self.animationClasses.values.sorted().first { Self.animationKeys(for: $0).contains(pair.key) }
            let hint = other.map { " ('\(pair.key)' belongs to \($0))" } ?? suggestion(for: pair.key, among: known)
            diagnostics.error("unknown key '\(pair.key)' in a \(className)\(hint)", at: pair.keyLocation)
        }
        if diagnostics.errorCount == errorsBefore {
            do {
                try animation.validate()
            } catch {
                diagnostics.error("\(error)", at: expanded.location)
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

    /// `keyPath`, `additive`, `cumulative`: the CAPropertyAnimation fields. Returns the parsed path.
    private func decodeProperty(_ map: inout MapReader, into a: CAPropertyAnimation) -> LayerKeyPath? {
        if let n = map.take("additive"), let v = values.bool(n, what: "additive") { a.isAdditive = v }
        if let n = map.take("cumulative"), let v = values.bool(n, what: "cumulative") { a.isCumulative = v }
        guard let n = map.take("keyPath") else {
            diagnostics.error("a \(type(of: a)) needs a 'keyPath' (the property it animates)", at: map.location)
            return nil
        }
        guard let text = values.string(n, what: "keyPath") else { return nil }
        if let p = LayerKeyPath(text), p.property.isAnimatable {
            a.keyPath = text
            return p
        } else if let p = LayerKeyPath(text) {
            diagnostics.error("'\(p)' is not animatable", at: n.location)
        } else {
            diagnostics.error("unknown key path '\(text)'\(suggestion(for: text, among: LayerKeyPath.allPaths))", at: n.location)
        }
        return nil
    }

    /// keyPath and the from/to/by values, decoded as the key path's kind (or the value
    /// function's input: numbers for rotate/scaleX…, [x, y, z] for scale and translate).
    private func decodeBasic(_ map: inout MapReader, into a: CABasicAnimation) {
        let path = decodeProperty(&map, into: a)
        var kind = path?.kind
        if let n = map.take("valueFunction"),
           let name = values.choice(n, what: "valueFunction", among: CAValueFunctionName.allCases.map(\.rawValue)) {
            let function = CAValueFunctionName(rawValue: name)!
            a.valueFunction = CAValueFunction(name: function)
            if let path, path.kind != .transform {
                diagnostics.error("a valueFunction makes a transform; '\(path)' is not a transform key path", at: n.location)
                kind = nil
            } else {
                kind = function.inputKind
            }
        }
        for key in ["fromValue", "toValue", "byValue"] {
            guard let n = map.take(key), let kind else { continue }
            guard let v = values.value(n, kind: kind, what: key) else { continue }
            switch key {
            case "fromValue": a.fromValue = v
            case "toValue": a.toValue = v
            default: a.byValue = v
            }
        }
    }

    private func decodeKeyframe(_ map: inout MapReader, into a: CAKeyframeAnimation) {
        let path = decodeProperty(&map, into: a)
        if let n = map.take("values"), let path {
            if case .sequence(let items, _) = n {
                let decoded = items.map { values.value($0, kind: path.kind, what: "each of values") }
                if decoded.allSatisfy({ $0 != nil }) { a.values = decoded.map { $0! } }
            } else {
                diagnostics.error("values must be a list of keyframe values, found \(n.kindDescription)", at: n.location)
            }
        }
        if let n = map.take("path"), let p = values.path(n, what: "path") {
            if p == nil { diagnostics.error("path must not be null", at: n.location) }
            a.path = p
            if let path, path.kind != .point {
                diagnostics.error("a keyframe path moves a point; '\(path)' holds \(path.kind.noun)", at: n.location)
            }
        }
        if let n = map.take("keyTimes"), let v = values.numberList(n, what: "keyTimes") { a.keyTimes = v }
        if let n = map.take("timingFunctions") {
            if case .sequence(let items, _) = n {
                let functions = items.map { values.timingFunction($0, what: "each of timingFunctions") }
                if functions.allSatisfy({ $0 != nil }) { a.timingFunctions = functions.map { $0! } }
            } else {
                diagnostics.error("timingFunctions must be a list (one per segment), found \(n.kindDescription)", at: n.location)
            }
        }
        if let n = map.take("calculationMode"),
           let v = values.choice(n, what: "calculationMode", among: CAAnimationCalculationMode.allCases.map(\.rawValue)) {
            a.calculationMode = CAAnimationCalculationMode(rawValue: v)
        }
        if let n = map.take("rotationMode"),
           let v = values.choice(n, what: "rotationMode", among: ["auto", "autoReverse", "rotateAuto", "rotateAutoReverse"]) {
            a.rotationMode = v.hasSuffix("everse") ? .rotateAutoReverse : .rotateAuto
        }
        if let n = map.take("tensionValues"), let v = values.numberList(n, what: "tensionValues") { a.tensionValues = v }
        if let n = map.take("continuityValues"), let v = values.numberList(n, what: "continuityValues") { a.continuityValues = v }
        if let n = map.take("biasValues"), let v = values.numberList(n, what: "biasValues") { a.biasValues = v }
        if a.values == nil && a.path == nil && !map.has("values") && !map.has("path") {
            diagnostics.error("a CAKeyframeAnimation needs 'values' or 'path'", at: map.location)
        }
    }

    private func decodeSpring(_ map: inout MapReader, into a: CASpringAnimation) {
        if let n = map.take("mass"), let v = values.number(n, what: "mass") {
            if v > 0 { a.mass = v } else { diagnostics.error("mass must be greater than 0, found \(format(v))", at: n.location) }
        }
        if let n = map.take("stiffness"), let v = values.number(n, what: "stiffness") {
            if v > 0 { a.stiffness = v } else { diagnostics.error("stiffness must be greater than 0, found \(format(v))", at: n.location) }
        }
        if let n = map.take("damping"), let v = values.nonNegative(n, what: "damping") { a.damping = v }
        if let n = map.take("initialVelocity"), let v = values.number(n, what: "initialVelocity") { a.initialVelocity = v }
    }

    private func decodeTransition(_ map: inout MapReader, into a: CATransition) {
        if let n = map.take("type"), let v = values.choice(n, what: "type", among: CATransitionType.allCases.map(\.rawValue)) {
            a.type = CATransitionType(rawValue: v)
        }
        if let n = map.take("subtype"), let v = values.choice(n, what: "subtype", among: CATransitionSubtype.allCases.map(\.rawValue)) {
            a.subtype = CATransitionSubtype(rawValue: v)
            if !a.type.hasDirection {
                diagnostics.warning("a \(a.type.rawValue) transition has no direction; subtype is ignored", at: n.location)
            }
        }
        if let n = map.take("startProgress"), let v = values.number(n, what: "startProgress", in: 0...1) { a.startProgress = Float(v) }
        if let n = map.take("endProgress"), let v = values.number(n, what: "endProgress", in: 0...1) { a.endProgress = Float(v) }
    }

    private func decodeGroup(_ map: inout MapReader, into a: CAAnimationGroup) {
        guard let n = map.take("animations") else {
            diagnostics.error("a CAAnimationGroup needs 'animations' (the animations it runs together)", at: map.location)
            return
        }
        guard case .sequence(let items, _) = n else {
            diagnostics.error("animations must be a list of animations, found \(n.kindDescription)", at: n.location)
            return
        }
        a.animations = items.compactMap { decodeAnimation($0) }
    }
}
