import Foundation

/// The model (or presentation) values of one layer: a plain value, cheap to copy, so the
/// compiled timeline can keep a snapshot per change and frames can be evaluated on any thread.
///
/// Defaults are Core Animation's.
public struct LayerState: Hashable, Sendable {
    /// The layer's own coordinate space; its origin shifts the content, not the frame.
    public var bounds: CGRect = .zero
    /// Where the anchor point sits in the superlayer's coordinate space.
    public var position: CGPoint = .zero
    /// Stacking order among siblings (higher is in front); ties keep insertion order.
    public var zPosition: CGFloat = 0
    /// The point about which transforms happen, in unit coordinates of the bounds.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor's z coordinate.
    public var anchorPointZ: CGFloat = 0
    /// The layer's transform, applied about the anchor point.
    public var transform: CATransform3D = .identity
    /// A transform applied to the sublayers, about the centre of the bounds.
    public var sublayerTransform: CATransform3D = .identity
    /// Hidden layers and their sublayers are not drawn.
    public var isHidden = false
    /// Opacity of the layer and its subtree, composited as a group.
    public var opacity: CGFloat = 1
    /// Fill of the bounds (rounded by `cornerRadius`); nil draws nothing.
    public var backgroundColor: CGColor? = nil
    /// Radius of the rounded corners of background, border and (with `masksToBounds`) the clip.
    public var cornerRadius: CGFloat = 0
    /// Width of the border, drawn inside the bounds above the sublayers.
    public var borderWidth: CGFloat = 0
    /// Colour of the border (opaque black by default, as in Core Animation).
    public var borderColor: CGColor? = .black
    /// Clips sublayers to the (rounded) bounds.
    public var masksToBounds = false
    /// Which corners `cornerRadius` rounds.
    public var maskedCorners: CACornerMask = .all
    /// The curve of the rounded corners: circular arcs or the continuous squircle.
    public var cornerCurve: CALayerCornerCurve = .circular
    /// Whether the back of the layer shows when it is turned away (3D).
    public var isDoubleSided = true
    /// How the layer and its sublayers, as a group, combine with what is beneath them; nil
    /// draws normally.
    public var compositingFilter: CACompositingFilter? = nil
    /// Filters applied to the layer and its sublayers, as a group, before compositing; nil for none.
    public var filters: [LayerFilter]? = nil
    /// Filters applied to what is drawn behind the layer, inside its (rounded) bounds, under its content.
    public var backgroundFilters: [LayerFilter]? = nil

    // MARK: Contents
    /// The image drawn in the bounds.
    public var contents: CGImage? = nil
    /// While an animation of `contents` runs: the dissolve from the old image (presentation only).
    public var contentsFade: ContentsFade? = nil
    /// How `contents` are placed in the bounds.
    public var contentsGravity: CALayerContentsGravity = .resize
    /// The part of `contents` drawn, in unit coordinates of the image.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point (for the non-resizing gravities).
    public var contentsScale: CGFloat = 1

    // MARK: Shadow
    public var shadowColor: CGColor? = .black
    public var shadowOpacity: CGFloat = 0
    /// Offset in the layer's coordinate space; Core Animation's default points up on iOS.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// Blur radius: the shadow is the layer's alpha blurred by a Gaussian of σ = radius.
    public var shadowRadius: CGFloat = 3
    /// The outline of the shadow (instead of the layer's alpha).
    public var shadowPath: CGPath? = nil

    // MARK: Layer timing
    /// Layer timing: its beginTime, speed and timeOffset apply to its animations and sublayers.
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0

    // MARK: CAShapeLayer
    public var path: CGPath? = nil
    public var fillColor: CGColor? = .black
    public var fillRule: CAShapeLayerFillRule = .nonZero
    public var strokeColor: CGColor? = nil
    public var lineWidth: CGFloat = 1
    public var lineCap: CAShapeLayerLineCap = .butt
    public var lineJoin: CAShapeLayerLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var lineDashPattern: [Double]? = nil
    public var lineDashPhase: CGFloat = 0
    /// Trim of the stroke by arc length along the whole path, 0…1.
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

    // MARK: CATextLayer
    public var string: String? = nil
    /// Font family name; nil is the default font.
    public var font: String? = nil
    public var fontSize: CGFloat = 36
    public var foregroundColor: CGColor? = .white
    public var alignmentMode: CATextLayerAlignmentMode = .natural
    public var isWrapped = false
    public var truncationMode: CATextLayerTruncationMode = .none
    /// Whether text uses its font's kerning (Core Text's default). Internal: layers built from a
    /// Lottie turn it off, as lottie-ios sets Core Text's kern attribute to the tracking.
    package var isKerned = true

    // MARK: CAGradientLayer
    public var colors: [CGColor]? = nil
    public var locations: [Double]? = nil
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var gradientType: CAGradientLayerType = .axial

    // MARK: CAScrollLayer
    public var scrollMode: CAScrollLayerScrollMode = .both

    // MARK: CAReplicatorLayer
    public var instanceCount = 1
    public var instanceDelay: Double = 0
    public var instanceTransform: CATransform3D = .identity
    /// Multiplies each instance's colours; nil is white (no change).
    public var instanceColor: CGColor? = .white  // Core Animation: opaque white
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0

    // MARK: CAEmitterLayer
    /// The cells particles are made from; nil emits nothing.
    public var emitterCells: [EmitterCellState]? = nil
    /// Centre of the emitter shape, in the layer's coordinate space, and its z.
    public var emitterPosition: CGPoint = .zero
    public var emitterZPosition: CGFloat = 0
    /// Size of the emitter shape (a circle's or sphere's radius is its width) and its depth.
    public var emitterSize: CGSize = .zero
    public var emitterDepth: CGFloat = 0
    public var emitterShape: CAEmitterLayerEmitterShape = .point
    public var emitterMode: CAEmitterLayerEmitterMode = .volume
    public var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Multipliers of every cell's birthRate, lifetime, velocity, scale and spin.
    public var birthRate: Double = 1
    public var lifetime: Double = 1
    public var velocity: Double = 1
    public var scale: Double = 1
    public var spin: Double = 1
    /// Seeds the particles' random draws: the same seed, the same particles.
    public var seed: UInt32 = 0

    public init() {}

    /// Maps this layer's local time from its parent's time.
    @inlinable public func localTime(parentTime: Double) -> Double {
        TimingEvaluator.localTime(parentTime: parentTime, beginTime: beginTime, speed: speed, timeOffset: timeOffset)
    }
}
