import Foundation
import ReelCore

/// The drawn-layer budget: replicators multiply their sublayers, and replicators inside
/// replicators multiply again, so two nested `instanceCount: 10000` ask for 10⁸ layers a frame
/// (a render that never ends). The worst case is computed from the file before any frame is
/// drawn and refused at the instanceCount that crosses `SceneLimits.maxDrawnLayers`.
extension SceneDecoder {
    /// Records the instanceCount a replicator is given (the largest counts).
    func recordInstanceCount(
        _ path: LayerKeyPath, _ value: AnimatableValue, of layer: CALayer, at location: SourcePosition
    ) {
        guard path.property == .instanceCount, path.fields.isEmpty, case .number(let n) = value else { return }
        let count = Int(saturating: n)
        let key = ObjectIdentifier(layer)
        if count > instanceCounts[key]?.count ?? -1 { instanceCounts[key] = (count, location) }
    }

    /// Adds up the layers drawn per frame in the worst case — every layer ever in the tree, each
    /// replicator at its largest instanceCount — and reports the first instanceCount over budget.
    func checkDrawnLayers(_ root: CALayer) {
        var inserted: [ObjectIdentifier: [CALayer]] = [:]
        for (parent, layer) in insertions {
            if let p = registry.layer(named: parent) { inserted[ObjectIdentifier(p), default: []].append(layer) }
        }
        let limit = SceneLimits.maxDrawnLayers
        var total = 0
        /// The instanceCount that multiplies the most layers, where the report goes when many
        /// replicators add up rather than one multiplying.
        var largest: (copies: Int, location: SourcePosition)?
        // Iterative: the tree may be as deep as --max-depth allows.
        var stack: [(layer: CALayer, copies: Int)] = [(root, 1)]
        while let (layer, copies) = stack.popLast() {
            total += copies
            var inner = copies
            if layer is CAReplicatorLayer, let (count, location) = instanceCounts[ObjectIdentifier(layer)] {
                inner =
                    copies.multipliedReportingOverflow(by: max(count, 1)).overflow ? Int.max : copies * max(count, 1)
                if inner > limit {
                    let outer = copies > 1 ? " (\(count) here × \(copies) copies of this replicator)" : ""
                    diagnostics.error(
                        "instanceCount \(count) would draw \(inner) copies of each sublayer per frame\(outer); at most \(limit) layers are drawn per frame",
                        at: location)
                    return
                }
                if inner > largest?.copies ?? 0 { largest = (inner, location) }
            }
            let children = (layer.sublayers ?? []) + (inserted[ObjectIdentifier(layer)] ?? [])
            for child in children { stack.append((child, inner)) }
            if let mask = layer.mask { stack.append((mask, copies)) }
            if total > limit {
                let location = largest?.location ?? SourcePosition(line: 1, column: 1)
                diagnostics.error(
                    "the scene would draw more than \(limit) layers per frame, counting each replicator copy; at most \(limit) are drawn per frame",
                    at: location)
                return
            }
        }
    }
}
