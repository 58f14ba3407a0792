import Foundation
import ReelCore

/// Constraint layout in scene files: `layoutManager: constraints` on a superlayer, and on its
/// sublayers `constraints: [{attribute, relativeTo, attribute2, scale, offset}]`.
extension SceneDecoder {
    static let constraintKeys = ["attribute", "relativeTo", "attribute2", "scale", "offset"]
    static let layoutManagers = ["constraints"]

    /// `layoutManager: constraints`.
    func decodeLayoutManager(_ node: SceneNode, into layer: CALayer) {
        guard values.choice(node, what: "layoutManager", among: Self.layoutManagers) != nil else { return }
        layer.layoutManager = CAConstraintLayoutManager()
    }

    /// A layer's `constraints`, with where each names its source (checked against the siblings
    /// once the superlayer's sublayers are all decoded: see `checkConstraints`).
    func decodeConstraints(_ node: SceneNode, into layer: CALayer) {
        guard case .sequence(let items, _) = node else {
            diagnostics.error(
                "'constraints' must be a list of {attribute, relativeTo, attribute2, scale, offset}, found \(node.kindDescription)",
                at: node.location)
            return
        }
        let names = CAConstraintAttribute.allCases.map(\.name)
        for item in items {
            guard var map = MapReader(item, diagnostics, what: "a constraint") else { continue }
            defer { map.reportUnknown(in: "a constraint", known: Self.constraintKeys) }
            func attribute(_ key: String) -> CAConstraintAttribute? {
                guard let n = map.take(key) else {
                    diagnostics.error(
                        "a constraint needs '\(key)' (one of \(names.joined(separator: ", ")))", at: item.location)
                    return nil
                }
                return values.choice(n, what: key, among: names).flatMap(CAConstraintAttribute.init(name:))
            }
            let target = attribute("attribute")
            let sourceNode = map.take("relativeTo")
            let source = sourceNode.flatMap { values.string($0, what: "relativeTo") }
            if sourceNode == nil {
                diagnostics.error(
                    "a constraint needs 'relativeTo' (a sibling's name, or superlayer)", at: item.location)
            }
            let sourceAttribute = attribute("attribute2")
            let scale = map.take("scale").flatMap { values.coordinate($0, what: "scale") } ?? 1
            let offset = map.take("offset").flatMap { values.coordinate($0, what: "offset") } ?? 0
            guard let target, let source, let sourceAttribute, let sourceNode else { continue }
            layer.addConstraint(
                CAConstraint(
                    attribute: target, relativeTo: source, attribute: sourceAttribute, scale: scale, offset: offset))
            constraintSources.append((layer, source, sourceNode.location))
        }
    }

    /// The names of the sublayers whose constraints cannot be ordered: those in a cycle and
    /// those waiting for one.
    static func cycle(in sublayers: [CALayer]) -> [String] {
        var waiting = sublayers.filter { !($0.constraints ?? []).isEmpty }
        var placed = Set<String>()
        while let i = waiting.firstIndex(where: { l in
            (l.constraints ?? []).allSatisfy { c in
                c.sourceName == "superlayer" || placed.contains(c.sourceName)
                    || !waiting.contains { $0.name == c.sourceName }
            }
        }) {
            placed.insert(waiting[i].name ?? "")
            waiting.remove(at: i)
        }
        return waiting.map { $0.name ?? "(unnamed)" }
    }

    /// Once `parent`'s sublayers are decoded: every constraint names a sibling or the
    /// superlayer, siblings do not depend on each other in a cycle, and the parent lays out.
    func checkConstraints(of parent: CALayer, at location: SourcePosition) {
        let sublayers = parent.sublayers ?? []
        let names = Set(sublayers.compactMap(\.name))
        var constrained = false
        for (layer, source, at) in constraintSources where sublayers.contains(where: { $0 === layer }) {
            constrained = true
            if source != "superlayer", !names.contains(source) {
                let hint =
                    source == parent.name
                    ? " (the superlayer is written 'superlayer')"
                    : diagnostics.didYouMean(source, among: names.sorted() + ["superlayer"])
                diagnostics.error(
                    "a constraint is relative to 'superlayer' or a sibling; '\(source)' is neither\(hint)", at: at)
            } else if source == layer.name {
                diagnostics.error("a layer's constraint cannot be relative to the layer itself", at: at)
            }
        }
        guard constrained else { return }
        if CAConstraintLayoutManager.order(sublayers) == nil,
            let first = constraintSources.first(where: { c in sublayers.contains { $0 === c.layer } })
        {
            diagnostics.error(
                "these constraints depend on each other in a cycle (each sibling's frame waits for another's): \(Self.cycle(in: sublayers).joined(separator: ", "))",
                at: first.location)
        }
        if parent.layoutManager == nil {
            diagnostics.warning(
                "sublayers have constraints but this layer has no 'layoutManager: constraints': they do nothing",
                at: location)
        }
    }
}
