import Foundation

// Parts of Apple's CALayer API that ported code sets or calls and that change nothing in a
// rendered video, or that Reel does not implement: they are accepted, so the code compiles
// unchanged, and each says below what Reel does with it.

/// The filter used to scale a layer's contents (`minificationFilter`, `magnificationFilter`).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The pixel format of a layer's backing store (`contentsFormat`).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// Which edges of a layer are antialiased (`edgeAntialiasingMask`).
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// The stored values of the accepted properties, with Core Animation's defaults.
struct AcceptedLayerProperties {
    var isGeometryFlipped = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var allowsEdgeAntialiasing = false
    var allowsGroupOpacity = true
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge
    ]
    var isOpaque = false
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
}

extension CALayer {
    /// Accepted; no effect: Reel's layers always use Core Animation's default (unflipped) iOS
    /// geometry, y down. Flipped sublayer geometry is not implemented.
    public var isGeometryFlipped: Bool {
        get { accepted.isGeometryFlipped }
        set { accepted.isGeometryFlipped = newValue }
    }

    /// Accepted; no visual effect. On iOS rasterizing is a caching choice (with group opacity,
    /// which Reel always applies); Reel caches on its own terms.
    public var shouldRasterize: Bool {
        get { accepted.shouldRasterize }
        set { accepted.shouldRasterize = newValue }
    }

    /// Accepted; no effect (see `shouldRasterize`). Default 1.
    public var rasterizationScale: CGFloat {
        get { accepted.rasterizationScale }
        set { accepted.rasterizationScale = newValue }
    }

    /// Accepted; no effect: Reel antialiases every edge, transformed or not.
    public var allowsEdgeAntialiasing: Bool {
        get { accepted.allowsEdgeAntialiasing }
        set { accepted.allowsEdgeAntialiasing = newValue }
    }

    /// Accepted; Reel always composites a layer and its sublayers as a group before applying
    /// opacity (the iOS default, true). Setting false is not implemented.
    public var allowsGroupOpacity: Bool {
        get { accepted.allowsGroupOpacity }
        set { accepted.allowsGroupOpacity = newValue }
    }

    /// Accepted; no effect: images shown smaller than their pixels are always area-filtered (as
    /// with `.trilinear`), larger ones bilinear (Core Animation's `.linear`).
    public var minificationFilter: CALayerContentsFilter {
        get { accepted.minificationFilter }
        set { accepted.minificationFilter = newValue }
    }

    /// Accepted; no effect (see `minificationFilter`). `.nearest` for pixel art is not implemented.
    public var magnificationFilter: CALayerContentsFilter {
        get { accepted.magnificationFilter }
        set { accepted.magnificationFilter = newValue }
    }

    /// Accepted; no effect (see `minificationFilter`).
    public var minificationFilterBias: Float {
        get { accepted.minificationFilterBias }
        set { accepted.minificationFilterBias = newValue }
    }

    /// Accepted; no effect: all edges are antialiased.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { accepted.edgeAntialiasingMask }
        set { accepted.edgeAntialiasingMask = newValue }
    }

    /// Accepted; no effect (a drawing hint on iOS).
    public var isOpaque: Bool {
        get { accepted.isOpaque }
        set { accepted.isOpaque = newValue }
    }

    /// Accepted; not implemented: contents are scaled whole by `contentsGravity` (nine-part
    /// stretching is not done). Default (0, 0, 1, 1).
    public var contentsCenter: CGRect {
        get { accepted.contentsCenter }
        set { accepted.contentsCenter = newValue }
    }

    /// Accepted; no effect: drawn contents are kept as 8-bit RGBA.
    public var contentsFormat: CALayerContentsFormat {
        get { accepted.contentsFormat }
        set { accepted.contentsFormat = newValue }
    }

    /// Whether the layer is waiting to be laid out: always false, since Reel lays a layer out
    /// when `setNeedsLayout()` is called outside a timeline and at the end of every transaction
    /// inside one.
    public func needsLayout() -> Bool { false }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same place (nothing happens when
    /// `oldLayer` is not a sublayer).
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
        guard oldLayer !== newLayer else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }
}
