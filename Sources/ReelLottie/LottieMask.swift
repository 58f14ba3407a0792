import Foundation
import ReelCore

/// One of a layer's masks (`masksProperties`), in the layer's coordinates.
public struct LottieMask {
    /// How the mask combines with the masks before it (`mode`), as lottie-ios's Core Animation
    /// engine reads it: lighten draws as add, difference as intersect, darken like intersect.
    public enum Mode: Sendable {
        /// `a` (and `l`): what the mask covers is added to what is shown.
        case add
        /// `s`: what the mask covers is taken away.
        case subtract
        /// `i`, `f`, `d`: only what the mask also covers stays.
        case intersect
    }

    public var mode: Mode
    /// `inv`: the mask covers the outside of its path.
    public var inverted: Bool
    public var path: LottieAnimatable<LottieBezier>

    public init(mode: Mode, inverted: Bool = false, path: LottieAnimatable<LottieBezier>) {
        self.mode = mode
        self.inverted = inverted
        self.path = path
    }

    /// Whether the path's outside is what the mask shows: a subtracted mask, or an inverted
    /// additive one (an inverted subtraction cancels out, and lottie-ios does not invert
    /// intersections).
    var showsOutside: Bool { (mode == .subtract && !inverted) || (mode == .add && inverted) }
}
