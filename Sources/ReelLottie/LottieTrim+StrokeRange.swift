import Foundation
import ReelCore

/// What a trim sets on a `CAShapeLayer`, as lottie-ios's Core Animation engine maps it:
/// `strokeStart` and `strokeEnd` as fractions of the layer's path, and how many times that path
/// is the shape's outline over again, so that a trim moved past the outline's end by its offset
/// goes on around its start.
struct LottieStrokeRange {
    var start: LottieAnimatable<Double>
    var end: LottieAnimatable<Double>
    var repeats: Int
}

extension LottieTrim {
    /// At most this many samples when an animated offset and an animated start or end are combined.
    private static let maxSamples = 2000

    var strokeRange: LottieStrokeRange {
        var (start, end) = (self.start, self.end)
        // Core Animation draws nothing when strokeStart passes strokeEnd; Lottie trims the same
        // stretch the other way round.
        if startAlwaysAfterEnd { swap(&start, &end) }
        guard offset.keyframes.contains(where: { $0.value != 0 }) else {
            return LottieStrokeRange(start: start.map { $0 / 100 }, end: end.map { $0 / 100 }, repeats: 1)
        }
        let (shiftedStart, shiftedEnd) = (shifted(start), shifted(end))
        let furthest = shiftedEnd.keyframes.map(\.value).max() ?? 100
        let repeats = min(max(1, Int((furthest / 100).rounded(.up))), 100)
        let scale = 100 * Double(repeats)
        return LottieStrokeRange(
            start: shiftedStart.map { $0 / scale }, end: shiftedEnd.map { $0 / scale }, repeats: repeats)
    }

    /// Whether the start is at or after the end at every keyframe of either.
    private var startAlwaysAfterEnd: Bool {
        let frames = Set((start.keyframes + end.keyframes).map(\.frame))
        return frames.allSatisfy { start.value(atFrame: $0) >= end.value(atFrame: $0) }
    }

    /// `value` (percent) moved on by the offset (degrees: 360 is the whole outline).
    private func shifted(_ value: LottieAnimatable<Double>) -> LottieAnimatable<Double> {
        let degrees = 100.0 / 360
        if !offset.isAnimated { return value.map { $0 + offset.initial * degrees } }
        if !value.isAnimated { return offset.map { value.initial + $0 * degrees } }
        // Both move, each with its own easing: sampled at every frame, linear in between.
        let frames = (value.keyframes + offset.keyframes).map(\.frame)
        let (first, last) = (frames.min()!, frames.max()!)
        let step = max(1, (last - first) / Double(Self.maxSamples))
        let samples = Set(Array(stride(from: first, to: last, by: step)) + frames).sorted()
        return LottieAnimatable(
            keyframes: samples.map {
                LottieKeyframe(frame: $0, value: value.value(atFrame: $0) + offset.value(atFrame: $0) * degrees)
            })
    }
}

extension LottieAnimatable where Value == Double {
    /// The number at `frame`, eased between keyframes.
    func value(atFrame frame: Double) -> Double { value(atFrame: frame) { a, b, p in a + (b - a) * p } }
}
