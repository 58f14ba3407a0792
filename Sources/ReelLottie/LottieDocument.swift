import Foundation
import ReelCore

/// A Lottie animation (Bodymovin JSON), reduced to what Reel maps to layers. Decoding and its
/// diagnostics belong to the file format (ReelScene); this is the checked result.
public struct LottieDocument {
    /// The composition's size in points (`w`, `h`).
    public var width: Double
    public var height: Double
    /// Frames per second (`fr`).
    public var frameRate: Double
    /// The first and the end frame (`ip`, `op`): time 0 is frame `inPoint`.
    public var inPoint: Double
    public var outPoint: Double
    /// Top-most first, as in the file.
    public var layers: [LottieLayer]
    /// Precompositions' layers by asset id (`assets[].id` → `assets[].layers`).
    public var precomps: [String: [LottieLayer]]
    /// Image assets by id (`assets[].id` of assets with `p`).
    public var images: [String: LottieImageAsset] = [:]
    /// `fonts.list` by `fName`, and the glyph outlines of `chars`.
    public var fonts: [String: LottieFont] = [:]
    public var glyphs: [LottieGlyph.Key: LottieGlyph] = [:]
    /// The font files text is set with besides the installed fonts (found beside the file, in
    /// its dotLottie, or installed by the user; see `LottieDocument+Fonts`), and their families.
    public var fontFiles: [String] = []
    public var fontFamilies: [String] = []

    public init(
        width: Double, height: Double, frameRate: Double, inPoint: Double, outPoint: Double, layers: [LottieLayer],
        precomps: [String: [LottieLayer]] = [:]
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.layers = layers
        self.precomps = precomps
    }

    /// Seconds from frame `inPoint` to frame `outPoint`.
    public var duration: Double { (outPoint - inPoint) / frameRate }
}

/// One layer of a composition.
public struct LottieLayer {
    /// What the layer draws.
    public enum Content {
        /// `ty: 4`: shape items, top-most first.
        case shapes([LottieShapeItem])
        /// `ty: 1`: a rectangle of colour from (0, 0).
        case solid(CGColor, width: Double, height: Double)
        /// `ty: 0`: the layers of precomposition `id`, clipped to `width × height`.
        case precomp(id: String, width: Double, height: Double)
        /// `ty: 2`: image asset `id`, drawn at its size from (0, 0).
        case image(id: String)
        /// `ty: 5`: text set from the layer's origin (see `LottieTextBuilder`).
        case text(LottieText)
        /// `ty: 3`, and layers whose kind is not supported yet (warned about when decoded):
        /// a transform for children, nothing drawn.
        case none
    }

    /// `nm`, kept so that layers can be found by their Lottie names.
    public var name: String?
    /// `ind`, which children name as their `parent`.
    public var index: Int?
    public var parent: Int?
    public var content: Content
    /// Visible from frame `inPoint` up to, not including, `outPoint` (`ip`, `op`: composition frames).
    public var inPoint: Double
    public var outPoint: Double
    /// `st`: a precomp's layers are shifted by this many frames (the layer's own keyframes are in
    /// its composition's time, as lottie-ios reads them).
    public var startTime: Double
    public var transform: LottieTransform
    /// The layer whose alpha shows this one (`tt: 1`, or `tt: 2` inverted, under the `td` layer
    /// before it); not drawn itself.
    public var matte: LottieLayer? {
        get { matteStorage.first }
        set { matteStorage = newValue.map { [$0] } ?? [] }
    }
    /// `tt: 2`: the layer shows outside its matte's alpha instead of inside it.
    public var invertsMatte = false
    /// Masks (`masksProperties`) in order: only what they leave is drawn. Empty: no mask.
    public var masks: [LottieMask] = []
    /// `sr`: a precomp's layers play this many times slower (above 0).
    public var timeStretch = 1.0
    /// `bm`: the blend mode as the compositing filter lottie-ios sets (`multiplyBlendMode`, …);
    /// nil is normal.
    public var compositingFilter: String?
    /// `tm`: for a precomp, the seconds of its own time shown at each frame of its
    /// composition (replacing its start time and stretch). Nil: not remapped.
    public var timeRemap: LottieAnimatable<Double>?
    /// A track matte (`td`): drawn only as the next layer's `matte`, kept in its composition
    /// for the layers that name it as their parent.
    public var isTrackMatte = false
    /// A drop shadow effect or layer style, as the layer's shadow.
    public var dropShadow: LottieDropShadow?
    /// An array: a struct cannot hold an optional of itself.
    private var matteStorage: [LottieLayer] = []

    public init(
        name: String? = nil, index: Int? = nil, parent: Int? = nil, content: Content, inPoint: Double,
        outPoint: Double, startTime: Double = 0, transform: LottieTransform = LottieTransform()
    ) {
        self.name = name
        self.index = index
        self.parent = parent
        self.content = content
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.startTime = startTime
        self.transform = transform
    }
}

/// A layer's `ks` or a group's `tr`: the point `anchor` of the content is placed at `position`,
/// scaled (percent), skewed and rotated (degrees, clockwise on screen) about it.
public struct LottieTransform {
    /// Position as one point, or as separate x and y properties (`p.s: true`).
    public enum Position {
        case point(LottieAnimatable<CGPoint>)
        case split(x: LottieAnimatable<Double>, y: LottieAnimatable<Double>)
    }

    public var anchor: LottieAnimatable<CGPoint>
    public var position: Position
    /// Percent: (100, 100) is the natural size.
    public var scale: LottieAnimatable<CGPoint>
    public var rotation: LottieAnimatable<Double>
    /// Percent: 100 is opaque.
    public var opacity: LottieAnimatable<Double>
    /// `sk`: degrees of shear, applied after the scale and before the rotation.
    public var skew = LottieAnimatable(0.0)
    /// `sa`: the direction of the shear, degrees from the x axis.
    public var skewAxis = LottieAnimatable(0.0)

    public init(
        anchor: LottieAnimatable<CGPoint> = LottieAnimatable(.zero),
        position: Position = .point(LottieAnimatable(.zero)),
        scale: LottieAnimatable<CGPoint> = LottieAnimatable(CGPoint(x: 100, y: 100)),
        rotation: LottieAnimatable<Double> = LottieAnimatable(0),
        opacity: LottieAnimatable<Double> = LottieAnimatable(100)
    ) {
        self.anchor = anchor
        self.position = position
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
    }
}
