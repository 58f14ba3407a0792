import Reel

/// How the corners of a stroked line are drawn (Core Graphics' `CGLineJoin`), as
/// `UIBezierPath.lineJoinStyle` takes it.
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter, round, bevel

    /// The same join as a shape layer's `lineJoin`.
    public var shapeLayerLineJoin: CAShapeLayerLineJoin {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}
