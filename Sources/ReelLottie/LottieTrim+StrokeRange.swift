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
        // Both may move, each with its own easing (see `LottieAnimatable.combined`).
        return LottieAnimatable.combined([value.timing, offset.timing]) {
            value.value(at: $0) + offset.value(at: $0) * degrees
        }
    }
}

extension LottieAnimatable where Value == Double {
    /// The number at `frame`, eased between keyframes.
    func value(atFrame frame: Double) -> Double { value(atFrame: frame) { a, b, p in a + (b - a) * p } }
}
