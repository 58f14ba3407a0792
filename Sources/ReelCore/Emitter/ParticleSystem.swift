import Foundation

/// Computes an emitter's particles at one moment, with no state carried between frames.
///
/// Time is cut into slots of `slotLength`. In each slot a cell gives birth to `birthRate × slot`
/// particles (the fraction is carried by an equidistributed sequence, so a rate of 30/s gives
/// a particle in about every fourth slot, evenly), at times within the slot drawn from the seed. Each
/// particle's values at birth come from the emitter's state at that moment (so animating
/// `emitterPosition` leaves a trail and a `birthRate` animation makes a burst) and from draws
/// keyed by (seed, cell, slot, index); its state at any age is closed-form. Only slots whose
/// particles can still be alive are visited.
public struct ParticleSystem {
    /// Length of a birth slot, seconds of the layer's time.
    public static let slotLength = 1.0 / 120
    /// Particles live at most this long (seconds), whatever their lifetime says: older ones
    /// would cost every frame a visit to every slot since.
    public static let maxLifetime = 600.0
    /// Most particles one emitter draws in a frame; more are left out (and counted).
    public static let maxParticles = 100_000
    /// Most births one frame looks at (alive, dead, or left out over `maxParticles`): bounds a
    /// frame's work whatever the rates; the newest are looked at first.
    static let maxWork = maxParticles + maxParticles / 4

    private let time: Double
    private let start: Double
    private let current: LayerState
    private let history: (Double) -> LayerState
    private let isConstant: (Double, Double) -> Bool
    private let seed: UInt64
    private var particles: [Particle] = []
    private var dropped = 0
    /// Births looked at: bounds the work of a frame whatever the rates say.
    private var work = 0
    private var flatIndex: [[Int]: Int] = [:]
    private var lastCellInfo: (path: [Int], index: Int, subcells: Int)?

    /// The particles alive at layer time `time` of an emitter that started emitting at `start`.
    /// `current` is the emitter's presentation state now; `history(t)` its state at layer time t;
    /// `isConstant(a, b)` tells that the state is `current` all through [a, b] (no history to
    /// look up: the usual case, an emitter nothing animates).
    public static func frame(
        at time: Double, since start: Double, current: LayerState,
        history: @escaping (Double) -> LayerState,
        isConstant: @escaping (Double, Double) -> Bool = { _, _ in false }
    ) -> EmitterFrame {
        guard let cells = current.emitterCells, !cells.isEmpty, time.isFinite, start.isFinite else { return .empty }
        var system = ParticleSystem(
            time: time, start: start, current: current, history: history, isConstant: isConstant,
            seed: UInt64(current.seed))
        var flat: [EmitterCellState] = []
        func flatten(_ cells: [EmitterCellState], _ path: [Int]) {
            for (i, c) in cells.enumerated() {
                system.flatIndex[path + [i]] = flat.count
                flat.append(c)
                flatten(c.emitterCells ?? [], path + [i])
            }
        }
        flatten(cells, [])
        // Cells in reverse and each newest first; turned around, the particles are in birth order
        // cell by cell (sub-cells' after their parents'), numbered in that order.
        for i in cells.indices.reversed() { system.emitTopLevel([i]) }
        system.particles.reverse()
        for i in system.particles.indices { system.particles[i].sequence = i }
        return EmitterFrame(
            cells: flat, particles: system.ordered(current.renderMode), renderMode: current.renderMode,
            dropped: system.dropped)
    }

    private init(
        time: Double, start: Double, current: LayerState, history: @escaping (Double) -> LayerState,
        isConstant: @escaping (Double, Double) -> Bool, seed: UInt64
    ) {
        self.time = time
        self.start = start
        self.current = current
        self.history = history
        self.isConstant = isConstant
        self.seed = seed
    }

    /// The cell at `path` and what births take from the layer, at layer time t of the history.
    private func slotState(_ path: [Int], at t: Double) -> (EmitterCellState, EmitterSnapshot)? {
        let layer = history(t)
        return Self.cell(path, in: layer).map { ($0, EmitterSnapshot(layer)) }
    }

    // MARK: Births

