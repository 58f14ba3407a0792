import Foundation
import ReelCore

extension SceneDecoder {
    /// Keys of a layer entry besides its properties.
    static let layerStructureKeys = ["name", "class", "sublayers", "actions", "frame", "mask"]
    /// Layer classes by the names scene files use (class names and short forms).
    static let layerClasses: [String: CALayer.Type] = [
        "CALayer": CALayer.self, "layer": CALayer.self,
        "CAShapeLayer": CAShapeLayer.self, "shape": CAShapeLayer.self,
        "CATextLayer": CATextLayer.self, "text": CATextLayer.self,
        "CAGradientLayer": CAGradientLayer.self, "gradient": CAGradientLayer.self,
        "CAReplicatorLayer": CAReplicatorLayer.self, "replicator": CAReplicatorLayer.self,
        "CATransformLayer": CATransformLayer.self, "transformLayer": CATransformLayer.self,
    ]

    /// Every key a layer entry of `kind` accepts (for suggestions).
    static func layerKeys(for kind: LayerKind) -> [String] {
        layerStructureKeys + LayerProperty.allCases.filter { $0.applies(to: kind) }.map(\.rawValue)
            + LayerKeyPath.allPaths.filter { LayerKeyPath($0)!.property.applies(to: kind) }
    }

