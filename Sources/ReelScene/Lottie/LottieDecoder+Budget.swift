import Foundation

extension LottieDecoder {
    /// The layers Reel makes for one use of a composition's `layers`, besides its precomps'
    /// contents: one per layer, one per ancestor in its parent chain (each lends its transform
    /// through a layer of its own, so a long chain costs its square), and its shape items'.
    static func madeLayers(_ layers: [SceneNode]) -> Double {
        var parents: [Double: Double] = [:]
        for layer in layers {
            if let index = value(layer, "ind")?.number, let parent = value(layer, "parent")?.number {
                parents[index] = parent
            }
        }
        // Ancestors by index, each chain walked once; a cycle is cut after the layers' count.
        var depths: [Double: Double] = [:]
        func depth(_ index: Double) -> Double {
            var chain: [Double] = []
            var current = index
            while depths[current] == nil, let parent = parents[current], chain.count <= layers.count {
                chain.append(current)
                current = parent
            }
            var ancestors = depths[current] ?? 0
            for member in chain.reversed() {
                ancestors += 1
                depths[member] = ancestors
            }
            return depths[index] ?? ancestors
        }
        return layers.reduce(0) { total, layer in
            let chain = value(layer, "parent")?.number.map { depth($0) + 1 } ?? 0
            return total + 1 + chain + shapeLayers(value(layer, "shapes"), inherited: 0)
        }
    }

    /// At most the layers a list of shape items makes: one per group, and for each fill and
    /// stroke (two for gradients: the gradient and its mask) one per path before it; a list
    /// without paths lends its fills and strokes to its groups.
    private static func shapeLayers(_ items: SceneNode?, inherited: Double) -> Double {
        guard case .sequence(let items, _)? = items else { return 0 }
        let kinds = items.compactMap { value($0, "ty")?.string }
        let paths = Double(kinds.filter { ["sh", "rc", "el", "sr"].contains($0) }.count)
        let paints = kinds.reduce(0.0) { sum, kind in
            sum + (["fl", "st"].contains(kind) ? 1 : ["gf", "gs"].contains(kind) ? 2 : 0)
        }
        let lent = paths == 0 ? paints : 0
        var total = (paints + inherited) * max(paths, 1)
        for item in items where value(item, "ty")?.string == "gr" {
            total += 1 + shapeLayers(value(item, "it"), inherited: lent)
        }
        return total
    }

    private static func value(_ node: SceneNode, _ key: String) -> SceneNode? {
        guard case .mapping(let pairs, _) = node else { return nil }
        return pairs.first { $0.key == key }?.value
    }
}
