import Foundation
import ReelCore

extension SceneDecoder {
    /// Keys of a layer entry besides its properties.
    static let layerStructureKeys = ["name", "class", "sublayers", "actions", "frame"]
    /// Layer classes a scene file may name (short forms map to these).
    static let layerClasses: [String: CALayer.Type] = ["CALayer": CALayer.self, "layer": CALayer.self]
    /// Classes and keys in the format that this build does not draw yet: named plainly instead of
    /// being reported as unknown.
    static let plannedLayerClasses = ["CAShapeLayer", "shape", "CATextLayer", "text", "CAGradientLayer", "gradient",
                                      "CAReplicatorLayer", "replicator"]
    static let plannedLayerKeys = ["mask", "contents", "contentsGravity", "contentsRect", "contentsScale", "maskedCorners",
                                   "doubleSided", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath"]

    /// Every key a layer entry accepts (for suggestions).
    static var layerKeys: [String] { layerStructureKeys + LayerProperty.allCases.map(\.rawValue) + LayerKeyPath.allPaths }

    /// Decodes a layer entry (with its sublayers) into a new, configured `CALayer`.
    func decodeLayer(_ node: SceneNode, depth: Int) -> CALayer? {
        guard var map = MapReader(node, diagnostics, what: "a layer") else { return nil }
        guard depth <= limits.maxDepth else {
            diagnostics.error("layers are nested more than \(limits.maxDepth) deep", at: node.location)
            return nil
        }
        var layerClass: CALayer.Type = CALayer.self
        if let c = map.take("class") {
            if let name = values.string(c, what: "class") {
                if let cls = Self.layerClasses[name] {
                    layerClass = cls
                } else if Self.plannedLayerClasses.contains(name) {
                    diagnostics.error("\(name) is not supported by this version of reel yet; use CALayer", at: c.location)
                } else {
                    diagnostics.error("unknown layer class '\(name)'\(suggestion(for: name, among: Self.layerClasses.keys.sorted() + Self.plannedLayerClasses))", at: c.location)
                }
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
        decodeProperties(&map, into: layer, what: what)

        if let n = map.take("sublayers") {
            if case .sequence(let items, _) = n {
                for item in items {
                    if let child = decodeLayer(item, depth: depth + 1) { layer.addSublayer(child) }
                }
            } else {
                diagnostics.error("'sublayers' must be a list of layers, found \(n.kindDescription)", at: n.location)
            }
        }
        for pair in map.remaining {
            if Self.plannedLayerKeys.contains(pair.key) {
                diagnostics.error("'\(pair.key)' is not supported by this version of reel yet", at: pair.keyLocation)
            } else {
                diagnostics.error("unknown key '\(pair.key)' in \(what)\(suggestion(for: pair.key, among: Self.layerKeys))", at: pair.keyLocation)
            }
        }
        return layer
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

    /// Properties and key paths of a layer entry (whatever keys are left that name one).
    private func decodeProperties(_ map: inout MapReader, into layer: CALayer, what: String) {
        for pair in map.remaining {
            guard let path = LayerKeyPath(pair.key) else { continue }
            map.markUsed(pair.key)
            if let v = values.value(pair.value, kind: path.kind, what: pair.key) {
                guard validate(v, for: path, at: pair.value.location) else { continue }
                layer.setValue(v, forKeyPath: path)
            }
        }
    }

    /// Range checks that depend on the property (opacity within 0…1, widths not negative…).
    func validate(_ value: AnimatableValue, for path: LayerKeyPath, at location: SourcePosition) -> Bool {
        guard path.fields.isEmpty, case .number(let n) = value else { return true }
        switch path.property {
        case .opacity where !(0...1).contains(n):
            diagnostics.error("opacity must be between 0 and 1, found \(format(n))", at: location)
            return false
        case .borderWidth, .cornerRadius:
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
