import Foundation

// The small value types of Core Graphics' drawing calls, with Apple's names and raw values.

/// How the ends of stroked open subpaths are drawn.
public enum CGLineCap: Int32, Hashable, Sendable {
    case butt, round, square
}

/// How the corners of stroked paths are drawn.
public enum CGLineJoin: Int32, Hashable, Sendable {
    case miter, round, bevel
}

extension CGLineCap {
    /// A shape layer's `lineCap` as the drawing call names it.
    public init(_ cap: CAShapeLayerLineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }
}

extension CGLineJoin {
    /// A shape layer's `lineJoin` as the drawing call names it.
    public init(_ join: CAShapeLayerLineJoin) {
        switch join {
        case .miter: self = .miter
        case .round: self = .round
        case .bevel: self = .bevel
        }
    }
}

/// Which points are inside a path: non-zero winding number, or an odd number of crossings.
public enum CGPathFillRule: Int, Hashable, Sendable {
    case winding, evenOdd
}

/// What `CGContext.drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Hashable, Sendable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// How a paint combines with what the context already holds (`CGContext.setBlendMode`).
/// The separable and non-separable modes are the PDF ones; the Porter-Duff modes follow them.
/// `plusDarker` has no counterpart in the renderer and draws as `normal`.
public enum CGBlendMode: Int32, Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
        difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut,
        destinationAtop, xor, plusDarker, plusLighter
}

/// Whether a gradient also fills beyond its start and end (`drawLinearGradient(…options:)`).
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Extends the first colour before the start point (inside the start circle for radial gradients).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Extends the last colour past the end point (outside the end circle for radial gradients).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
