import Foundation
import Testing

@testable import ReelCore

/// CAEmitterLayer's particles: closed-form states worked out by hand, birth counts from rates,
/// lifetimes, the layer's multipliers, key paths into cells, bursts, trails, sub-cells, render
/// order, and that particles are a pure function of (seed, time).
@Suite("CAEmitterLayer particles")
struct EmitterTests {
    /// A scene with one emitter "e" at (10, 20) and one cell "spark".
    func scene(duration: Double = 10, configure: (inout EmitterCellState) -> Void) -> (Scene, CAEmitterLayer) {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 200, height: 100), fps: 10, duration: duration))
        let emitter = CAEmitterLayer()
        emitter.name = "e"
        emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        emitter.emitterPosition = CGPoint(x: 10, y: 20)
        var cell = EmitterCellState()
        cell.name = "spark"
        configure(&cell)
        emitter.emitterCells = [CAEmitterCell(state: cell)]
        scene.rootLayer.addSublayer(emitter)
        return (scene, emitter)
    }

    func particles(_ timeline: Timeline, at t: Double) -> EmitterFrame {
        timeline.presentation(at: t, layerNamed: "e")?.particles ?? .empty
    }

    @Test func aParticleStateFollowsTheFormulas() {
        let birth = ParticleBirth(
            time: 1, rate: 1, lifetime: 5, position: SIMD3(10, 20, 0), velocity: SIMD3(30, -40, 0),
            acceleration: SIMD3(0, 10, 2), scale: 2, scaleSpeed: -0.25, scaleFactor: 3, spin: 0.5,
            color: SIMD4(0.2, 0.9, 0.5, 1), colorSpeed: SIMD4(0.1, 0.1, -0.1, -0.2),
            tint: SIMD4(1, 0.5, 1, 1))
        let s = birth.state(atAge: 2)
        // position + velocity·a + ½·acceleration·a²: (10 + 60, 20 − 80 + 20, 0 + 4)
        #expect(s.position == SIMD3(70, -40, 4))
        #expect(s.scale == (2 - 0.5) * 3)
        #expect(s.rotation == 1)
        // Colour + speed·a, clamped to 0…1, then times the parent's tint: green 1.1 → 1 → 0.5.
        #expect(close(s.color.x, 0.4) && close(s.color.y, 0.5) && close(s.color.z, 0.3) && close(s.color.w, 0.6))
        #expect(birth.age(at: 3.5) == 2.5)
    }

    @Test func oneParticleMovesAsWorkedOutByHand() throws {
        // 120 a second for 1/120 s: exactly one birth, in the first slot.
        let (scene, emitter) = scene { c in
            c.birthRate = 120; c.duration = 1.0 / 120; c.lifetime = 10
            c.velocity = 100; c.yAcceleration = 50; c.emissionLongitude = 0
            c.scale = 2; c.scaleSpeed = -0.5; c.spin = 1
            c.color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1); c.redSpeed = 0.1; c.alphaSpeed = -0.2
        }
        emitter.velocity = 2
        emitter.scale = 0.5
        let frame = particles(try scene.compile(), at: 2)
        try #require(frame.particles.count == 1)
        let p = frame.particles[0]
        #expect(p.birthTime >= 0 && p.birthTime < 1.0 / 120)
        let a = 2 - p.birthTime
        // Longitude 0 leaves along +x at velocity × the layer's 2; gravity pulls down (+y).
        #expect(close(p.state.position.x, 10 + 200 * a, 1e-9) && close(p.state.position.y, 20 + 25 * a * a, 1e-9))
        #expect(close(p.state.scale, (2 - 0.5 * a) * 0.5) && close(p.state.rotation, a))
        #expect(close(p.state.color.x, 0.2 + 0.1 * a) && close(p.state.color.w, 1 - 0.2 * a))
        #expect(close(p.state.color.y, 0.4) && close(p.state.color.z, 0.6))
    }

    @Test func birthsFollowTheRateAndDeathsTheLifetime() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 30; c.lifetime = 100
        }
        emitter.birthRate = 2
        let timeline = try scene.compile()
        // 60 a second for 3 s; the fraction of a birth per slot is spread evenly (a low-discrepancy
        // sequence: within a few of the rate at any moment, never drifting).
        #expect(abs(particles(timeline, at: 3).particles.count - 180) <= 3)
        #expect(abs(particles(timeline, at: 1).particles.count - 60) <= 3)

        let (short, _) = self.scene { c in
            c.birthRate = 100; c.lifetime = 0.5
        }
        let frame = particles(try short.compile(), at: 5)
        #expect(abs(frame.particles.count - 50) <= 1, "only the last half second's are alive")
        #expect(frame.particles.allSatisfy { 5 - $0.birthTime < 0.5 })
    }

    @Test func rangesStayWithinTheirBoundsAndVary() throws {
        let (scene, _) = scene { c in
            c.birthRate = 200; c.lifetime = 10; c.velocity = 50; c.velocityRange = 10
            c.scale = 1; c.scaleRange = 0.25; c.color = CGColor(gray: 0.5); c.redRange = 0.2
        }
        let frame = particles(try scene.compile(), at: 2)
        let scales = frame.particles.map(\.state.scale), reds = frame.particles.map(\.state.color.x)
        #expect(scales.allSatisfy { $0 >= 0.75 && $0 <= 1.25 } && scales.max()! - scales.min()! > 0.4)
        #expect(reds.allSatisfy { $0 >= 0.3 && $0 <= 0.7 } && reds.max()! - reds.min()! > 0.3)
        // Speeds: distance from the emitter over age, within 50 ± 10.
        for p in frame.particles {
            let age = 2 - p.birthTime
            guard age > 0.1 else { continue }
            let d = (p.state.position - SIMD3(10, 20, 0))
            let speed = (d * d).sum().squareRoot() / age
            #expect(speed >= 40 - 1e-9 && speed <= 60 + 1e-9)
        }
    }

    @Test func theSameSeedGivesTheSameParticlesAnotherSeedOthers() throws {
        let configure: (inout EmitterCellState) -> Void = { c in
            c.birthRate = 50; c.lifetime = 3; c.velocity = 40; c.emissionRange = .pi; c.spinRange = 2
        }
        let (a, _) = scene(configure: configure)
        let (b, _) = scene(configure: configure)
        let (c, other) = scene(configure: configure)
        other.seed = 7
        let ta = try a.compile(), tb = try b.compile(), tc = try c.compile()
        #expect(particles(ta, at: 2.5) == particles(tb, at: 2.5))
        // Any order of evaluation: a frame alone equals the same frame after others.
        _ = (0..<20).map { particles(tb, at: Double($0) * 0.3) }
        #expect(particles(ta, at: 2.5) == particles(tb, at: 2.5))
        #expect(particles(ta, at: 2.5).particles.map(\.state) != particles(tc, at: 2.5).particles.map(\.state))
    }

    @Test func cellKeyPathsParseAndReachCellsByName() throws {
        let path = try #require(LayerKeyPath("emitterCells.rocket.emitterCells.spark.birthRate"))
        #expect(
            path.property == .emitterCells
                && path.cell == EmitterCellPath(names: ["rocket", "spark"], property: .birthRate))
        #expect(path.description == "emitterCells.rocket.emitterCells.spark.birthRate")
        #expect(LayerKeyPath("emitterCells.spark.contentsRect.origin.x")?.kind == .number)
        #expect(LayerKeyPath("emitterCells.spark.color")?.kind == .color)
        #expect(LayerKeyPath("emitterCells.spark.birthrate") == nil)
        #expect(LayerKeyPath("emitterCells.spark") == nil)

        var state = LayerState()
        var spark = EmitterCellState()
        spark.name = "spark"
        var rocket = EmitterCellState()
        rocket.name = "rocket"
        rocket.emitterCells = [spark]
        state.emitterCells = [rocket]
        path.set(&state, .number(42))
        #expect(state.emitterCells?[0].emitterCells?[0].birthRate == 42)
        #expect(path.get(state) == .number(42))
        // A path to a cell that is not there changes nothing.
        LayerKeyPath("emitterCells.nothing.birthRate")!.set(&state, .number(1))
        #expect(state.emitterCells?[0].birthRate == 0)
    }

    @Test func keyValueCodingReachesCellsAsOnIOS() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 50; c.lifetime = 100
        }
        // The iOS idiom to stop a cell: no implicit animation for a cell's values.
        scene.at(1) { emitter.setValue(0, forKeyPath: "emitterCells.spark.birthRate") }
        let timeline = try scene.compile()
        #expect(abs(particles(timeline, at: 3).particles.count - 50) <= 3, "a second's worth, then none")
        #expect(timeline.state("e", at: 2).emitterCells?.first?.birthRate == 0)
        #expect(
            emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? Double == 50,
            "compiling leaves the model as it was")
        emitter.setValue(CGColor.black, forKeyPath: "emitterCells.spark.color")
        #expect(emitter.emitterCells?.first?.color == .black)
        // Where Core Animation raises, the layer is left as it was and compiling reports it.
        emitter.setValue(1, forKeyPath: "emitterCells.spark.birthrate")
        emitter.setValue("red", forKeyPath: "emitterCells.spark.birthRate")
        #expect(emitter.emitterCells?.first?.birthRate == 50)
        #expect {
            _ = try scene.compile()
        } throws: { error in
            "\(error)".contains("emitterCells.spark.birthrate") && "\(error)".contains("a number expected, not String")
        }
    }

    @Test func aBirthRateAnimationOfACellIsABurst() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 0; c.lifetime = 100
        }
        // keyPath into the cell by name, as on iOS: 400 a second for a quarter of a second.
        let burst = CAKeyframeAnimation(keyPath: "emitterCells.spark.birthRate")
        burst.values = [400, 400]
        burst.duration = 0.25
        burst.beginTime = 1
        emitter.add(burst, forKey: "burst")
        let timeline = try scene.compile()
        let frame = particles(timeline, at: 3)
        #expect(abs(frame.particles.count - 100) <= 1)
        #expect(frame.particles.allSatisfy { $0.birthTime >= 1 && $0.birthTime < 1.25 })
        #expect(timeline.state("e", at: 1.1).emitterCells?.first?.birthRate == 400)
    }

    @Test func aBurstsParticlesAreTheSameInEveryFrame() throws {
        // Motionless particles from a 0.2 s burst: every frame of their life shows the same
        // 120, whatever the frame's time does to the arithmetic of earlier times.
        let (scene, emitter) = scene { c in
            c.birthRate = 600; c.lifetime = 3
        }
        emitter.birthRate = 0
        emitter.emitterShape = .rectangle
        emitter.emitterSize = CGSize(width: 100, height: 50)
        let burst = CABasicAnimation(keyPath: "birthRate")
        burst.fromValue = 1.0
        burst.toValue = 1.0
        burst.duration = 0.2
        burst.beginTime = 0.5
        emitter.add(burst, forKey: "burst")
        let timeline = try scene.compile()
        let first = particles(timeline, at: 0.75).particles
        #expect(first.count == 120)
        for frame in 23...104 {
            let now = particles(timeline, at: Double(frame) / 30).particles
            #expect(now.map(\.state.position) == first.map(\.state.position), "frame \(frame)")
        }
    }

    @Test func overTheLimitTheNewestParticlesAreKept() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 1000; c.lifetime = 200
        }
        emitter.beginTime = -300
        let frame = particles(try scene.compile(), at: 0)
        #expect(
            frame.particles.count == ParticleSystem.maxParticles && frame.dropped > 0,
            "\(frame.dropped) left out (at least)")
        // Local time 300: the last 100 s of births are the ones drawn.
        #expect(frame.particles.allSatisfy { $0.birthTime > 199.9 })
        #expect(frame.particles.map(\.birthTime) == frame.particles.map(\.birthTime).sorted(), "in birth order")
    }

    @Test func anAnimatedEmitterPositionLeavesATrail() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 60; c.lifetime = 100
        }
        let move = CABasicAnimation(keyPath: "emitterPosition.x")
        move.fromValue = 0.0
        move.toValue = 120.0
        move.duration = 1
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        emitter.add(move, forKey: "move")
        let frame = particles(try scene.compile(), at: 1.5)
        let early = frame.particles.filter { $0.birthTime < 1 }
        #expect(early.count > 50)
        // Motionless particles stay where the emitter was at their birth (linear within a slot).
        for p in early { #expect(close(p.state.position.x, 120 * p.birthTime, 1e-6)) }
        #expect(frame.particles.filter { $0.birthTime > 1 }.allSatisfy { close($0.state.position.x, 120) })
    }

    @Test func subcellParticlesAreBornWhereTheirParentIsInItsColour() throws {
        var spark = EmitterCellState()
        spark.name = "spark"
        spark.birthRate = 60; spark.lifetime = 1
        spark.color = CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)
        let (scene, _) = scene { c in
            c.birthRate = 120; c.duration = 1.0 / 120; c.lifetime = 2; c.velocity = 100
            c.color = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
            c.emitterCells = [spark]
        }
        let frame = particles(try scene.compile(), at: 1.5)
        let rockets = frame.particles.filter { $0.cell == 0 }, sparks = frame.particles.filter { $0.cell == 1 }
        try #require(rockets.count == 1)
        let rocket = rockets[0]
        #expect(abs(sparks.count - 60) <= 1, "a second's worth of sparks alive")
        for s in sparks {
            // Born on the rocket's straight path (x = 10 + 100 · its age then), motionless since.
            let ageThen = s.birthTime - rocket.birthTime
            #expect(close(s.state.position.x, 10 + 100 * ageThen, 1e-6) && close(s.state.position.y, 20, 1e-9))
            #expect(close(s.state.color.x, 0.5) && close(s.state.color.z, 0.5), "tinted by the rocket's colour")
        }
    }

    @Test func renderModesOrderTheParticles() throws {
        for mode in CAEmitterLayerRenderMode.allCases {
            let (scene, emitter) = scene { c in
                c.birthRate = 40; c.lifetime = 5; c.velocity = 10; c.emissionRange = .pi
            }
            emitter.renderMode = mode
            let frame = particles(try scene.compile(), at: 2)
            let births = frame.particles.map(\.birthTime), z = frame.particles.map(\.state.position.z)
            switch mode {
            case .unordered, .additive, .oldestFirst: #expect(births == births.sorted(), "\(mode)")
            case .oldestLast: #expect(births == births.sorted(by: >), "\(mode)")
            case .backToFront: #expect(z == z.sorted(), "\(mode)")
            }
        }
    }

    @Test func emissionStartsAtInsertionOrWithAPrerollBeforeTheScene() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 10; c.lifetime = 100
        }
        emitter.removeFromSuperlayer()
        scene.at(2) { scene.rootLayer.addSublayer(emitter) }
        let inserted = particles(try scene.compile(), at: 3)
        #expect(abs(inserted.particles.count - 10) <= 1)
        #expect(inserted.particles.allSatisfy { $0.birthTime >= 2 })

        let (prerolled, early) = self.scene { c in
            c.birthRate = 10; c.lifetime = 100
        }
        early.beginTime = -5
        #expect(
            abs(particles(try prerolled.compile(), at: 0).particles.count - 50) <= 1, "5 s in flight at the first frame"
        )
    }

    @Test func aCellEmitsInItsActivePeriodAsAnAnimationRuns() throws {
        // Core Animation's timing: beginTime 1, duration 1 is active for scene 1…2; timeOffset
        // moves where the cycle starts, not when (it does not start the cell at 0.5).
        let (offset, _) = scene { c in
            c.birthRate = 100; c.lifetime = 100; c.beginTime = 1; c.duration = 1; c.timeOffset = 0.5
        }
        let shifted = particles(try offset.compile(), at: 3).particles
        #expect(abs(shifted.count - 100) <= 1)
        #expect(shifted.allSatisfy { $0.birthTime >= 1 && $0.birthTime < 2 })
        // A fractional repeatCount stops part-way: half of one 1 s cycle.
        let (half, _) = scene { c in
            c.birthRate = 100; c.lifetime = 100; c.duration = 1; c.repeatCount = 0.5
        }
        let halved = particles(try half.compile(), at: 3).particles
        #expect(abs(halved.count - 50) <= 1)
        #expect(halved.allSatisfy { $0.birthTime < 0.5 })
    }

    @Test func aLayerSpeedRunsTheParticlesClock() throws {
        let (scene, emitter) = scene { c in
            c.birthRate = 20; c.lifetime = 100
        }
        emitter.speed = 2
        #expect(abs(particles(try scene.compile(), at: 1).particles.count - 40) <= 1)
    }

    @Test func disabledCellsAndCellsWithoutRateEmitNothing() throws {
        let (off, _) = scene { c in
            c.birthRate = 50; c.lifetime = 5; c.isEnabled = false
        }
        #expect(particles(try off.compile(), at: 2).particles.isEmpty)
        let (none, _) = scene { c in c.lifetime = 5 }
        #expect(particles(try none.compile(), at: 2).particles.isEmpty)
    }

    @Test func anEnormousRateIsCappedNotHung() throws {
        let (scene, _) = scene { c in
            c.birthRate = 1e9; c.lifetime = 1e9
        }
        let frame = particles(try scene.compile(), at: 1)
        #expect(frame.particles.count == ParticleSystem.maxParticles)
        #expect(
            frame.particles.allSatisfy { $0.birthTime > 1 - 2 * ParticleSystem.slotLength },
            "the newest are the ones kept")
    }
}