    /// Decodes a layer entry (with its sublayers and mask) into a new, configured layer.
    func decodeLayer(_ node: SceneNode, depth: Int) -> CALayer? {
        guard var map = MapReader(node, diagnostics, what: "a layer") else { return nil }
        guard depth <= limits.maxDepth else {
            diagnostics.error("layers are nested more than \(limits.maxDepth) deep", at: node.location)
            return nil
        }
        var layerClass: CALayer.Type = CALayer.self
        if let c = map.take("class"), let name = values.string(c, what: "class") {
            if let cls = Self.layerClasses[name] {
                layerClass = cls
            } else {
                diagnostics.error("unknown layer class '\(name)'\(suggestion(for: name, among: LayerKind.allCases.map(\.rawValue)))", at: c.location)
            }
        }
        let layer = layerClass.init()
        if let n = map.take("name") {
            if let name = values.string(n, what: "a layer name") { register(layer, name: name, at: n.location) }
        }
        let what = layer.name.map { "layer '\($0)'" } ?? "a layer"
        if let n = map.take("actions") { decodeActions(n, into: layer) }

        // anchorPoint first, so that `frame` places the layer as written whatever the key order.
        if let n = map.take("anchorPoint"), let v = values.point(n, what: "anchorPoint") { layer.anchorPoint = v }
        if let n = map.take("frame"), let r = values.rect(n, what: "frame") { layer.frame = r }
        let structural = Set(Self.layerStructureKeys)
        // Keys naming no property are left for the unknown-key report below.
        for pair in map.remaining where !structural.contains(pair.key) && LayerKeyPath(pair.key) != nil {
            map.markUsed(pair.key)
            if let (path, value) = decodeProperty(pair, of: type(of: layer).kind, layerName: layer.name) {
                layer.setValue(value, forKeyPath: path)
            }
        }
        if let n = map.take("mask") {
            if let mask = decodeLayer(n, depth: depth + 1) { layer.mask = mask }
        }
        if let n = map.take("sublayers") {
            if case .sequence(let items, _) = n {
                for item in items {
                    if let child = decodeLayer(item, depth: depth + 1) { layer.addSublayer(child) }
                }
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
        guard let path = LayerKeyPath(pair.key) else {
            diagnostics.error("unknown property '\(pair.key)'\(suggestion(for: pair.key, among: Self.layerKeys(for: kind) + ["frame"]))", at: pair.keyLocation)
            return nil
        }
        guard path.property.applies(to: kind) else {
            let owner = path.property.owner
            diagnostics.error("'\(pair.key)' is a property of \(owner.rawValue), and \(what) is a \(kind.rawValue) (add 'class: \(owner.shortName)')", at: pair.keyLocation)
            return nil
        }
        let node = pair.value
        let value: AnimatableValue?
        switch path.property {
        case .contents where path.fields.isEmpty:
            if node.isNull {
                value = .image(nil)
            } else if let file = values.string(node, what: "contents") {
                switch images.image(file) {
                case .success(let image): value = .image(image)
                case .failure(let error):
                    diagnostics.error(error.message, at: node.location)
                    value = nil
                }
            } else {
                value = nil
            }
        case .maskedCorners:
            value = cornerMask(node).map { .number(Double($0.rawValue)) }
        case .instanceCount:
            if let n = values.number(node, what: "instanceCount") {
                if n >= 0, n == n.rounded(), n <= 10_000 { value = .number(n) } else {
                    diagnostics.error("instanceCount must be a whole number from 0 to 10000, found \(format(n))", at: node.location)
                    value = nil
                }
            } else { value = nil }
        default:
            if let options = path.property.options, path.fields.isEmpty {
                value = values.choice(node, what: pair.key, among: options).map(AnimatableValue.string)
            } else if path.kind == .string {
                value = values.string(node, what: pair.key).map(AnimatableValue.string)
            } else {
                value = values.value(node, kind: path.kind, what: pair.key)
            }
        }
        guard let value, validate(value, for: path, at: node.location) else { return nil }
        return (path, value)
    }

    /// `maskedCorners`: `all`, or a list of corners by short name (minXMinY, maxXMinY, minXMaxY,
    /// maxXMaxY) or Core Animation's (layerMinXMinYCorner, …).
    private func cornerMask(_ node: SceneNode) -> CACornerMask? {
        if node.string == "all" { return .all }
        guard case .sequence(let items, _) = node else {
            diagnostics.error("maskedCorners must be 'all' or a list of corners (\(CACornerMask.names.joined(separator: ", "))), found \(node.kindDescription)", at: node.location)
            return nil
        }
        var bits: [String: Int] = [:]
        for (i, name) in CACornerMask.names.enumerated() {
            bits[name] = i
            bits["layer" + name.prefix(1).uppercased() + name.dropFirst() + "Corner"] = i
        }
        var mask = CACornerMask()
        for item in items {
            guard let name = values.choice(item, what: "a corner", among: CACornerMask.names + bits.keys.filter { $0.hasPrefix("layer") }.sorted()),
                  let bit = bits[name] else { return nil }
            mask.insert(CACornerMask(rawValue: 1 << bit))
        }
        return mask
    }

    /// Registers a layer name, rejecting duplicates and the reserved root name.
    func register(_ layer: CALayer, name: String, at location: SourcePosition) {
        layer.name = name
        if name == Scene.rootLayerName {
            diagnostics.error("'\(name)' is the name of the root layer; choose another name", at: location)
        } else if registry.layer(named: name) != nil {
            diagnostics.error("duplicate layer name '\(name)'; names must be unique", at: location)
        } else if name.isEmpty {
            diagnostics.error("a layer name must not be empty", at: location)
        } else {
            registry.add(layer, named: name)
        }
    }

    /// Range checks that depend on the property (opacity within 0…1, widths not negative…).
    func validate(_ value: AnimatableValue, for path: LayerKeyPath, at location: SourcePosition) -> Bool {
        guard path.fields.isEmpty, case .number(let n) = value else { return true }
        switch path.property {
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd:
            if !(0...1).contains(n) {
                diagnostics.error("\(path.property.rawValue) must be between 0 and 1, found \(format(n))", at: location)
                return false
            }
        case .borderWidth, .cornerRadius, .lineWidth, .shadowRadius, .fontSize, .miterLimit, .contentsScale:
            if n < 0 {
                diagnostics.error("\(path.property.rawValue) must not be negative, found \(format(n))", at: location)
                return false
            }
        default: break
        }
        return true
    }

    /// `actions: {key: null}` disables that key's implicit animation, as `NSNull` does.
    private func decodeActions(_ node: SceneNode, into layer: CALayer) {
        guard let map = MapReader(node, diagnostics, what: "'actions'") else { return }
        var actions: [String: Any] = [:]
        for pair in map.pairs {
            guard LayerKeyPath(pair.key) != nil else {
                diagnostics.error("unknown action key '\(pair.key)'\(suggestion(for: pair.key, among: LayerProperty.allCases.map(\.rawValue)))", at: pair.keyLocation)
                continue
            }
            guard pair.value.isNull else {
                diagnostics.error("an action is 'null' (disable the implicit animation for '\(pair.key)'); found \(pair.value.kindDescription)", at: pair.value.location)
                continue
            }
            actions[pair.key] = NSNull()
        }
        layer.actions = actions
    }
}
