import Foundation
import ReelCore

/// Makes a layer's masks into one alpha mask, as lottie-ios's Core Animation engine does:
/// additive masks (and the first one, whatever its mode) are shapes side by side in a
/// container; each subtracted or intersecting mask after them masks that container, which goes
/// into a new one. A mask showing its path's outside is a very large rectangle with the path cut
/// out of it (even-odd fill).
struct LottieMaskBuilder {
    let animator: LottieAnimator
    let offset: Double

    /// Reaches far past any canvas at any scale a Lottie layer has, and stays within what
    /// Cairo's fixed-point coordinates hold.
    static let outside = CGRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)

    /// The mask of a layer with bounds `bounds`; nil without masks.
    func mask(_ masks: [LottieMask], bounds: CGRect) -> CALayer? {
        guard !masks.isEmpty else { return nil }
        var container = CALayer()
        container.frame = bounds
        for (n, mask) in masks.enumerated() {
            let shape = CAShapeLayer()
            shape.frame = bounds
            shape.fillColor = .black
            shape.fillRule = .evenOdd
            let outside = mask.showsOutside
            animator.apply(mask.path, to: shape, keyPath: "path", offset: offset) { bezier in
                guard outside else { return bezier.cgPath }
                let path = CGMutablePath()
                path.addRect(Self.outside)
                path.addPath(bezier.cgPath)
                return path
            }
            if mask.mode == .add || n == 0 {
                container.addSublayer(shape)
            } else {
                container.mask = shape
                let outer = CALayer()
                outer.frame = bounds
                outer.addSublayer(container)
                container = outer
            }
        }
        return container
    }
}
