import Reel

/// How the open ends of a stroked line are drawn (Core Graphics' `CGLineCap`), as
/// `UIBezierPath.lineCapStyle` takes it.
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt, round, square

    /// The same cap as a shape layer's `lineCap`.
    public var shapeLayerLineCap: CAShapeLayerLineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}
