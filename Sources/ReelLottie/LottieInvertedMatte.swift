import Foundation
import ReelCore

/// An inverted track matte (`tt: 2`) as lottie-ios's Core Animation engine makes it: opaque black
/// reaching far past the composition, with the matte layer drawn over it through the `xor`
/// compositing filter, which clears the black wherever the matte is opaque. Used as a mask, it
/// shows the layer only outside its matte.
enum LottieInvertedMatte {
    /// How far the black reaches past the composition on every side, in points: far enough that
    /// no layer of it can draw beyond (lottie-ios stands in for infinity the same way).
    static let padding = 10_000.0

    /// The mask showing everything outside `matte`'s alpha in a composition of `size`.
    static func make(showingOutside matte: CALayer, size: CGSize) -> CALayer {
        let base = CALayer()
        base.frame = CGRect(origin: .zero, size: size)
        let black = CALayer()
        black.frame = base.bounds.insetBy(dx: -padding, dy: -padding)
        black.backgroundColor = .black
        base.addSublayer(black)
        matte.compositingFilter = CACompositingFilter.xor.rawValue
        base.addSublayer(matte)
        return base
    }
}
