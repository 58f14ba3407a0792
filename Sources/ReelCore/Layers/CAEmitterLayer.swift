import Foundation

/// Emits, animates and draws particles: each of its `emitterCells` gives birth to particles on
/// the emitter shape, which then move, turn, scale and change colour on their own until their
/// lifetime ends. Particles live in the layer's coordinate space and are drawn above its
/// background, in `renderMode` order.
///
/// Particles are a pure function of (`seed`, time): each one's birth and random draws come from
/// the seed, and its state at any age is closed-form, so frames render identically in any
/// order, on any thread. The layer's `birthRate`, `lifetime`, `velocity`, `scale` and `spin`
/// multiply every cell's.
open class CAEmitterLayer: CALayer {
    open override class var kind: LayerKind { .emitter }

    /// The cells particles are made from (copies: change them through this property or a key
    /// path such as `emitterCells.spark.birthRate`).
    public var emitterCells: [CAEmitterCell]? {
        get { modelState.emitterCells?.map(CAEmitterCell.init(state:)) }
        set { change(.emitterCells) { $0.emitterCells = newValue?.map(\.state) } }
    }
    public var emitterPosition: CGPoint {
        get { modelState.emitterPosition }
        set { change(.emitterPosition) { $0.emitterPosition = newValue } }
    }
    public var emitterZPosition: CGFloat {
        get { modelState.emitterZPosition }
        set { change(.emitterZPosition) { $0.emitterZPosition = newValue } }
    }
    public var emitterSize: CGSize {
        get { modelState.emitterSize }
        set { change(.emitterSize) { $0.emitterSize = newValue } }
    }
    public var emitterDepth: CGFloat {
        get { modelState.emitterDepth }
        set { change(.emitterDepth) { $0.emitterDepth = newValue } }
    }
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { modelState.emitterShape }
        set { change(.emitterShape) { $0.emitterShape = newValue } }
    }
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { modelState.emitterMode }
        set { change(.emitterMode) { $0.emitterMode = newValue } }
    }
    public var renderMode: CAEmitterLayerRenderMode {
        get { modelState.renderMode }
        set { change(.renderMode) { $0.renderMode = newValue } }
    }
    public var birthRate: Float {
        get { Float(modelState.birthRate) }
        set { change(.birthRate) { $0.birthRate = Double(newValue) } }
    }
    public var lifetime: Float {
        get { Float(modelState.lifetime) }
        set { change(.lifetime) { $0.lifetime = Double(newValue) } }
    }
    public var velocity: Float {
        get { Float(modelState.velocity) }
        set { change(.velocity) { $0.velocity = Double(newValue) } }
    }
    public var scale: Float {
        get { Float(modelState.scale) }
        set { change(.scale) { $0.scale = Double(newValue) } }
    }
    public var spin: Float {
        get { Float(modelState.spin) }
        set { change(.spin) { $0.spin = Double(newValue) } }
    }
    public var seed: UInt32 {
        get { modelState.seed }
        set { change(.seed) { $0.seed = newValue } }
    }
}
