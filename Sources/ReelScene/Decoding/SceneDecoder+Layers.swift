import Foundation
import ReelCore

extension SceneDecoder {
    /// Keys of a layer entry besides its properties.
    static let layerStructureKeys =
        ["name", "class", "sublayers", "actions", "frame", "mask", "layoutManager", "constraints"] + lottieKeys
    /// Layer classes by the names scene files use (class names and short forms).
    static let layerClasses: [String: CALayer.Type] = [
        "CALayer": CALayer.self, "layer": CALayer.self,
        "CAShapeLayer": CAShapeLayer.self, "shape": CAShapeLayer.self,
        "CATextLayer": CATextLayer.self, "text": CATextLayer.self,
        "CAGradientLayer": CAGradientLayer.self, "gradient": CAGradientLayer.self,
        "CAReplicatorLayer": CAReplicatorLayer.self, "replicator": CAReplicatorLayer.self,
        "CATransformLayer": CATransformLayer.self, "transformLayer": CATransformLayer.self,
        "CAScrollLayer": CAScrollLayer.self, "scroll": CAScrollLayer.self,
        "CAEmitterLayer": CAEmitterLayer.self, "emitter": CAEmitterLayer.self
    ]
    /// Other spellings of properties: Core Animation's Swift names of the Boolean properties whose
    /// key-value names Reel uses (the scene format (docs/scene-format.md) §3 writes `isWrapped`).
    static let propertyAliases = ["isWrapped": "wrapped", "isHidden": "hidden", "isDoubleSided": "doubleSided"]

    /// The key path a layer key names, aliases resolved (nil when it names nothing).
    static func keyPath(_ key: String) -> LayerKeyPath? {
        if let alias = propertyAliases[key] { return LayerKeyPath(alias) }
        return LayerKeyPath(key)
    }

    /// Every property and key path a layer of `kind` accepts, aliases included.
    static func propertyKeys(for kind: LayerKind) -> [String] {
        propertyKeysByKind[kind] ?? []
    }

