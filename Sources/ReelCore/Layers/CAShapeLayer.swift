import Foundation

/// Draws a path: filled (opaque black by default), optionally stroked, the stroke trimmed by
/// `strokeStart`/`strokeEnd` along the path's arc length. Everything animates, the path too
/// (point by point, between paths of the same structure).
open class CAShapeLayer: CALayer {
    open override class var kind: LayerKind { .shape }

    public var path: CGPath? {
        get { modelState.path }
        set { change(.path) { $0.path = newValue?.copy() } }
    }
    public var fillColor: CGColor? {
        get { modelState.fillColor }
        set { change(.fillColor) { $0.fillColor = newValue } }
    }
    public var fillRule: CAShapeLayerFillRule {
        get { modelState.fillRule }
        set { change(.fillRule) { $0.fillRule = newValue } }
    }
    public var strokeColor: CGColor? {
        get { modelState.strokeColor }
        set { change(.strokeColor) { $0.strokeColor = newValue } }
    }
    public var lineWidth: CGFloat {
        get { modelState.lineWidth }
        set { change(.lineWidth) { $0.lineWidth = newValue } }
    }
    public var lineCap: CAShapeLayerLineCap {
        get { modelState.lineCap }
        set { change(.lineCap) { $0.lineCap = newValue } }
    }
    public var lineJoin: CAShapeLayerLineJoin {
        get { modelState.lineJoin }
        set { change(.lineJoin) { $0.lineJoin = newValue } }
    }
    public var miterLimit: CGFloat {
        get { modelState.miterLimit }
        set { change(.miterLimit) { $0.miterLimit = newValue } }
    }
    public var lineDashPattern: [Double]? {
        get { modelState.lineDashPattern }
        set { change(.lineDashPattern) { $0.lineDashPattern = newValue } }
    }
    public var lineDashPhase: CGFloat {
        get { modelState.lineDashPhase }
        set { change(.lineDashPhase) { $0.lineDashPhase = newValue } }
    }
    public var strokeStart: CGFloat {
        get { modelState.strokeStart }
        set { change(.strokeStart) { $0.strokeStart = newValue } }
    }
    public var strokeEnd: CGFloat {
        get { modelState.strokeEnd }
        set { change(.strokeEnd) { $0.strokeEnd = newValue } }
    }
}
