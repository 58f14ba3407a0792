import Foundation
import ReelCore

extension LottieShapeBuilder {
    /// A shape layer's or a group's items. A repeater among them draws the other items once per
    /// copy, each copy in a layer placed (in the list's own space, inside a group's transform)
    /// by the repeater's transform for its index, the first copy at the bottom. The other
    /// arguments are `add`'s.
    func addRepeating(
        _ items: [LottieShapeItem], to container: CALayer, trims: [LottieTrim] = [],
        inherited: [LottieShapeItem] = [], corners: LottieAnimatable<Double>? = nil
    ) {
        var repeater: LottieRepeater?
        for case .repeater(let found) in items where repeater == nil { repeater = found }
        guard let repeater else {
            return add(items, to: container, trims: trims, inherited: inherited, corners: corners)
        }
        let others = items.filter {
            if case .repeater = $0 { return false }
            return true
        }
        for index in 0..<repeater.copies {
            let copy = CALayer()
            copy.name = repeater.name
            animator.apply(repeater.transform(ofCopy: index), to: copy, size: size, offset: offset, opacity: false)
            add(others, to: copy, trims: trims, inherited: inherited, corners: corners)
            container.addSublayer(copy)
        }
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
