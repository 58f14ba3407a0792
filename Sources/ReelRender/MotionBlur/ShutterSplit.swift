import Foundation
import ReelCore

/// A frame's sub-frame trees split in two: the root and the longest run of its bottom
/// sublayers that draw the same in every sub-frame (drawn once), and the sublayers above them
/// (drawn per sub-frame, over a copy of the first part). Core Animation composites sublayers
/// back to front with source-over, so the two parts drawn one over the other are the whole tree.
struct ShutterSplit {
    /// The root with its still sublayers and without its border (which goes above sublayers).
    let bottom: PresentationLayer
    /// Per sub-frame: the root without background, holding the sublayers that change.
    let tops: [PresentationLayer]

    /// nil when the root cannot be split that way: it changes within the shutter, or draws as a
    /// group (opacity, mask, shadow, blend mode, transition), or has its own contents, or its
    /// sublayers are reordered by zPosition or come and go.
    init?(_ trees: [PresentationLayer]) {
        guard let first = trees.first, Self.splittable(first),
            trees.dropFirst().allSatisfy({ Self.sameRoot($0, first) })
        else { return nil }
        let children = first.sublayers
        var still = 0
        // Through buffer pointers: subscripting the arrays copied each layer (two LayerStates).
        func isStill(_ i: Int) -> Bool {
            trees.withUnsafeBufferPointer { trees in
                children.withUnsafeBufferPointer { children in
                    trees.indices.dropFirst().allSatisfy { k in
                        trees[k].sublayers.withUnsafeBufferPointer { SameDrawing.equal($0[i], children[i]) }
                    }
                }
            }
        }
        while still < children.count, isStill(still) { still += 1 }
        var bottomState = first.state
        bottomState.borderWidth = 0
        bottom = Self.root(first, state: bottomState, sublayers: Array(children[..<still]))
        tops = trees.map { tree in
            var state = tree.state
            state.backgroundColor = nil
            return Self.root(tree, state: state, sublayers: Array(tree.sublayers[still...]))
        }
    }

    private static func splittable(_ root: PresentationLayer) -> Bool {
        let s = root.state
        return root.kind == .layer && s.opacity >= 1 && !s.isHidden && !root.hasMask && !root.hasTransition
            && s.compositingFilter == nil && !ShadowDrawing.isVisible(s) && !ContentsDrawing.hasContent(s)
            && root.sublayers.allSatisfy { $0.state.zPosition == 0 }
    }

    private static func sameRoot(_ a: PresentationLayer, _ b: PresentationLayer) -> Bool {
        a.state == b.state && a.sublayers.count == b.sublayers.count && !a.hasMask && !b.hasMask
            && !a.hasTransition && a.sublayers.allSatisfy { $0.state.zPosition == 0 }
    }

    private static func root(_ layer: PresentationLayer, state: LayerState, sublayers: [PresentationLayer])
        -> PresentationLayer
    {
        PresentationLayer(
            name: layer.name, kind: layer.kind, model: layer.model, state: state, localTime: layer.localTime,
            animationKeys: layer.animationKeys, sublayers: sublayers)
    }
}
