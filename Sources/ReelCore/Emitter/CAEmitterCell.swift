import Foundation

/// One source of particles of a `CAEmitterLayer`: what its particles look like and how they
/// move (see `EmitterCellState` for the meaning of each property). As in Core Animation, the
/// layer takes a copy of its cells when they are set: change a cell afterwards through the
/// layer's `emitterCells` (or an `emitterCells.NAME.PROPERTY` key path), not through the object.
public final class CAEmitterCell: @unchecked Sendable {
    // @unchecked: a cell is configured on one thread, then copied into a layer's state.
    /// The cell's values.
    public var state: EmitterCellState

    public init() { state = EmitterCellState() }

    /// A cell with these values.
    public init(state: EmitterCellState) { self.state = state }

    /// Core Animation's default value of a cell property.
    public static func defaultValue(forKey key: EmitterCellProperty) -> AnimatableValue { key.get(EmitterCellState()) }

    /// The cells this cell's particles emit.
    public var emitterCells: [CAEmitterCell]? {
        get { state.emitterCells?.map(CAEmitterCell.init(state:)) }
        set { state.emitterCells = newValue?.map(\.state) }
    }

    public var name: String? {
        get { state.name }
        set { state.name = newValue }
    }
    public var isEnabled: Bool {
        get { state.isEnabled }
        set { state.isEnabled = newValue }
    }
    public var birthRate: Float {
        get { Float(state.birthRate) }
        set { state.birthRate = Double(newValue) }
    }
    public var lifetime: Float {
        get { Float(state.lifetime) }
        set { state.lifetime = Double(newValue) }
    }
    public var lifetimeRange: Float {
        get { Float(state.lifetimeRange) }
        set { state.lifetimeRange = Double(newValue) }
    }
    public var emissionLatitude: CGFloat {
        get { state.emissionLatitude }
        set { state.emissionLatitude = newValue }
    }
    public var emissionLongitude: CGFloat {
        get { state.emissionLongitude }
        set { state.emissionLongitude = newValue }
    }
    public var emissionRange: CGFloat {
        get { state.emissionRange }
        set { state.emissionRange = newValue }
    }
    public var velocity: CGFloat {
        get { state.velocity }
        set { state.velocity = newValue }
    }
    public var velocityRange: CGFloat {
        get { state.velocityRange }
        set { state.velocityRange = newValue }
    }
    public var xAcceleration: CGFloat {
        get { state.xAcceleration }
        set { state.xAcceleration = newValue }
    }
    public var yAcceleration: CGFloat {
        get { state.yAcceleration }
        set { state.yAcceleration = newValue }
    }
    public var zAcceleration: CGFloat {
        get { state.zAcceleration }
        set { state.zAcceleration = newValue }
    }
    public var scale: CGFloat {
        get { state.scale }
        set { state.scale = newValue }
    }
    public var scaleRange: CGFloat {
        get { state.scaleRange }
        set { state.scaleRange = newValue }
    }
    public var scaleSpeed: CGFloat {
        get { state.scaleSpeed }
        set { state.scaleSpeed = newValue }
    }
    public var spin: CGFloat {
        get { state.spin }
        set { state.spin = newValue }
    }
    public var spinRange: CGFloat {
        get { state.spinRange }
        set { state.spinRange = newValue }
    }
    public var color: CGColor? {
        get { state.color }
        set { state.color = newValue }
    }
    public var redRange: Float {
        get { Float(state.redRange) }
        set { state.redRange = Double(newValue) }
    }
    public var greenRange: Float {
        get { Float(state.greenRange) }
        set { state.greenRange = Double(newValue) }
    }
    public var blueRange: Float {
        get { Float(state.blueRange) }
        set { state.blueRange = Double(newValue) }
    }
    public var alphaRange: Float {
        get { Float(state.alphaRange) }
        set { state.alphaRange = Double(newValue) }
    }
    public var redSpeed: Float {
        get { Float(state.redSpeed) }
        set { state.redSpeed = Double(newValue) }
    }
    public var greenSpeed: Float {
        get { Float(state.greenSpeed) }
        set { state.greenSpeed = Double(newValue) }
    }
    public var blueSpeed: Float {
        get { Float(state.blueSpeed) }
        set { state.blueSpeed = Double(newValue) }
    }
    public var alphaSpeed: Float {
        get { Float(state.alphaSpeed) }
        set { state.alphaSpeed = Double(newValue) }
    }
    public var contents: CGImage? {
        get { state.contents }
        set { state.contents = newValue }
    }
    public var contentsRect: CGRect {
        get { state.contentsRect }
        set { state.contentsRect = newValue }
    }
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set { state.contentsScale = newValue }
    }
    public var beginTime: Double {
        get { state.beginTime }
        set { state.beginTime = newValue }
    }
    public var duration: Double {
        get { state.duration }
        set { state.duration = newValue }
    }
    public var speed: Float {
        get { Float(state.speed) }
        set { state.speed = Double(newValue) }
    }
    public var timeOffset: Double {
        get { state.timeOffset }
        set { state.timeOffset = newValue }
    }
    public var repeatCount: Float {
        get { Float(state.repeatCount) }
        set { state.repeatCount = Double(newValue) }
    }
}
