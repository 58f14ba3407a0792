import Foundation
import ReelCore

/// CAEmitterLayer in scene files: `emitterCells` is a list of cell maps (Core Animation's
/// CAEmitterCell properties, sub-cells under their own `emitterCells`), and key paths reach
/// cells by name (`emitterCells.spark.birthRate`).
extension SceneDecoder {
    /// Keys of a cell map: every CAEmitterCell property (`isEnabled` is `enabled`'s Swift name).
    static let cellKeys = EmitterCellProperty.allCases.map(\.rawValue) + ["isEnabled"]
    /// Cells within cells at most (fireworks need two levels).
    static let maxCellDepth = 4

    /// `emitterCells: [cell, …]`.
    func decodeCells(_ node: SceneNode, depth: Int = 1) -> [EmitterCellState]? {
        guard case .sequence(let items, _) = node else {
            diagnostics.error(
                "emitterCells must be a list of emitter cells (maps of CAEmitterCell properties), found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        guard depth <= Self.maxCellDepth else {
            diagnostics.error("emitter cells are nested more than \(Self.maxCellDepth) deep", at: node.location)
            return nil
        }
        // Every cell that decodes is kept, errors or not (the file fails anyway): key paths to
        // the good ones are then checked without a cascade of "no such cell" errors.
        var cells: [EmitterCellState] = []
        var names: [String: SourcePosition] = [:]
        for item in items {
            guard let cell = decodeCell(item, depth: depth) else { continue }
            if let name = cell.name {
                // Key paths reach cells by name: two of one name would be ambiguous.
                if let first = names[name] {
                    diagnostics.error(
                        "duplicate emitter cell name '\(name)' (first at \(first)); key paths reach cells by name",
                        at: item.location)
                    continue
                }
                names[name] = item.location
            }
            checkLifetime(cell, at: item.location)
            cells.append(cell)
        }
        return cells
    }

    /// Warnings for cells whose particles outlive what Reel keeps: a particle lives at most
    /// `ParticleSystem.maxLifetime`, an emitter draws at most `ParticleSystem.maxParticles`.
    private func checkLifetime(_ cell: EmitterCellState, at location: SourcePosition) {
        let longest = cell.lifetime + cell.lifetimeRange
        if longest > ParticleSystem.maxLifetime {
            diagnostics.warning(
                "particles of this cell would live up to \(format(longest)) s; a particle lives at most \(format(ParticleSystem.maxLifetime)) s",
                at: location)
        }
        let alive = cell.birthRate * min(longest, ParticleSystem.maxLifetime)
        if alive > Double(ParticleSystem.maxParticles) {
            diagnostics.warning(
                "this cell keeps about \(format(alive.rounded())) particles alive (birthRate × lifetime); an emitter draws at most \(ParticleSystem.maxParticles), the newest",
                at: location)
        }
    }

    /// A cell map; its bad values are reported and left at their defaults.
    private func decodeCell(_ node: SceneNode, depth: Int) -> EmitterCellState? {
        guard var map = MapReader(node, diagnostics, what: "an emitter cell") else { return nil }
        var cell = EmitterCellState()
        for pair in map.pairs {
            let key = pair.key == "isEnabled" ? "enabled" : pair.key
            guard let property = EmitterCellProperty(rawValue: key) else { continue }
            map.markUsed(pair.key)
            guard let value = cellValue(pair.value, property, depth: depth) else { continue }
            property.set(&cell, value)
        }
        map.reportUnknown(in: "an emitter cell", known: Self.cellKeys)
        return cell
    }

    /// A cell property's value, checked as the decoder checks layer properties.
    func cellValue(_ node: SceneNode, _ property: EmitterCellProperty, depth: Int = 1) -> AnimatableValue? {
        let what = property.rawValue
        switch property {
        case .contents: return image(node, what: what)
        case .emitterCells: return decodeCells(node, depth: depth + 1).map(AnimatableValue.cells)
        case .name:
            guard let name = values.string(node, what: "an emitter cell name") else { return nil }
            guard !name.isEmpty, !name.contains(".") else {
                diagnostics.error(
                    "an emitter cell name must not be empty or contain '.' (key paths are split at dots), found '\(SceneNode.abbreviated(name))'",
                    at: node.location)
                return nil
            }
            return .string(name)
        default:
            guard let value = values.value(node, kind: property.kind, what: what, angle: property.isAngle) else {
                return nil
            }
            if case .number(let n) = value, let range = property.range, !range.contains(n) {
                diagnostics.error("\(what) must not be negative, found \(format(n))", at: node.location)
                return nil
            }
            return value
        }
    }

    /// A key path into an emitter cell must name cells the layer has (checked once the layer
    /// is known: key paths in `set` and in animations).
    func checkCellPath(_ path: LayerKeyPath, of layer: CALayer, layerName: String, at location: SourcePosition) {
        checkFilterPath(path, of: layer, layerName: layerName, at: location)
        guard let cell = path.cell else { return }
        var cells = layer.modelState.emitterCells
        for (depth, name) in cell.names.enumerated() {
            guard let found = cells?.first(where: { $0.name == name }) else {
                let known = (cells ?? []).compactMap(\.name)
                let within = depth == 0 ? "layer '\(layerName)'" : "cell '\(cell.names[depth - 1])'"
                let list = known.isEmpty ? "it has no named cells" : "its cells: \(known.joined(separator: ", "))"
                diagnostics.error(
                    "\(within) has no emitter cell named '\(name)' (\(list))\(diagnostics.didYouMean(name, among: known))",
                    at: location)
                return
            }
            cells = found.emitterCells
        }
    }

    /// For a key path into an emitter cell that does not parse: what is wrong with it (nil when
    /// it does not start with `emitterCells.`).
    func cellPathProblem(_ text: String) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[0] == LayerProperty.emitterCells.rawValue else { return nil }
        guard parts.count >= 3, let last = parts.last, !last.isEmpty else {
            return
                "'\(SceneNode.abbreviated(text))' names an emitter cell but no property: write emitterCells.NAME.PROPERTY (emitterCells.spark.birthRate)"
        }
        let known = EmitterCellProperty.allCases.map(\.rawValue)
        if parts.count >= 4, EmitterCellProperty(rawValue: last) != nil {
            // emitterCells.dot.sub.birthRate: a sub-cell named without its parent's emitterCells.
            let names = parts.dropFirst().dropLast().filter { $0 != LayerProperty.emitterCells.rawValue }
            let fixed = "emitterCells." + names.joined(separator: ".emitterCells.") + "." + last
            return
                "'\(SceneNode.abbreviated(text))': a sub-cell is reached through its parent's emitterCells (cell names cannot contain dots): write '\(SceneNode.abbreviated(fixed))'"
        }
        return
            "'\(SceneNode.abbreviated(text))': unknown emitter cell property '\(SceneNode.abbreviated(last))'\(diagnostics.didYouMean(last, among: known))"
    }

    /// The emitter cell key paths an animation (or the animations of a group) targets.
    static func keyPaths(of animation: CAAnimation) -> [LayerKeyPath] {
        if let group = animation as? CAAnimationGroup { return (group.animations ?? []).flatMap(keyPaths) }
        guard let p = animation as? CAPropertyAnimation, let text = p.keyPath, let path = LayerKeyPath(text) else {
            return []
        }
        return [path]
    }
}
