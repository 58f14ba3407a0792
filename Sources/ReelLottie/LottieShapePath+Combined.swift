import Foundation
import ReelCore

extension LottieShapePath {
    /// A path a fill or stroke draws, and whether it is a Bézier path item (`sh`), the kind
    /// lottie-ios combines into one layer even when animated.
    struct Drawn {
        var path: LottieAnimatable<CGPath>
        var isBezier = false
    }

    /// Several paths as one, as lottie-ios draws a group's paths in one `CAShapeLayer`, on the
    /// keyframes the paths share or else sampled (see `LottieAnimatable.combined`).
    static func combining(_ paths: [LottieAnimatable<CGPath>]) -> LottieAnimatable<CGPath> {
        LottieAnimatable.combined(paths.map(\.timing)) { moment in
            let combined = CGMutablePath()
            for path in paths {
                combined.addPath(
                    path.value(at: moment) { a, b, t in PathMorph.interpolate(a, b, t) ?? (t < 0.5 ? a : b) })
            }
            return combined
        }
    }
}
