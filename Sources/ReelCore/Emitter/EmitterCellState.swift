import Foundation

/// The values of one `CAEmitterCell`: what a particle is born with and how it changes over its
/// life. A plain value (cells of cells included), so emitter layers snapshot like any layer.
///
/// Defaults are Core Animation's: a new cell emits nothing (birthRate 0, lifetime 0); `…Range`
/// values widen a value to `value ± range`; `…Speed` values change it per second of a particle's
/// life.
public struct EmitterCellState: Hashable, Sendable {
    /// The name key paths reach the cell by (`emitterCells.NAME.birthRate`).
    public var name: String? = nil
    /// Whether the cell emits and its particles are drawn.
    public var isEnabled = true
    /// Particles born per second (times the layer's `birthRate`).
    public var birthRate: Double = 0
    /// Seconds a particle lives (times the layer's `lifetime`).
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    /// Direction of emission: longitude in the x–y plane from +x (y points down), latitude out
    /// of that plane towards +z; particles leave within `emissionRange` radians of it.
    public var emissionLatitude: Double = 0
    public var emissionLongitude: Double = 0
    public var emissionRange: Double = 0
    /// Speed at birth, points per second (times the layer's `velocity`).
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    /// Constant acceleration, points per second².
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    public var zAcceleration: Double = 0
    /// Size of the particle relative to its image (times the layer's `scale`).
    public var scale: Double = 1
    public var scaleRange: Double = 0
    public var scaleSpeed: Double = 0
    /// Rotation speed, radians per second (times the layer's `spin`).
    public var spin: Double = 0
    public var spinRange: Double = 0
    /// Colour the image is multiplied by; nil is opaque white.
    public var color: CGColor? = .white
    public var redRange: Double = 0
    public var greenRange: Double = 0
    public var blueRange: Double = 0
    public var alphaRange: Double = 0
    public var redSpeed: Double = 0
    public var greenSpeed: Double = 0
    public var blueSpeed: Double = 0
    public var alphaSpeed: Double = 0
    /// The particle's image; a cell without one draws nothing (it may still emit sub-cells).
    public var contents: CGImage? = nil
    /// The part of `contents` drawn, in unit coordinates of the image.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point.
    public var contentsScale: Double = 1
    /// Cell timing, in the emitter's time (a sub-cell's: in its parent particle's age): when
    /// it starts emitting, for how long (0: for ever), how fast, and how many times.
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    /// Cells each particle of this cell emits (fireworks: a rocket's sparks).
    public var emitterCells: [EmitterCellState]? = nil

    public init() {}

    /// The cell's timing, as an animation's but for a duration of 0, which emits for ever.
    public var timing: MediaTiming {
        var t = MediaTiming()
        t.beginTime = beginTime
        t.duration = duration > 0 ? duration : .infinity
        t.speed = speed
        t.timeOffset = timeOffset
        t.repeatCount = repeatCount
        return t
    }

    /// The cell reached by `names` (sub-cells by name, outermost first) in `cells`.
    public static func find(_ names: ArraySlice<String>, in cells: [EmitterCellState]?) -> EmitterCellState? {
        guard let first = names.first, let cell = cells?.first(where: { $0.name == first }) else { return nil }
        return names.count == 1 ? cell : find(names.dropFirst(), in: cell.emitterCells)
    }

    /// Changes the cell reached by `names`; false when there is none.
    @discardableResult
    public static func modify(
        _ names: ArraySlice<String>, in cells: inout [EmitterCellState]?,
        _ change: (inout EmitterCellState) -> Void
    ) -> Bool {
        guard let first = names.first, let i = cells?.firstIndex(where: { $0.name == first }) else { return false }
        if names.count == 1 {
            change(&cells![i])
            return true
        }
        return modify(names.dropFirst(), in: &cells![i].emitterCells, change)
    }
}
