import Foundation

/// Fills its bounds with a gradient: axial, radial or conic.
open class CAGradientLayer: CALayer {
    open override class var kind: LayerKind { .gradient }

    public var colors: [CGColor]? {
        get { modelState.colors }
        set { change(.colors) { $0.colors = newValue } }
    }
    /// Stops 0…1 for the colours (evenly spaced when nil).
    public var locations: [Double]? {
        get { modelState.locations }
        set { change(.locations) { $0.locations = newValue } }
    }
    /// In unit coordinates of the bounds; (0.5, 0) by default.
    public var startPoint: CGPoint {
        get { modelState.startPoint }
        set { change(.startPoint) { $0.startPoint = newValue } }
    }
    /// In unit coordinates of the bounds; (0.5, 1) by default.
    public var endPoint: CGPoint {
        get { modelState.endPoint }
        set { change(.endPoint) { $0.endPoint = newValue } }
    }
    public var type: CAGradientLayerType {
        get { modelState.gradientType }
        set { change(.type) { $0.gradientType = newValue } }
    }
}