    /// Particles of a cell of the layer itself, born on the emitter shape.
    private mutating func emitTopLevel(_ path: [Int]) {
        guard let now = Self.cell(path, in: current), now.isEnabled, now.speed > 0 else { return }
        let horizon = min(Self.lifeBound(now, layerLifetime: current.lifetime), Self.maxLifetime)
        let from = max(start, time - horizon)
        guard from <= time, let j0 = Self.slot(from), let j1 = Self.slot(time) else { return }
        let pathKey = Self.key(path)
        // Newest first, so that over `maxParticles` the oldest are the ones left out (the order
        // is turned back to oldest first at the end).
        let slots = stride(from: j1, through: j0, by: -1)
        if isConstant(Double(j0) * Self.slotLength, time) {
            // The usual case, nothing animated: the cell and the layer's values are taken once,
            // not copied for each of the thousands of slots a long-lived cell looks back over.
            let emitter = EmitterSnapshot(current)
            for j in slots { emitSlot(j, of: now, path: path, pathKey: pathKey, emitter: emitter, next: emitter) }
            return
        }
        var later = EmitterSnapshot(history(Double(j1 + 1) * Self.slotLength))
        for j in slots {
            let s = history(Double(j) * Self.slotLength)
            let emitter = EmitterSnapshot(s)
            defer { later = emitter }
            guard let c = Self.cell(path, in: s) else { continue }
            emitSlot(j, of: c, path: path, pathKey: pathKey, emitter: emitter, next: later)
        }
    }

    /// The births of top-level cell `c` in slot `j`, the emitter as `emitter` at the slot's start
    /// and as `next` at the next slot's (it moves linearly in between).
    private mutating func emitSlot(
        _ j: Int, of c: EmitterCellState, path: [Int], pathKey: UInt64,
        emitter s: EmitterSnapshot, next later: EmitterSnapshot
    ) {
        guard c.isEnabled, c.speed > 0 else { return }
        let slotStart = Double(j) * Self.slotLength
        let count = births(
            c.birthRate * s.birthRate * Self.slotLength, phase: ParticleRandom.key(seed, pathKey), slot: j)
        for k in stride(from: count - 1, through: 0, by: -1) {
            work += 1
            var rng = ParticleRandom(key: ParticleRandom.key(seed, pathKey, UInt64(bitPattern: Int64(j)), UInt64(k)))
            let f = (Double(k) + rng.next()) / Double(count)
            let b = slotStart + f * Self.slotLength
            guard b >= start, b <= time, Self.isActive(c, at: b) else { continue }
            if particles.count >= Self.maxParticles {
                // Full: the rest are only counted, from the draws that decide whether they live
                // (their sub-cells' particles, which could not be drawn either, are not).
                _ = (rng.next(), rng.next(), rng.next())
                let lifetime = max(0, c.lifetime + c.lifetimeRange * rng.signed()) * max(s.lifetime, 0)
                if ParticleBirth.age(at: time, bornAt: b, rate: c.speed) < min(lifetime, Self.maxLifetime) {
                    dropped += 1
                }
                continue
            }
            let offset = EmitterGeometry.birthOffset(
                shape: s.shape, mode: s.mode, size: s.size, depth: s.depth,
                SIMD3(rng.next(), rng.next(), rng.next()))
            let birth = Self.birth(
                of: c, layer: s, at: b, origin: s.position + (later.position - s.position) * f + offset, &rng)
            add(birth, path: path, key: ParticleRandom.key(pathKey, UInt64(bitPattern: Int64(j)), UInt64(k)))
        }
    }

    /// A particle: drawn if alive now; its sub-cells' particles in any case (they outlive it).
    /// (Appended after them, newest first: the final reversal puts it before them.)
    private mutating func add(_ birth: ParticleBirth, path: [Int], key: UInt64) {
        // Per cell, not per particle: the cell's index among all cells and its sub-cells' count.
        let (index, subcells) = cellInfo(path)
        // Sub-cells only while their particles can still be kept.
        if subcells > 0, work < Self.maxWork, particles.count < Self.maxParticles {
            for i in (0..<subcells).reversed() { emitSubcells(path + [i], parent: birth, parentKey: key) }
        }
        let age = birth.age(at: time)
        guard age >= 0, age < birth.lifetime else { return }
        if particles.count < Self.maxParticles {
            particles.append(Particle(state: birth.state(atAge: age), cell: index, birthTime: birth.time, sequence: 0))
        } else {
            dropped += 1
        }
    }

