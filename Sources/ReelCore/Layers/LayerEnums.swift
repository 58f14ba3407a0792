/// String-valued layer options, with Core Animation's Swift spellings as raw values (what scene
/// files write and `inspect` prints).
public protocol LayerOption: RawRepresentable, Hashable, Sendable, CaseIterable where RawValue == String {}

/// How a shape's interior is decided where its outline crosses itself.
public enum CAShapeLayerFillRule: String, LayerOption { case nonZero, evenOdd }
/// The ends of open stroked lines.
public enum CAShapeLayerLineCap: String, LayerOption { case butt, round, square }
/// The corners of stroked lines.
public enum CAShapeLayerLineJoin: String, LayerOption { case miter, round, bevel }
/// Horizontal alignment of text.
public enum CATextLayerAlignmentMode: String, LayerOption { case natural, left, right, center, justified }
/// Where text that does not fit is cut, with an ellipsis.
public enum CATextLayerTruncationMode: String, LayerOption { case none, start, middle, end }
/// The shape of a gradient.
public enum CAGradientLayerType: String, LayerOption { case axial, radial, conic }
/// The directions a CAScrollLayer scrolls in.
public enum CAScrollLayerScrollMode: String, LayerOption { case none, vertically, horizontally, both }
/// Where an emitter's particles are born: a shape centred on `emitterPosition`.
public enum CAEmitterLayerEmitterShape: String, LayerOption { case point, line, rectangle, cuboid, circle, sphere }
/// Which part of the emitter shape particles are born on.
public enum CAEmitterLayerEmitterMode: String, LayerOption { case points, outline, surface, volume }
/// The order particles are drawn in, or additive blending.
public enum CAEmitterLayerRenderMode: String, LayerOption {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}
/// How contents are placed in the bounds. (`top` means the top of the screen here; Core Animation
/// on iOS famously swaps top and bottom because of its flipped geometry.)
public enum CALayerContentsGravity: String, LayerOption {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, resizeAspect,
        resizeAspectFill
}

/// The corners `cornerRadius` rounds (`maskedCorners`); raw values as CACornerMask's.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    public static let all: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner
    ]

    /// Scene-file names of the corners, in bit order.
    public static let names = ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"]
}

/// The kind of layer: which class's properties apply and how it draws.
public enum LayerKind: String, Sendable, Hashable, CaseIterable {
    case layer = "CALayer", shape = "CAShapeLayer", text = "CATextLayer", gradient = "CAGradientLayer"
    case replicator = "CAReplicatorLayer"
    /// Keeps its sublayers in 3D instead of flattening them into its plane (and draws nothing itself).
    case transformLayer = "CATransformLayer"
    /// Shows part of its sublayers: scrolling sets its bounds.origin.
    case scroll = "CAScrollLayer"
    /// Emits, animates and draws particles (`CAEmitterCell`s).
    case emitter = "CAEmitterLayer"

    /// The short form scene files accept (`class: shape`).
    public var shortName: String {
        switch self {
        case .layer: "layer"
        case .shape: "shape"
        case .text: "text"
        case .gradient: "gradient"
        case .replicator: "replicator"
        case .transformLayer: "transformLayer"
        case .scroll: "scroll"
        case .emitter: "emitter"
        }
    }
}
