import Foundation
import ReelCore

extension LottieShapeBuilder {
    /// A shape layer's or a group's items. A repeater among them draws items once per copy,
    /// each copy in a layer placed (in the list's own space, inside a group's transform) by the
    /// repeater's transform for its index, the first copy at the bottom. At a shape layer's top
    /// level every other item is copied, as lottie-ios's Core Animation engine copies them; in a
    /// group, as Lottie defines a repeater and Core Animation's snapshots show, only the items
    /// before it, with the fills, strokes and modifiers after it, while the paths and groups
    /// after it are drawn once, under the copies. The other arguments are `add`'s.
    func addRepeating(
        _ items: [LottieShapeItem], to container: CALayer, inGroup: Bool = false, trims: [LottieTrim] = [],
        inherited: [LottieShapeItem] = [], corners: LottieAnimatable<Double>? = nil
    ) {
        guard let index = items.firstIndex(where: \.isRepeater), case .repeater(let repeater) = items[index] else {
            return add(items, to: container, trims: trims, inherited: inherited, corners: corners)
        }
        let copied: [LottieShapeItem]
        if inGroup {
            let after = items[(index + 1)...]
            copied = Array(items[..<index]) + after.filter { !$0.drawsPath && !$0.isGroup && !$0.isRepeater }
            add(Array(after), to: container, trims: trims, inherited: inherited, corners: corners)
        } else {
            copied = items.filter { !$0.isRepeater }
        }
        for index in 0..<repeater.copies {
            let copy = CALayer()
            copy.name = repeater.name
            animator.apply(repeater.transform(ofCopy: index), to: copy, size: size, offset: offset, opacity: false)
            add(copied, to: copy, trims: trims, inherited: inherited, corners: corners)
            container.addSublayer(copy)
        }
    }
}

extension LottieShapeItem {
    fileprivate var isRepeater: Bool {
        if case .repeater = self { return true }
        return false
    }

    fileprivate var isGroup: Bool {
        if case .group = self { return true }
        return false
    }
}

extension LottieRepeater {
    /// Copy `index`'s transform: the repeater's position and rotation `index` times over, its
    /// anchor and scale as they are (lottie-ios's Core Animation engine does not compound the
    /// scale).
    func transform(ofCopy index: Int) -> LottieTransform {
        let n = Double(index)
        var copy = transform
        switch transform.position {
        case .point(let p): copy.position = .point(p.map { CGPoint(x: $0.x * n, y: $0.y * n) })
        case .split(let x, let y): copy.position = .split(x: x.map { $0 * n }, y: y.map { $0 * n })
        }
        copy.rotation = transform.rotation.map { $0 * n }
        return copy
    }
}