    /// The flat index of the cell at `path` and how many sub-cells it has now, remembered for
    /// the last path asked (particles of one cell come in runs).
    private mutating func cellInfo(_ path: [Int]) -> (index: Int, subcells: Int) {
        if let last = lastCellInfo, last.path == path { return (last.index, last.subcells) }
        let info = (index: flatIndex[path] ?? 0, subcells: Self.cell(path, in: current)?.emitterCells?.count ?? 0)
        lastCellInfo = (path, info.index, info.subcells)
        return info
    }

    /// Particles a particle emits: born where it is, tinted by its colour, timed by its age.
    private mutating func emitSubcells(_ path: [Int], parent: ParticleBirth, parentKey: UInt64) {
        guard let now = Self.cell(path, in: current), now.isEnabled, now.speed > 0, parent.rate > 0 else { return }
        let horizon = min(Self.lifeBound(now, layerLifetime: current.lifetime), Self.maxLifetime)
        // The parent's age (layer time) over which births can still be alive, within its life.
        let ageNow = time - parent.time
        let from = max(0, ageNow - horizon), to = min(ageNow, parent.lifetime / parent.rate)
        guard from <= to, let m0 = Self.slot(from), let m1 = Self.slot(to) else { return }
        let pathKey = ParticleRandom.key(parentKey, Self.key(path))
        // A constant emitter's cell and values are taken once, as for top-level cells.
        let constant = isConstant(
            parent.time + Double(m0) * Self.slotLength, parent.time + Double(m1 + 1) * Self.slotLength)
        let steady = constant ? (now, EmitterSnapshot(current)) : nil
        for m in stride(from: m1, through: m0, by: -1) {
            guard work < Self.maxWork else { return }
            let slotStart = Double(m) * Self.slotLength
            guard let (c, s) = steady ?? slotState(path, at: parent.time + slotStart), c.isEnabled, c.speed > 0 else {
                continue
            }
            let count = births(
                c.birthRate * s.birthRate * Self.slotLength, phase: ParticleRandom.key(seed, pathKey), slot: m)
            for k in stride(from: count - 1, through: 0, by: -1) {
                work += 1
                guard work < Self.maxWork else { return }
                var rng = ParticleRandom(key: ParticleRandom.key(seed, pathKey, UInt64(m), UInt64(k)))
                let alpha = slotStart + (Double(k) + rng.next()) / Double(count) * Self.slotLength
                guard alpha <= to, Self.isActive(c, at: alpha) else { continue }
                let at = parent.state(atAge: alpha * parent.rate)
                _ = (rng.next(), rng.next(), rng.next())  // the shape's draws: same sequence as a top-level birth
                var birth = Self.birth(of: c, layer: s, at: parent.time + alpha, origin: at.position, &rng)
                birth.tint = at.color
                add(birth, path: path, key: ParticleRandom.key(pathKey, UInt64(m), UInt64(k)))
            }
        }
    }

    /// How many particles a slot gives birth to: the whole part of `expected`, plus one when
    /// the slot's place in an equidistributed sequence (a golden-ratio Weyl sequence, its
    /// phase drawn from `phase`) falls below the fraction — so over any run of slots the
    /// count stays within a few of the rate's (it never drifts), with no state carried from
    /// slot to slot.
    private func births(_ expected: Double, phase: UInt64, slot: Int) -> Int {
        guard expected > 0, expected.isFinite, work < Self.maxWork else { return 0 }
        var rng = ParticleRandom(key: phase)
        let place = (rng.next() + Double(slot) * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1)
        return Int(min(expected + (place < 0 ? place + 1 : place), Double(Self.maxParticles)).rounded(.down))
    }