    /// Computed once: every layer entry checks its keys against these lists.
    private static let propertyKeysByKind: [LayerKind: [String]] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { kind in
            // As written in allPaths (`transform.rotation` too, not only `transform.rotation.z`).
            let paths = LayerKeyPath.allPaths.compactMap { text in LayerKeyPath(text).map { (text, $0) } }
            let keys =
                LayerProperty.allCases.filter { $0.applies(to: kind) }.map(\.rawValue)
                + paths.filter { $0.1.property.applies(to: kind) && !$0.1.fields.isEmpty }.map(\.0)
                + propertyAliases.keys.sorted().filter { keyPath($0)!.property.applies(to: kind) }
            return (kind, keys)
        })

    /// Every key a layer entry of `kind` accepts (for suggestions and the schema).
    static func layerKeys(for kind: LayerKind) -> [String] {
        layerStructureKeys + propertyKeys(for: kind)
    }

    /// Decodes a layer entry (with its sublayers and mask) into a new, configured layer.
    func decodeLayer(_ node: SceneNode, depth: Int) -> CALayer? {
        guard var map = MapReader(node, diagnostics, what: "a layer") else { return nil }
        guard depth <= limits.maxDepth else {
            diagnostics.error(
                "layers are nested more than \(limits.maxDepth) deep (raise it with --max-depth)", at: node.location)
            return nil
        }
        var layerClass: CALayer.Type = CALayer.self
        if let c = map.take("class"), let name = values.string(c, what: "class") {
            if let cls = Self.layerClasses[name] {
                layerClass = cls
            } else {
                diagnostics.error(
                    "unknown layer class '\(name)'\(diagnostics.didYouMean(name, among: Self.layerClasses.keys.sorted()))",
                    at: c.location)
            }
        }
        let layer = layerClass.init()
        if let n = map.take("name") {
            if let name = values.string(n, what: "a layer name") {
                register(layer, name: name, at: n.location, layerAt: node.location)
            }
        }
        let what = layer.name.map { "layer '\($0)'" } ?? "a layer"
        if let n = map.take("actions") { decodeActions(n, into: layer) }

        // anchorPoint first, so that `frame` places the layer as written whatever the key order.
        if let n = map.take("anchorPoint"), let v = values.point(n, what: "anchorPoint") { layer.anchorPoint = v }
        if let n = map.take("frame"), let r = values.rect(n, what: "frame") { layer.frame = r }
        let structural = Set(Self.layerStructureKeys)
        // Keys naming no property are left for the unknown-key report below.
        let pairs = map.remaining.filter { !structural.contains($0.key) && Self.keyPath($0.key) != nil }
        // `path` last: a path from an SVG fits the layer's bounds, whatever the key order.
        for pair in pairs.filter({ $0.key != "path" }) + pairs.filter({ $0.key == "path" }) {
            map.markUsed(pair.key)
            let decoded = values.svgFit.with(layer.bounds) {
                decodeProperty(pair, of: type(of: layer).kind, layerName: layer.name)
            }
            if let (path, value) = decoded {
                recordInstanceCount(path, value, of: layer, at: pair.value.location)
                layer.setValue(value, forKeyPath: path)
            }
        }
        decodeLottie(&map, into: layer)
        if let n = map.take("mask") {
            if let mask = decodeLayer(n, depth: depth + 1) { layer.mask = mask }
        }
        if let n = map.take("layoutManager") { decodeLayoutManager(n, into: layer) }
        if let n = map.take("constraints") { decodeConstraints(n, into: layer) }
        if let n = map.take("sublayers") {
            if case .sequence(let items, _) = n {
                for item in items {
                    if let child = decodeLayer(item, depth: depth + 1) { layer.addSublayer(child) }
                }
                checkConstraints(of: layer, at: n.location)
            } else {
                diagnostics.error("'sublayers' must be a list of layers, found \(n.kindDescription)", at: n.location)
            }
        }
        map.reportUnknown(in: what, known: Self.layerKeys(for: type(of: layer).kind))
        return layer
    }

    /// Decodes one `key: value` of a layer (a property or a key path into one), checking that the
    /// layer's class has it and that the value fits. Shared by layer entries and `set`.
    func decodeProperty(_ pair: MapEntry, of kind: LayerKind, layerName: String?) -> (LayerKeyPath, AnimatableValue)? {
        let what = layerName.map { "layer '\($0)'" } ?? "this layer"
        guard let path = Self.keyPath(pair.key) else {
            if let problem = cellPathProblem(pair.key) {
                diagnostics.error(problem, at: pair.keyLocation)
                return nil
            }
            let known = ["frame"] + Self.propertyKeys(for: kind)
            diagnostics.error(
                "unknown property '\(pair.key)'\(diagnostics.didYouMean(pair.key, among: known))", at: pair.keyLocation)
            return nil
        }
        guard path.property.applies(to: kind) else {
            let owner = path.property.owner
            diagnostics.error(
                "'\(pair.key)' is a property of \(owner.rawValue), and \(what) is a \(kind.rawValue) (add 'class: \(owner.shortName)')",
                at: pair.keyLocation)
            return nil
        }
        let node = pair.value
        let value: AnimatableValue?
        switch path.property {
        case .contents where path.fields.isEmpty:
            value = image(node, what: "contents")
        case .emitterCells:
            if let cell = path.cell {
                value =
                    path.fields.isEmpty
                    ? cellValue(node, cell.property) : values.value(node, kind: path.kind, what: pair.key)
            } else {
                value = decodeCells(node).map(AnimatableValue.cells)
            }
        case .filters, .backgroundFilters:
            if let input = path.filter {
                value = filterInput(node, key: input.key).map { path.kind == .number ? .number($0[0]) : .numbers($0) }
            } else {
                value = decodeFilters(node, what: pair.key).map(AnimatableValue.filters)
            }
        case .seed:
            value = values.number(node, what: "seed", in: 0...Double(UInt32.max)).flatMap { n -> AnimatableValue? in
                guard n == n.rounded() else {
                    diagnostics.error(
                        "seed must be a whole number from 0 to \(UInt32.max), found \(format(n))", at: node.location)
                    return nil
                }
                return .number(n)
            }
        case .maskedCorners:
            value = cornerMask(node).map { .number(Double($0.rawValue)) }
        case .instanceCount:
            if let n = values.number(node, what: "instanceCount") {
                if n >= 0, n == n.rounded(), n <= Self.maxInstanceCount {
                    value = .number(n)
                } else {
                    diagnostics.error(
                        "instanceCount must be a whole number from 0 to \(format(Self.maxInstanceCount)), found \(format(n))",
                        at: node.location)
                    value = nil
                }
            } else {
                value = nil
            }
        default:
            if let options = path.property.options, path.fields.isEmpty {
                value = values.choice(node, what: pair.key, among: options).map(AnimatableValue.string)
            } else {
                value = values.value(node, kind: path.kind, what: pair.key, angle: Self.isAngle(path))
            }
        }
        guard let value, validate(value, for: path, at: node.location) else { return nil }
        return (path, value)
    }

    /// An image value: a file name (relative to the scene file), or null for no image.
    func image(_ node: SceneNode, what: String) -> AnimatableValue? {
        if node.isNull { return .image(nil) }
        guard let file = values.string(node, what: what) else { return nil }
        switch images.image(file) {
        case .success(let image): return .image(image)
        case .failure(let error):
            diagnostics.error(error.message, at: node.location)
            return nil
        }
    }

    /// Copies a replicator draws at most: more is a typo, not a design.
    static let maxInstanceCount = 10_000.0

    /// Whether a key path holds an angle (so `"90deg"` is accepted).
    static func isAngle(_ path: LayerKeyPath) -> Bool {
        guard let last = path.fields.last else { return path.cell?.property.isAngle ?? false }
        return last == .rotationX || last == .rotationY || last == .rotationZ
    }

    /// Corner names `maskedCorners` accepts: the short ones and Core Animation's.
    static var cornerNames: [String] {
        CACornerMask.names + CACornerMask.names.map { "layer" + $0.prefix(1).uppercased() + $0.dropFirst() + "Corner" }
    }

    /// `maskedCorners`: `all`, or a list of corners by short name (minXMinY, maxXMinY, minXMaxY,
    /// maxXMaxY) or Core Animation's (layerMinXMinYCorner, …).
    private func cornerMask(_ node: SceneNode) -> CACornerMask? {
        if node.string == "all" { return .all }
        guard case .sequence(let items, _) = node else {
            diagnostics.error(
                "maskedCorners must be 'all' or a list of corners (\(CACornerMask.names.joined(separator: ", "))), found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        let names = Self.cornerNames
        var mask = CACornerMask()
        var ok = true
        for item in items {
            guard let name = values.choice(item, what: "a corner", among: names), let index = names.firstIndex(of: name)
            else {
                ok = false
                continue
            }
            mask.insert(CACornerMask(rawValue: 1 << (index % 4)))
        }
        return ok ? mask : nil
    }

    /// Registers a layer name, rejecting duplicates and the reserved root name.
    func register(_ layer: CALayer, name: String, at location: SourcePosition, layerAt layerLocation: SourcePosition) {
        layer.name = name
        if name == Scene.rootLayerName {
            diagnostics.error("'\(name)' is the name of the root layer; choose another name", at: location)
        } else if registry.layer(named: name) != nil {
            if let first = registry.locations[name], first == location {
                // The same text twice: a YAML alias repeats a named layer. Report it at the alias.
                diagnostics.error(
                    "a YAML alias repeats layer '\(name)' (named at \(first)); names must be unique", at: layerLocation)
            } else {
                let first = registry.locations[name].map { " (first at \($0))" } ?? ""
                diagnostics.error("duplicate layer name '\(name)'\(first); names must be unique", at: location)
            }
        } else if name.isEmpty {
            diagnostics.error("a layer name must not be empty", at: location)
        } else {
            registry.add(layer, named: name, at: location)
        }
    }

    /// Range checks that depend on the property (opacity within 0…1, widths not negative…).
    func validate(_ value: AnimatableValue, for path: LayerKeyPath, at location: SourcePosition) -> Bool {
        guard path.fields.isEmpty else { return true }
        if path.property == .font, case .string(let name) = value { checkFontName(name, at: location) }
        if case .numbers(let list) = value, path.property == .locations || path.property == .lineDashPattern {
            return validateList(list, of: path.property, at: location)
        }
        guard case .number(let n) = value, let range = Self.range(of: path.property) else { return true }
        if !range.contains(n) {
            if range.upperBound.isInfinite {
                diagnostics.error("\(path.property.rawValue) must not be negative, found \(format(n))", at: location)
            } else {
                diagnostics.error(
                    "\(path.property.rawValue) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), found \(format(n))",
                    at: location)
            }
            return false
        }
        if path.property == .shadowRadius, n > SceneLimits.maxShadowRadius {
            diagnostics.error(
                "shadowRadius must be at most \(format(SceneLimits.maxShadowRadius)) points (the blur's cost grows with its square), found \(format(n))",
                at: location)
            return false
        }
        return true
    }

    /// The values a number property may take, when limited (also the schema's minimum/maximum).
    static func range(of property: LayerProperty) -> ClosedRange<Double>? {
        switch property {
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd: 0...1
        case .borderWidth, .cornerRadius, .lineWidth, .shadowRadius, .fontSize, .miterLimit, .contentsScale, .birthRate,
            .lifetime,
            .emitterDepth:
            0...Double.infinity
        default: nil
        }
    }

    /// `locations` do not decrease (they may lie outside 0…1, as in Core Animation: a shimmer
    /// slides them across); dash lengths are not negative.
    private func validateList(_ list: [Double], of property: LayerProperty, at location: SourcePosition) -> Bool {
        if property == .locations {
            for i in list.indices.dropFirst() where list[i] < list[i - 1] {
                diagnostics.error(
                    "locations must not decrease: locations[\(i)] = \(format(list[i])) < \(format(list[i - 1]))",
                    at: location)
                return false
            }
            for (i, v) in list.enumerated()
            where !values.withinCoordinateLimit(v, what: "locations[\(i)]", at: location) { return false }
            return true
        }
        for (i, v) in list.enumerated() where v < 0 {
            diagnostics.error("lineDashPattern[\(i)] must not be negative, found \(format(v))", at: location)
            return false
        }
        return true
    }

    /// Fractions 0…1 that do not decrease (keyTimes, gradient locations); reports the first
    /// problem at `location(i)` for entry i.
    func checkFractions(_ list: [Double], name: String, at location: (Int) -> SourcePosition) -> Bool {
        for (i, v) in list.enumerated() {
            if !(0...1).contains(v) {
                diagnostics.error("\(name)[\(i)] must be between 0 and 1, found \(format(v))", at: location(i))
                return false
            }
            if i > 0, v < list[i - 1] {
                diagnostics.error(
                    "\(name) must not decrease: \(name)[\(i)] = \(format(v)) < \(format(list[i - 1]))", at: location(i))
                return false
            }
        }
        return true
    }

    /// The keys `actions` accepts: every property, aliases included, and the tree actions.
    static var actionKeys: [String] {
        LayerProperty.allCases.map(\.rawValue) + propertyAliases.keys.sorted() + [kCAOnOrderIn, kCAOnOrderOut]
    }

    /// `actions`: a key mapped to `null` (no action: disables the implicit animation, as
    /// `NSNull` does) or to an animation, which runs instead of the default one (its keyPath
    /// defaults to the key; a `CATransition` animates the change as a transition).
    private func decodeActions(_ node: SceneNode, into layer: CALayer) {
        guard let map = MapReader(node, diagnostics, what: "'actions'") else { return }
        var actions: [String: CAAction] = [:]
        for pair in map.pairs {
            let key: String
            if pair.key == kCAOnOrderIn || pair.key == kCAOnOrderOut {
                key = pair.key
            } else if let path = Self.keyPath(pair.key) {
                // Actions are looked up by property, as in Core Animation.
                guard path.fields.isEmpty else {
                    diagnostics.error(
                        "actions are keyed by property: write '\(path.property.rawValue)' (it covers '\(pair.key)')",
                        at: pair.keyLocation)
                    continue
                }
                key = path.property.rawValue
            } else {
                diagnostics.error(
                    "unknown action key '\(pair.key)'\(diagnostics.didYouMean(pair.key, among: Self.actionKeys))",
                    at: pair.keyLocation)
                continue
            }
            if pair.value.isNull {
                actions[key] = NSNull()
                continue
            }
            var isMap = false
            if case .mapping = pair.value { isMap = true }
            guard isMap || pair.value.string.map({ templates[$0] != nil }) == true else {
                diagnostics.error(
                    "an action is 'null' (no animation for '\(pair.key)'), an animation (a map of its fields) or an animation template's name; found \(pair.value.kindDescription)",
                    at: pair.value.location)
                continue
            }
            missingKeyPath = LayerProperty(rawValue: key) != nil ? key : nil
            if let animation = decodeAnimation(pair.value) {
                actions[key] = animation
                if key == kCAOnOrderOut, !(animation is CATransition) {
                    diagnostics.warning(
                        "an onOrderOut animation does not show: a removed or hidden layer is not drawn (a CATransition here runs on the superlayer and does show the removal)",
                        at: pair.value.location)
                }
                // `on:` entries hear of it under the key it runs with (a transition's is "transition").
                if let name = layer.name, !(key == kCAOnOrderOut && animation is CATransition) {
                    let runsAs = animation is CATransition ? kCATransition : key
                    events.noteAdded(layer: name, key: runsAs)
                    animation.delegate = events.lateDelegate(layer: name, key: runsAs)
                }
            }
            missingKeyPath = nil
        }
        layer.actions = actions
    }
}
