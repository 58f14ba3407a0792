import Foundation

/// Draws its sublayers `instanceCount` times, each copy transformed by one more
/// `instanceTransform`, delayed by one more `instanceDelay`, and tinted by `instanceColor` plus
/// one more set of colour offsets (the classic loading spinners).
open class CAReplicatorLayer: CALayer {
    open override class var kind: LayerKind { .replicator }

    public var instanceCount: Int {
        get { model.instanceCount }
        set { change(.instanceCount) { $0.instanceCount = max(0, newValue) } }
    }
    public var instanceDelay: Double {
        get { model.instanceDelay }
        set { change(.instanceDelay) { $0.instanceDelay = newValue } }
    }
    public var instanceTransform: CATransform3D {
        get { model.instanceTransform }
        set { change(.instanceTransform) { $0.instanceTransform = newValue } }
    }
    public var instanceColor: CGColor? {
        get { model.instanceColor }
        set { change(.instanceColor) { $0.instanceColor = newValue } }
    }
    public var instanceRedOffset: Float {
        get { Float(model.instanceRedOffset) }
        set { change(.instanceRedOffset) { $0.instanceRedOffset = Double(newValue) } }
    }
    public var instanceGreenOffset: Float {
        get { Float(model.instanceGreenOffset) }
        set { change(.instanceGreenOffset) { $0.instanceGreenOffset = Double(newValue) } }
    }
    public var instanceBlueOffset: Float {
        get { Float(model.instanceBlueOffset) }
        set { change(.instanceBlueOffset) { $0.instanceBlueOffset = Double(newValue) } }
    }
    public var instanceAlphaOffset: Float {
        get { Float(model.instanceAlphaOffset) }
        set { change(.instanceAlphaOffset) { $0.instanceAlphaOffset = Double(newValue) } }
    }
}
