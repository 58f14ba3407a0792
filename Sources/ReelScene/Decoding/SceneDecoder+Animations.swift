import Foundation
import ReelCore

extension SceneDecoder {
    static let animationClasses = [
        "CABasicAnimation": "CABasicAnimation", "basic": "CABasicAnimation",
        "CAKeyframeAnimation": "CAKeyframeAnimation", "keyframe": "CAKeyframeAnimation",
        "CASpringAnimation": "CASpringAnimation", "spring": "CASpringAnimation",
        "CAAnimationGroup": "CAAnimationGroup", "group": "CAAnimationGroup",
        "CATransition": "CATransition", "transition": "CATransition"
    ]
    static let timingKeys = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction"
    ]
    static let propertyKeys = ["keyPath", "additive", "cumulative"]
    static let basicKeys = ["fromValue", "toValue", "byValue", "valueFunction"]
    static let keyframeKeys = [
        "values", "valueFunction", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode",
        "tensionValues", "continuityValues", "biasValues"
    ]
    static let springKeys = [
        "mass", "stiffness", "damping", "initialVelocity", "perceptualDuration", "bounce", "allowsOverdamping"
    ]
    static let groupKeys = ["animations"]
    static let transitionKeys = ["type", "subtype", "startProgress", "endProgress"]
    /// `rotationMode` values: Core Animation's constants' values and their Swift names.
    static let rotationModes = ["auto", "autoReverse", "rotateAuto", "rotateAutoReverse"]

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
                diagnostics.error(
                    "animation template '\(pair.key)' must be a map of animation fields, found \(pair.value.kindDescription)",
                    at: pair.value.location)
                continue
            }
            templates[pair.key] = (pair.value, pair.keyLocation)
        }
        // Check every template once on its own, so mistakes in unused templates are reported too.
        // A template may leave keyPath out (an action fills it in from its key): that is
        // checked where the template is used.
        checkingTemplates = true
        defer { checkingTemplates = false }
        for pair in map.pairs where templates[pair.key] != nil {
            _ = decodeAnimation(.scalar(pair.key, quoted: false, pair.keyLocation))
        }
    }

    /// Expands `use:` into one map: the template's fields (expanded in turn), then the
    /// overriding fields (which keep their locations). nil after an error.
    private func expand(_ node: SceneNode) -> SceneNode? {
        guard case .mapping(let pairs, let location) = node else { return node }
        guard let usePair = pairs.first(where: { $0.key == "use" }) else { return node }
        guard let name = values.string(usePair.value, what: "use") else { return nil }
        guard let base = expandTemplate(name, usedAt: usePair.value.location) else { return nil }
        return Self.merge(base, with: pairs.filter { $0.key != "use" }, at: location)
    }

    /// The fields of template `name` with its `use:` chain resolved, computed once per template.
    /// The chain is walked without recursion up to the first template already expanded, so a
    /// chain of 10 000 templates costs 10 000 steps in all, not 10 000 per use.
    private func expandTemplate(_ name: String, usedAt location: SourcePosition) -> SceneNode? {
        if let known = expansions[name] { return known }
        var chain: [String] = []
        var onChain: Set<String> = []
        var current = name, currentLocation = location
        func fail() -> SceneNode? {
            for n in chain { expansions[n] = .some(nil) }
            return nil
        }
        while expansions[current] == nil {
            guard let template = templates[current] else {
                diagnostics.error(
                    "unknown animation template '\(SceneNode.abbreviated(current))'\(diagnostics.didYouMean(current, among: templates.keys.sorted()))",
                    at: currentLocation)
                return fail()
            }
            guard !onChain.contains(current) else {
                let cycle = chain[chain.firstIndex(of: current)!...] + [current]
                diagnostics.error(
                    "animation templates use each other in a cycle: \(cycle.joined(separator: " → "))",
                    at: currentLocation)
                return fail()
            }
            chain.append(current)
            onChain.insert(current)
            guard case .mapping(let pairs, _) = template.node, let use = pairs.first(where: { $0.key == "use" }) else {
                break
            }
            guard let next = values.string(use.value, what: "use") else { return fail() }
            current = next
            currentLocation = use.value.location
        }
        for link in chain.reversed() {
            guard case .mapping(let pairs, let at) = templates[link]!.node else { return fail() }
            if let use = pairs.first(where: { $0.key == "use" }), let target = use.value.string {
                guard case .some(.some(let base)) = expansions[target] else { return fail() }
                expansions[link] = .some(Self.merge(base, with: pairs.filter { $0.key != "use" }, at: at))
            } else {
                expansions[link] = .some(templates[link]!.node)
            }
        }
        return expansions[name] ?? nil
    }

    /// `base`'s fields with `overrides` replacing those of the same key.
    private static func merge(_ base: SceneNode, with overrides: [MapEntry], at location: SourcePosition) -> SceneNode {
        guard case .mapping(var merged, _) = base else { return base }
        var index: [String: Int] = [:]
        for (i, pair) in merged.enumerated() { index[pair.key] = i }
        for pair in overrides {
            if let i = index[pair.key] {
                merged[i] = pair
            } else {
                index[pair.key] = merged.count
                merged.append(pair)
            }
        }
        return .mapping(merged, location)
    }

    // MARK: - Animations

    /// Decodes an animation (a template name or an inline map) into a new `CAAnimation`.
    /// `beginTime` stays as written: relative to the moment it is added.
    func decodeAnimation(_ node: SceneNode) -> CAAnimation? {
        var source = node
        if case .scalar = node, let name = node.string {
            guard templates[name] != nil else {
                diagnostics.error(
                    "unknown animation template '\(SceneNode.abbreviated(name))'\(diagnostics.didYouMean(name, among: templates.keys.sorted()))",
                    at: node.location)
                return nil
            }
            source = .mapping([MapEntry(key: "use", keyLocation: node.location, value: node)], node.location)
        }
        guard case .mapping = source else {
            diagnostics.error(
                "an animation must be a template name or a map of animation fields, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        // Group children are animations too; through templates a group can contain itself.
        // The template named here, if it is being decoded already, closes such a cycle.
        let named: String? =
            if case .mapping(let pairs, _) = source { pairs.first { $0.key == "use" }?.value.string } else { nil }
        if let named, activeSet.contains(named) {
            let path = activeTemplates[activeTemplates.firstIndex(of: named)!...] + [named]
            diagnostics.error(
                "animation templates contain each other in a cycle: \(path.joined(separator: " → "))", at: node.location
            )
            return nil
        }
        guard activeTemplates.count < limits.maxNesting else {
            diagnostics.error(
                "animations are nested more than \(limits.maxNesting) deep (groups in groups)", at: node.location)
            return nil
        }
        guard let expanded = expand(source) else { return nil }
        animationCount += 1
        guard animationCount <= limits.maxAnimations else {
            if animationCount == limits.maxAnimations + 1 {
                diagnostics.error(
                    "the scene builds more than \(limits.maxAnimations) animations (templates used in groups of templates multiply)",
                    at: node.location)
            }
            return nil
        }
        // Every nested decode takes a level (unnamed ones with an empty name) so that the depth
        // limit counts groups in groups however they are written.
        activeTemplates.append(named ?? "")
        if let named { activeSet.insert(named) }
        defer {
            activeTemplates.removeLast()
            if let named { activeSet.remove(named) }
        }
        guard var map = MapReader(expanded, diagnostics, what: "an animation") else { return nil }
        // Only this animation's own keyPath falls back to an action's key, not its group's children.
        let fallbackKeyPath = missingKeyPath
        missingKeyPath = nil

        let errorsBefore = diagnostics.errorCount
        var className = "CABasicAnimation"
        if let c = map.take("class"), let name = values.string(c, what: "class") {
            if let cls = Self.animationClasses[name] {
                className = cls
            } else {
                diagnostics.error(
                    "unknown animation class '\(name)'\(diagnostics.didYouMean(name, among: Self.animationClasses.keys.sorted()))",
                    at: c.location)
                return nil
            }
        }
        let animation: CAAnimation
        missingKeyPath = fallbackKeyPath
        defer { missingKeyPath = nil }
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
            let key: [Double] = [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity].map {
                Double($0)
            }
            if let known = settlingDurations[key] {
                spring.duration = known
            } else {
                spring.duration = spring.settlingDuration
                settlingDurations[key] = spring.duration
            }
        }
        let known = Self.animationKeys(for: className)
        for pair in map.remaining {
            let other = Self.animationClasses.values.sorted().first { Self.animationKeys(for: $0).contains(pair.key) }
            let hint =
                other.map { " ('\(pair.key)' belongs to \($0))" } ?? diagnostics.didYouMean(pair.key, among: known)
            diagnostics.error("unknown key '\(pair.key)' in a \(className)\(hint)", at: pair.keyLocation)
        }
        if diagnostics.errorCount == errorsBefore {
            do {
                try animation.validate()
            } catch {
                // Core Animation's checks name the field at fault ("keyTimes has 3 entries…"): report
                // the problem there.
                let message = "\(error)"
                let field = map.keys.first { message.hasPrefix($0 + " ") || message.hasPrefix($0 + "[") }
                let location =
                    field.flatMap { f in map.pairs.first { $0.key == f }?.value.location } ?? expanded.location
                diagnostics.error(message, at: location)
            }
        }
        return animation
    }

    /// CAMediaTiming fields, timing function, fill mode and removal.
    private func decodeTiming(_ map: inout MapReader, into a: CAAnimation) {
        if let n = map.take("beginTime"), let v = values.number(n, what: "beginTime") { a.beginTime = v }
        if let n = map.take("duration"), let v = values.nonNegative(n, what: "duration") { a.duration = v }
        if let n = map.take("speed"), let v = values.number(n, what: "speed") { a.timing.speed = v }
        if let n = map.take("timeOffset"), let v = values.number(n, what: "timeOffset") { a.timeOffset = v }
        if let n = map.take("repeatCount"), let v = values.repeatCount(n) { a.timing.repeatCount = v }
        if let n = map.take("repeatDuration"), let v = values.nonNegative(n, what: "repeatDuration") {
            a.repeatDuration = v
        }
        if let n = map.take("autoreverses"), let v = values.bool(n, what: "autoreverses") { a.autoreverses = v }
        if let n = map.take("fillMode"),
            let v = values.choice(n, what: "fillMode", among: CAMediaTimingFillMode.allCases.map(\.rawValue))
        {
            a.fillMode = CAMediaTimingFillMode(rawValue: v)!
        }
        if let n = map.take("removedOnCompletion"), let v = values.bool(n, what: "removedOnCompletion") {
            a.isRemovedOnCompletion = v
        }
        if let n = map.take("timingFunction"), let f = values.timingFunction(n, what: "timingFunction") {
            a.timingFunction = f
        }
    }

    /// `keyPath`, `additive`, `cumulative`: the CAPropertyAnimation fields. Returns the parsed path.
    private func decodeProperty(_ map: inout MapReader, into a: CAPropertyAnimation) -> LayerKeyPath? {
        if let n = map.take("additive"), let v = values.bool(n, what: "additive") { a.isAdditive = v }
        if let n = map.take("cumulative"), let v = values.bool(n, what: "cumulative") { a.isCumulative = v }
        let fallback = missingKeyPath
        missingKeyPath = nil
        guard let n = map.take("keyPath") else {
            if let fallback, let p = Self.keyPath(fallback), p.isAnimatable {
                a.keyPath = p.description
                return p
            }
            if checkingTemplates { return nil }
            let hint =
                fallback.map { " ('\($0)' is not animatable: an action for it must name what it animates)" } ?? ""
            diagnostics.error("a \(type(of: a)) needs a 'keyPath' (the property it animates)\(hint)", at: map.location)
            return nil
        }
        guard let text = values.string(n, what: "keyPath") else { return nil }
        if let p = Self.keyPath(text), p.isAnimatable {
            a.keyPath = p.description
            return p
        } else if let p = Self.keyPath(text) {
            diagnostics.error("'\(p)' is not animatable", at: n.location)
        } else if let problem = cellPathProblem(text) {
            diagnostics.error(problem, at: n.location)
        } else {
            diagnostics.error(
                "unknown key path '\(SceneNode.abbreviated(text))'\(diagnostics.didYouMean(text, among: LayerKeyPath.allPaths + Self.propertyAliases.keys.sorted()))",
                at: n.location)
        }
        return nil
    }

    /// keyPath and the from/to/by values, decoded as the key path's kind (or the value
    /// function's input: numbers for rotate/scaleX…, [x, y, z] for scale and translate).
    private func decodeBasic(_ map: inout MapReader, into a: CABasicAnimation) {
        let path = decodeProperty(&map, into: a)
        let usable = decodeValueFunction(&map, into: a, path: path)
        for key in ["fromValue", "toValue", "byValue"] {
            guard let n = map.take(key), usable, let value = propertyValue(n, of: a, path: path, what: key) else {
                continue
            }
            switch key {
            case "fromValue": a.fromValue = value
            case "toValue": a.toValue = value
            default: a.byValue = value
            }
        }
    }

    /// `valueFunction`: the values then are its input, and the key path must hold a transform.
    /// false when the combination is unusable (its values are then not decoded).
    private func decodeValueFunction(_ map: inout MapReader, into a: CAPropertyAnimation, path: LayerKeyPath?) -> Bool {
        guard let n = map.take("valueFunction"),
            let name = values.choice(n, what: "valueFunction", among: CAValueFunctionName.allCases.map(\.rawValue))
        else { return true }
        a.valueFunction = CAValueFunction(name: CAValueFunctionName(rawValue: name)!)
        if let path, path.kind != .transform {
            diagnostics.error(
                "a valueFunction makes a transform; '\(path)' is not a transform key path", at: n.location)
            return false
        }
        return true
    }

    /// A from/to/by value or keyframe value of a property animation: the value function's input
    /// when it has one ([x, y, z] for scale and translate, z optional; an angle for the
    /// rotations; a number otherwise), else the key path's kind.
    private func propertyValue(_ n: SceneNode, of a: CAPropertyAnimation, path: LayerKeyPath?, what: String)
        -> AnimatableValue?
    {
        if let function = a.valueFunction?.name {
            if function.inputKind == .numbers {
                return values.numberList(n, what: what, counts: 2...3).map(AnimatableValue.numbers)
            }
            let angle = [.rotateX, .rotateY, .rotateZ].contains(function)
            return values.number(n, what: what, angle: angle).map(AnimatableValue.number)
        }
        return path.flatMap { animationValue(n, path: $0, what: what) }
    }

    /// A value an animation of `path` takes: the key path's kind, or one of its options.
    private func animationValue(_ node: SceneNode, path: LayerKeyPath, what: String) -> AnimatableValue? {
        if path.fields.isEmpty, let options = path.property.options {
            return values.choice(node, what: what, among: options).map(AnimatableValue.string)
        }
        if path.kind == .image { return image(node, what: what) }
        return values.value(node, kind: path.kind, what: what, angle: Self.isAngle(path))
    }

    /// keyTimes are fractions 0…1 that do not decrease, whatever the calculation mode (Core
    /// Animation's own check, with the count, runs on the whole animation afterwards).
    private func keyTimes(_ node: SceneNode) -> [Double]? {
        guard let times = values.numberList(node, what: "keyTimes") else { return nil }
        guard case .sequence(let items, _) = node else { return nil }
        return checkFractions(times, name: "keyTimes", at: { items[$0].location }) ? times : nil
    }

    private func decodeKeyframe(_ map: inout MapReader, into a: CAKeyframeAnimation) {
        let path = decodeProperty(&map, into: a)
        let usable = decodeValueFunction(&map, into: a, path: path)
        if let n = map.take("values"), usable, path != nil || a.valueFunction != nil {
            if case .sequence(let items, _) = n {
                let decoded = items.map { propertyValue($0, of: a, path: path, what: "each of values") }
                if decoded.allSatisfy({ $0 != nil }) { a.values = decoded.map { $0! } }
            } else {
                diagnostics.error(
                    "values must be a list of keyframe values, found \(n.kindDescription)", at: n.location)
            }
        }
        if let n = map.take("path"), let p = values.path(n, what: "path") {
            if p == nil { diagnostics.error("path must not be null", at: n.location) }
            a.path = p
            if let path, path.kind != .point {
                diagnostics.error("a keyframe path moves a point; '\(path)' holds \(path.kind.noun)", at: n.location)
            }
        }
        if let n = map.take("keyTimes"), let v = keyTimes(n) { a.keyTimes = v }
        if let n = map.take("timingFunctions") {
            if case .sequence(let items, _) = n {
                let functions = items.map { values.timingFunction($0, what: "each of timingFunctions") }
                if functions.allSatisfy({ $0 != nil }) { a.timingFunctions = functions.map { $0! } }
            } else {
                diagnostics.error(
                    "timingFunctions must be a list (one per segment), found \(n.kindDescription)", at: n.location)
            }
        }
        if let n = map.take("calculationMode"),
            let v = values.choice(
                n, what: "calculationMode", among: CAAnimationCalculationMode.allCases.map(\.rawValue))
        {
            a.calculationMode = CAAnimationCalculationMode(rawValue: v)
        }
        if let n = map.take("rotationMode"),
            let v = values.choice(n, what: "rotationMode", among: Self.rotationModes)
        {
            a.rotationMode = v.hasSuffix("everse") ? .rotateAutoReverse : .rotateAuto
        }
        if let n = map.take("tensionValues"), let v = values.numberList(n, what: "tensionValues") {
            a.tensionValues = v
        }
        if let n = map.take("continuityValues"), let v = values.numberList(n, what: "continuityValues") {
            a.continuityValues = v
        }
        if let n = map.take("biasValues"), let v = values.numberList(n, what: "biasValues") { a.biasValues = v }
        if a.values == nil && a.path == nil && !map.has("values") && !map.has("path") {
            diagnostics.error("a CAKeyframeAnimation needs 'values' or 'path'", at: map.location)
        }
    }

    private func decodeTransition(_ map: inout MapReader, into a: CATransition) {
        if let n = map.take("type"),
            let v = values.choice(n, what: "type", among: CATransitionType.allCases.map(\.rawValue))
        {
            a.type = CATransitionType(rawValue: v)
        }
        if let n = map.take("subtype"),
            let v = values.choice(n, what: "subtype", among: CATransitionSubtype.allCases.map(\.rawValue))
        {
            a.subtype = CATransitionSubtype(rawValue: v)
            if !a.type.hasDirection {
                diagnostics.warning(
                    "a \(a.type.rawValue) transition has no direction; subtype is ignored", at: n.location)
            }
        }
        if let n = map.take("startProgress"), let v = values.number(n, what: "startProgress", in: 0...1) {
            a.startProgress = Float(v)
        }
        if let n = map.take("endProgress"), let v = values.number(n, what: "endProgress", in: 0...1) {
            a.endProgress = Float(v)
        }
    }

    private func decodeGroup(_ map: inout MapReader, into a: CAAnimationGroup) {
        guard let n = map.take("animations") else {
            diagnostics.error(
                "a CAAnimationGroup needs 'animations' (the animations it runs together)", at: map.location)
            return
        }
        guard case .sequence(let items, _) = n else {
            diagnostics.error("animations must be a list of animations, found \(n.kindDescription)", at: n.location)
            return
        }
        a.animations = items.compactMap { decodeAnimation($0) }
    }
}
