import Foundation
import ReelCore

extension LottieShapePath {
    /// A path a fill or stroke draws, and whether it is a Bézier path item (`sh`), the kind
    /// lottie-ios combines into one layer even when animated.
    struct Drawn {
        var path: LottieAnimatable<CGPath>
        var isBezier = false
    }

    /// At most this many samples for paths whose keyframes fall at different frames.
    private static let maxSamples = 2000

    /// Several paths as one, as lottie-ios draws a group's paths in one `CAShapeLayer`: keyframe
    /// by keyframe when the animated ones share their keyframes' frames, otherwise sampled at
    /// every frame and moving linearly in between.
    static func combining(_ paths: [LottieAnimatable<CGPath>]) -> LottieAnimatable<CGPath> {
        func union(_ parts: [CGPath]) -> CGPath {
            let combined = CGMutablePath()
            for part in parts { combined.addPath(part) }
            return combined
        }
        let animated = paths.filter(\.isAnimated)
        guard let timing = animated.first else { return LottieAnimatable(union(paths.map(\.initial))) }
        let frames = timing.keyframes.map(\.frame)
        if animated.allSatisfy({
            $0.keyframes.map(\.frame) == frames && $0.keyframes.map(\.hold) == timing.keyframes.map(\.hold)
        }) {
            return LottieAnimatable(
                keyframes: timing.keyframes.enumerated().map { k, key in
                    LottieKeyframe(
                        frame: key.frame,
                        value: union(paths.map { $0.isAnimated ? $0.keyframes[k].value : $0.initial }),
                        easing: key.easing, hold: key.hold)
                })
        }
        let all = animated.flatMap { $0.keyframes.map(\.frame) }
        let (first, last) = (all.min()!, all.max()!)
        let step = max(1, (last - first) / Double(maxSamples))
        let samples = Set(Array(stride(from: first, to: last, by: step)) + all).sorted()
        return LottieAnimatable(
            keyframes: samples.map { frame in
                LottieKeyframe(
                    frame: frame,
                    value: union(
                        paths.map {
                            $0.value(atFrame: frame) { a, b, t in PathMorph.interpolate(a, b, t) ?? (t < 0.5 ? a : b) }
                        }))
            })
    }
}
