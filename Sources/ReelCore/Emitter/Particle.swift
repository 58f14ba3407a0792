import Foundation

/// A particle at its birth: everything its later states are computed from, in closed form.
public struct ParticleBirth: Hashable, Sendable {
    /// Birth time, in the emitter layer's local time.
    public var time: Double
    /// How fast the particle ages relative to the layer (its cell's `speed`).
    public var rate: Double
    /// Age at which it dies, in its own (cell) time.
    public var lifetime: Double
    public var position: SIMD3<Double>
    public var velocity: SIMD3<Double>
    public var acceleration: SIMD3<Double>
    /// Scale at birth and its change per second (both before the layer's multiplier).
    public var scale: Double
    public var scaleSpeed: Double
    /// The layer's `scale` multiplier at birth.
    public var scaleFactor: Double
    /// Angular speed, radians per second.
    public var spin: Double
    /// Colour at birth (ranges applied, not yet clamped) and its change per second.
    public var color: SIMD4<Double>
    public var colorSpeed: SIMD4<Double>
    /// A parent particle's colour (sub-cells' particles are tinted by their parent's).
    public var tint: SIMD4<Double> = SIMD4(1, 1, 1, 1)

    /// The particle's state at `age` seconds of its own time (position + velocity·a +
    /// ½·acceleration·a², scale + scaleSpeed·a, spin·a, colour + speed·a clamped to 0…1).
    public func state(atAge a: Double) -> ParticleState {
        let p = position + velocity * a + acceleration * (0.5 * a * a)
        let c = (color + colorSpeed * a).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * tint
        return ParticleState(position: p, scale: (scale + scaleSpeed * a) * scaleFactor, rotation: spin * a, color: c)
    }

    /// Its age at layer time `t`.
    public func age(at t: Double) -> Double { Self.age(at: t, bornAt: time, rate: rate) }

    /// The age at layer time `t` of a particle born at `birth`: its own time, which begins at its
    /// birth and runs at `rate`.
    static func age(at t: Double, bornAt birth: Double, rate: Double) -> Double {
        TimingEvaluator.localTime(parentTime: t, beginTime: birth, speed: rate, timeOffset: 0)
    }
}

/// What a particle looks like at one moment.
public struct ParticleState: Hashable, Sendable {
    /// Centre, in the emitter layer's coordinate space (z orders `backToFront`).
    public var position: SIMD3<Double>
    /// Size relative to the cell's image.
    public var scale: Double
    /// Rotation, radians (clockwise on screen, as Core Animation's positive angles).
    public var rotation: Double
    /// Straight-alpha RGBA, 0…1.
    public var color: SIMD4<Double>
}

/// One particle to draw: its state, its cell and when it was born (for `renderMode`).
public struct Particle: Hashable, Sendable {
    public var state: ParticleState
    /// Index into `EmitterFrame.cells`.
    public var cell: Int
    public var birthTime: Double
    /// Emission order (ties in the render order keep it).
    public var sequence: Int
}

/// An emitter's particles at one moment, in drawing order.
public struct EmitterFrame: Hashable, Sendable {
    /// Every cell and sub-cell, depth first, as they are now (particles draw their image).
    public var cells: [EmitterCellState]
    public var particles: [Particle]
    public var renderMode: CAEmitterLayerRenderMode
    /// Particles left out because the emitter had more than `ParticleSystem.maxParticles` alive
    /// (at least: the sub-cells' particles of those left out are not counted).
    public var dropped: Int

    public static let empty = EmitterFrame(cells: [], particles: [], renderMode: .unordered, dropped: 0)
}
