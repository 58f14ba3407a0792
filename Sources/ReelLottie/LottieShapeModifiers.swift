import Foundation
import ReelCore

/// `sr`: a star (`sy: 1`) or a regular polygon (`sy: 2`) centred on `position`, its first point
/// straight up from the centre when `rotation` (degrees, clockwise) is 0.
public struct LottiePolystar {
    public var name: String?
    public var isPolygon: Bool
    public var position: LottieAnimatable<CGPoint>
    /// `pt`: the number of points (outer vertices); fractions draw a partial point.
    public var points: LottieAnimatable<Double>
    public var rotation: LottieAnimatable<Double>
    public var outerRadius: LottieAnimatable<Double>
    public var innerRadius: LottieAnimatable<Double>
    /// Percent: how far the outer and inner vertices' tangents reach (0 is sharp).
    public var outerRoundness: LottieAnimatable<Double>
    public var innerRoundness: LottieAnimatable<Double>
    /// `d: 3`: the vertices run counter-clockwise (trims start the other way).
    public var reversed: Bool

    public init(
        name: String? = nil, isPolygon: Bool, position: LottieAnimatable<CGPoint> = LottieAnimatable(.zero),
        points: LottieAnimatable<Double>, rotation: LottieAnimatable<Double> = LottieAnimatable(0),
        outerRadius: LottieAnimatable<Double>, innerRadius: LottieAnimatable<Double> = LottieAnimatable(0),
        outerRoundness: LottieAnimatable<Double> = LottieAnimatable(0),
        innerRoundness: LottieAnimatable<Double> = LottieAnimatable(0), reversed: Bool = false
    ) {
        self.name = name
        self.isPolygon = isPolygon
        self.position = position
        self.points = points
        self.rotation = rotation
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius
        self.outerRoundness = outerRoundness
        self.innerRoundness = innerRoundness
        self.reversed = reversed
    }
}

/// `gs`: strokes the paths before it in its list with a gradient. The stroke's colour is unused;
/// the gradient's opacity is the stroke's.
public struct LottieGradientStroke {
    public var gradient: LottieGradientFill
    public var stroke: LottieStroke

    public init(gradient: LottieGradientFill, stroke: LottieStroke) {
        self.gradient = gradient
        self.stroke = stroke
    }
}

/// `tm`: the strokes of its list are drawn from `start` to `end` percent of their length, moved
/// along it by `offset` degrees (360° is the whole length). Each path is trimmed on its own.
public struct LottieTrim {
    public var name: String?
    public var start: LottieAnimatable<Double>
    public var end: LottieAnimatable<Double>
    public var offset: LottieAnimatable<Double>

    public init(
        name: String? = nil, start: LottieAnimatable<Double>, end: LottieAnimatable<Double>,
        offset: LottieAnimatable<Double> = LottieAnimatable(0)
    ) {
        self.name = name
        self.start = start
        self.end = end
        self.offset = offset
    }
}

/// `rp`: `copies` copies of the shape layer's other items; copy `n` is placed by `transform`
/// with its position and rotation multiplied by `n` (its anchor and scale as given), as
/// lottie-ios's Core Animation engine places them.
public struct LottieRepeater {
    public var name: String?
    public var copies: Int
    public var transform: LottieTransform

    public init(name: String? = nil, copies: Int, transform: LottieTransform) {
        self.name = name
        self.copies = copies
        self.transform = transform
    }
}
