import Foundation

/// What a `CGContext` recorded: its drawing calls, resolved into paints whose geometry is in
/// the context's base space (for a layer's drawing: the backing store's pixels, y down, origin
/// at the top-left of the bounds). ReelRender replays it with Cairo.
///
/// Why a recording rather than pixels: ReelCore stays pure Swift (it cannot rasterise), and a
/// recording is resolution independent — the renderer replays it at the device transform the
/// layer has in each frame, so a drawn layer is as sharp at `--scale 2` as a shape layer. It is
/// immutable and `Sendable`, so frames rendering in parallel all read the same one.
public struct DisplayList: Hashable, Sendable {
    /// The size of the base space (the backing store: bounds size × contentsScale).
    public var size: CGSize
    /// Base units per point (the layer's contentsScale when it drew).
    public var scale: CGFloat
    /// The paints and clips, in order.
    public var commands: [DrawingCommand]

    public init(size: CGSize, scale: CGFloat = 1, commands: [DrawingCommand] = []) {
        self.size = size
        self.scale = scale
        self.commands = commands
    }

    /// Whether a paint combines with earlier paints other than by `normal` blending (`clear`,
    /// `copy`, `multiply`…): such a recording is replayed into a layer of its own, as a backing
    /// store would hold it, so the blend sees only this drawing and never what lies below the layer.
    public var needsIsolation: Bool {
        commands.contains { command in
            switch command {
            case .fill(_, _, _, let style), .stroke(_, _, _, let style), .linearGradient(_, let style),
                .radialGradient(_, let style),
                .image(_, _, _, let style), .text(_, let style):
                return style.blendMode != .normal
            case .saveGState, .restoreGState, .clip: return false
            }
        }
    }

    /// True when nothing is painted.
    public var isEmpty: Bool {
        !commands.contains {
            if case .saveGState = $0 {
                false
            } else if case .restoreGState = $0 {
                false
            } else if case .clip = $0 {
                false
            } else {
                true
            }
        }
    }
}

/// One recorded operation. Paths are in base space, already transformed by the CTM they were
/// built under; `transform` (the CTM at the time of the paint) is kept where the result depends
/// on user space beyond the path: a stroke's pen, a gradient's geometry, an image's or text's
/// placement.
public enum DrawingCommand: Hashable, Sendable {
    /// `saveGState()`: the clip is saved (every other piece of state is resolved into the paints).
    case saveGState
    /// `restoreGState()` matching an earlier save.
    case restoreGState
    /// Intersects the clip with the path.
    case clip(CGPath, CGPathFillRule)
    /// Fills the path with a colour.
    case fill(CGPath, CGPathFillRule, CGColor, DrawingStyle)
    /// Strokes the path with a colour.
    case stroke(CGPath, DrawingStroke, CGColor, DrawingStyle)
    /// Fills the clip with a linear gradient.
    case linearGradient(LinearGradientPaint, DrawingStyle)
    /// Fills the clip with a radial gradient.
    case radialGradient(RadialGradientPaint, DrawingStyle)
    /// Draws an image into `rect` (user space of `transform`), Core Graphics' way up: its first row at `rect.maxY`.
    case image(CGImage, CGRect, CGAffineTransform, DrawingStyle)
    /// Draws one line of text.
    case text(DrawingText, DrawingStyle)
}

/// The graphics state a paint is made with, beyond its geometry and colour.
public struct DrawingStyle: Hashable, Sendable {
    /// `setAlpha`: multiplies everything painted.
    public var alpha: CGFloat = 1
    public var blendMode: CGBlendMode = .normal
    /// `setShadow`: nil draws none.
    public var shadow: DrawingShadow? = nil
    /// `setShouldAntialias`.
    public var antialias = true
    public init() {}
}

/// A shadow under each paint: offset and blur in base space (as Core Graphics keeps them,
/// unaffected by the CTM), blur as a Gaussian's σ = blur / 2.
public struct DrawingShadow: Hashable, Sendable {
    public var offset: CGSize
    public var blur: CGFloat
    public var color: CGColor
}

/// How a path is stroked: the pen in user space (`transform`, the CTM at the time of the stroke).
public struct DrawingStroke: Hashable, Sendable {
    public var width: CGFloat = 1
    public var cap: CGLineCap = .butt
    public var join: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    /// Dash lengths in user space; empty for a solid line.
    public var dashes: [CGFloat] = []
    public var dashPhase: CGFloat = 0
    public var transform: CGAffineTransform = .identity
    public init() {}
}

/// `drawLinearGradient`: points in the user space of `transform`.
public struct LinearGradientPaint: Hashable, Sendable {
    public var gradient: CGGradient
    public var start: CGPoint, end: CGPoint
    public var options: CGGradientDrawingOptions
    public var transform: CGAffineTransform
}

/// `drawRadialGradient`: circles in the user space of `transform`.
public struct RadialGradientPaint: Hashable, Sendable {
    public var gradient: CGGradient
    public var startCenter: CGPoint, startRadius: CGFloat
    public var endCenter: CGPoint, endRadius: CGFloat
    public var options: CGGradientDrawingOptions
    public var transform: CGAffineTransform
}

/// `drawText`: one line, its top-left at `point` in the user space of `transform`.
public struct DrawingText: Hashable, Sendable {
    public var string: String
    public var point: CGPoint
    /// Font family (nil: the default font), size in points.
    public var font: String?
    public var size: CGFloat
    public var color: CGColor
    public var transform: CGAffineTransform
}
