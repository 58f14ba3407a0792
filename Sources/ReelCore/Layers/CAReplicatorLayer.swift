import Foundation

/// Draws its sublayers `instanceCount` times, each copy transformed by one more
/// `instanceTransform`, delayed by one more `instanceDelay`, and tinted by `instanceColor` plus
/// one more set of colour offsets (the classic loading spinners).
open class CAReplicatorLayer: CALayer {
    open override class var kind: LayerKind { .replicator }

    public var instanceCount: Int {
        get { modelState.instanceCount }
        set { change(.instanceCount) { $0.instanceCount = max(0, newValue) } }
    }
    public var instanceDelay: Double {
        get { modelState.instanceDelay }
        set { change(.instanceDelay) { $0.instanceDelay = newValue } }
    }
    public var instanceTransform: CATransform3D {
        get { modelState.instanceTransform }
        set { change(.instanceTransform) { $0.instanceTransform = newValue } }
    }
    public var instanceColor: CGColor? {
        get { modelState.instanceColor }
        set { change(.instanceColor) { $0.instanceColor = newValue } }
    }
    public var instanceRedOffset: Float {
        get { Float(modelState.instanceRedOffset) }
        set { change(.instanceRedOffset) { $0.instanceRedOffset = Double(newValue) } }
    }
    public var instanceGreenOffset: Float {
        get { Float(modelState.instanceGreenOffset) }
        set { change(.instanceGreenOffset) { $0.instanceGreenOffset = Double(newValue) } }
    }
    public var instanceBlueOffset: Float {
        get { Float(modelState.instanceBlueOffset) }
        set { change(.instanceBlueOffset) { $0.instanceBlueOffset = Double(newValue) } }
    }
    public var instanceAlphaOffset: Float {
        get { Float(modelState.instanceAlphaOffset) }
        set { change(.instanceAlphaOffset) { $0.instanceAlphaOffset = Double(newValue) } }
    }
}
