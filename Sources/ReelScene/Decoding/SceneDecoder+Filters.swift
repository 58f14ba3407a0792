import Foundation
import ReelCore

/// `filters` and `backgroundFilters` in scene files: lists of `{ name: gaussianBlur,
/// inputRadius: 10 }` maps (the filter's Core Animation or Core Image name, then its inputs), and
/// key paths that reach an input by the filter's name (`filters.gaussianBlur.inputRadius`).
extension SceneDecoder {
    /// Filters a list holds at most (each is a pass over the layer's pixels).
    static let maxFilters = 16

    /// `filters: [filter, …]` or `backgroundFilters: [filter, …]`.
    func decodeFilters(_ node: SceneNode, what: String) -> [LayerFilter]? {
        guard case .sequence(let items, _) = node else {
            diagnostics.error(
                "\(what) must be a list of filters such as { name: gaussianBlur, inputRadius: 10 }, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        guard items.count <= Self.maxFilters else {
            diagnostics.error("\(what) holds \(items.count) filters; at most \(Self.maxFilters)", at: node.location)
            return nil
        }
        var filters: [LayerFilter] = []
        for item in items {
            guard let filter = decodeFilter(item) else { continue }
            // Key paths reach filters by name: two of one name would be ambiguous.
            if filters.contains(where: { $0.name == filter.name }) {
                diagnostics.error(
                    "\(what) has two '\(filter.name)' filters; key paths reach filters by name", at: item.location)
                continue
            }
            filters.append(filter)
        }
        return filters
    }

    private func decodeFilter(_ node: SceneNode) -> LayerFilter? {
        guard var map = MapReader(node, diagnostics, what: "a filter") else { return nil }
        let names = LayerFilter.Kind.allCases.map(\.rawValue)
        guard let nameNode = map.take("name") else {
            diagnostics.error("a filter needs 'name' (one of \(names.joined(separator: ", ")))", at: node.location)
            return nil
        }
        guard let name = values.string(nameNode, what: "a filter name") else { return nil }
        guard let kind = LayerFilter.Kind(anyName: name) else {
            diagnostics.error(
                "unknown filter '\(SceneNode.abbreviated(name))' (Reel draws \(names.joined(separator: ", ")))\(diagnostics.didYouMean(name, among: names))",
                at: nameNode.location)
            return nil
        }
        var filter = LayerFilter(kind: kind)
        let keys = kind.defaults.keys.sorted()
        for key in keys {
            guard let valueNode = map.take(key), let value = filterInput(valueNode, key: key) else { continue }
            filter.inputs[key] = value
        }
        map.reportUnknown(in: "a \(kind.rawValue) filter", known: ["name"] + keys)
        return filter
    }

    /// An input's value: four numbers for a vector, else a number (a blur's radius within
    /// 0…`LayerFilter.maxRadius` points).
    func filterInput(_ node: SceneNode, key: String) -> [Double]? {
        if LayerFilter.isVector(key) { return values.numbers(node, count: 4, what: key, shape: "[x, y, z, w]") }
        if key == "inputRadius" { return values.number(node, what: key, in: 0...LayerFilter.maxRadius).map { [$0] } }
        return values.number(node, what: key).map { [$0] }
    }

    /// A key path into a filter must name a filter the layer has, and one of its inputs
    /// (checked once the layer is known: key paths in `set` and in animations).
    func checkFilterPath(_ path: LayerKeyPath, of layer: CALayer, layerName: String, at location: SourcePosition) {
        guard let input = path.filter else { return }
        let list = path.property.get(layer.modelState).filters ?? []
        guard let filter = list.first(where: { $0.name == input.name }) else {
            let known = list.map(\.name)
            let has = known.isEmpty ? "it has none" : "its \(path.property.rawValue): \(known.joined(separator: ", "))"
            diagnostics.error(
                "layer '\(layerName)' has no \(path.property.rawValue) entry named '\(input.name)' (\(has))\(diagnostics.didYouMean(input.name, among: known))",
                at: location)
            return
        }
        guard filter.input(input.key) != nil else {
            let keys = filter.kind.defaults.keys.sorted()
            diagnostics.error(
                "a \(filter.kind.rawValue) filter has no input '\(input.key)' (its inputs: \(keys.joined(separator: ", ")))\(diagnostics.didYouMean(input.key, among: keys))",
                at: location)
            return
        }
    }
}