    /// A particle's values at birth: the cell's, widened by its ranges, times the layer's multipliers.
    static func birth(
        of c: EmitterCellState, layer s: EmitterSnapshot, at time: Double, origin: SIMD3<Double>,
        _ rng: inout ParticleRandom
    ) -> ParticleBirth {
        let lifetime = max(0, c.lifetime + c.lifetimeRange * rng.signed()) * max(s.lifetime, 0)
        let direction = EmitterGeometry.direction(
            latitude: c.emissionLatitude, longitude: c.emissionLongitude,
            range: c.emissionRange, SIMD2(rng.next(), rng.next()))
        let speed = (c.velocity + c.velocityRange * rng.signed()) * s.velocity
        let scale = c.scale + c.scaleRange * rng.signed()
        let spin = (c.spin + c.spinRange * rng.signed()) * s.spin
        let base = c.color ?? .white
        let color = SIMD4(
            Double(base.red) + c.redRange * rng.signed(), Double(base.green) + c.greenRange * rng.signed(),
            Double(base.blue) + c.blueRange * rng.signed(), Double(base.alpha) + c.alphaRange * rng.signed())
        return ParticleBirth(
            time: time, rate: c.speed, lifetime: min(lifetime, maxLifetime), position: origin,
            velocity: direction * speed, acceleration: SIMD3(c.xAcceleration, c.yAcceleration, c.zAcceleration),
            scale: scale, scaleSpeed: c.scaleSpeed, scaleFactor: s.scale, spin: spin, color: color,
            colorSpeed: SIMD4(c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed))
    }

    // MARK: Helpers

    /// The particles in drawing order.
    private func ordered(_ mode: CAEmitterLayerRenderMode) -> [Particle] {
        switch mode {
        case .unordered, .additive: particles
        case .oldestFirst: particles.sorted { ($0.birthTime, $0.sequence) < ($1.birthTime, $1.sequence) }
        case .oldestLast: particles.sorted { ($1.birthTime, $0.sequence) < ($0.birthTime, $1.sequence) }
        case .backToFront: particles.sorted { ($0.state.position.z, $0.sequence) < ($1.state.position.z, $1.sequence) }
        }
    }

    /// Whether a cell emits at `t` of its parent's time: inside its active period, by the same
    /// rules as an animation's (its beginTime, speed, timeOffset, duration, repeatCount).
    static func isActive(_ c: EmitterCellState, at t: Double) -> Bool {
        TimingEvaluator.isActive(c.timing, parentTime: t)
    }

    /// Longest a particle of `c` (and the particles its particles emit) can be seen after its birth.
    static func lifeBound(_ c: EmitterCellState, layerLifetime: Double) -> Double {
        let own = max(0, c.lifetime + c.lifetimeRange) * max(layerLifetime, 0) / max(c.speed, 1e-9)
        let subs = (c.emitterCells ?? []).map { lifeBound($0, layerLifetime: layerLifetime) }.max() ?? 0
        let bound = own + subs
        return bound.isFinite ? bound : maxLifetime
    }

    static func cell(_ path: [Int], in s: LayerState) -> EmitterCellState? {
        var cells = s.emitterCells
        var found: EmitterCellState?
        for i in path {
            guard let list = cells, list.indices.contains(i) else { return nil }
            found = list[i]
            cells = list[i].emitterCells
        }
        return found
    }

    private static func slot(_ t: Double) -> Int? {
        let j = (t / slotLength).rounded(.down)
        return abs(j) < 1e15 ? Int(j) : nil
    }

    private static func key(_ path: [Int]) -> UInt64 {
        path.reduce(UInt64(path.count)) { ParticleRandom.key($0, UInt64($1)) }
    }
}

/// What births take from the emitter layer's state: its multipliers and its shape. Small, so the
/// thousands of slots a frame visits copy this rather than the whole `LayerState`.
struct EmitterSnapshot {
    let birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double
    let position: SIMD3<Double>
    let shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode
    let size: CGSize, depth: Double

    init(_ s: LayerState) {
        birthRate = Double(s.birthRate); lifetime = Double(s.lifetime); velocity = Double(s.velocity)
        scale = Double(s.scale); spin = Double(s.spin)
        position = SIMD3(Double(s.emitterPosition.x), Double(s.emitterPosition.y), Double(s.emitterZPosition))
        shape = s.emitterShape; mode = s.emitterMode
        size = s.emitterSize; depth = Double(s.emitterDepth)
    }
}
