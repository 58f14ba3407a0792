import Foundation
import ReelCore
import Testing

/// Timing written as iOS tutorials write it compiles and means what it means on iOS: `speed`
/// and `repeatCount` are `Float`, the other CAMediaTiming fields `CFTimeInterval`, the spring's
/// parameters `CGFloat`. (Plain `import`: only the public API is used.)
@Suite("Apple's timing types")
struct AppleTimingTypesTests {
    /// A 1 s opacity animation 0 → 1 on the box from t = 0, configured by `configure`.
    func opacity(at times: [Double], sceneLength: Double = 2000, _ configure: (CABasicAnimation) -> Void) throws
        -> [Double]
    {
        let (scene, box) = makeScene(duration: sceneLength)
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 1
        configure(anim)
        box.add(anim, forKey: "fade")
        let timeline = try scene.compile()
        return times.map { timeline.state("box", at: $0).opacity }
    }

    @Test func repeatCountFloatInfinityRepeatsForever() throws {
        let values = try opacity(at: [1000.25, 1999.5]) { $0.repeatCount = Float.infinity }
        #expect(close(values[0], 0.25) && close(values[1], 0.5), "still repeating: \(values)")
    }

    @Test func repeatCountHugeValfRepeatsForever() throws {
        let values = try opacity(at: [1000.25]) { $0.repeatCount = HUGE_VALF }
        #expect(close(values[0], 0.25), "\(values)")
    }

    @Test func repeatCountGreatestFiniteMagnitudeRepeatsForever() throws {
        let values = try opacity(at: [1000.75]) { $0.repeatCount = .greatestFiniteMagnitude }
        #expect(close(values[0], 0.75, 1e-6), "\(values)")
    }

    @Test func repeatCountFromAFloatVariableAndALiteral() throws {
        let count: Float = 2.5
        let values = try opacity(at: [2.25, 2.75]) { $0.repeatCount = count }
        #expect(close(values[0], 0.25) && values[1] == 1, "ends at 2.5 s: \(values)")
        let literal = try opacity(at: [1.5, 3.5]) { $0.repeatCount = 3 }
        #expect(close(literal[0], 0.5) && close(literal[1], 1), "three repeats, then the model value: \(literal)")
    }

    @Test func animationSpeedIsFloat() throws {
        let half: Float = 0.5
        let values = try opacity(at: [1]) { $0.speed = half }
        #expect(close(values[0], 0.5), "half speed: half-way after 1 s, not \(values[0])")
        let a = CABasicAnimation()
        a.speed = 2
        let asFloat: Float = a.speed
        #expect(asFloat == 2)
    }

    @Test func layerSpeedTakesALiteralAndAFloat() throws {
        let (scene, box) = makeScene()
        box.speed = 0
        let resumed: Float = 1
        scene.at(2) { box.speed = resumed }
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 1
        box.add(anim, forKey: "move")
        let timeline = try scene.compile()
        #expect(timeline.state("box", at: 1).position.x == 0, "speed 0: frozen")
        #expect(close(timeline.state("box", at: 2.5).position.x, 50), "speed 1 from t = 2")
    }

    @Test func timeFieldsAreCFTimeInterval() {
        let a = CABasicAnimation()
        let begin: CFTimeInterval = CACurrentMediaTime() + 0.5
        a.beginTime = begin
        a.duration = 0.3 as CFTimeInterval
        a.timeOffset = 0.1 as TimeInterval
        a.repeatDuration = 4
        let total: Double = a.beginTime + a.duration + a.timeOffset + a.repeatDuration
        #expect(close(total, 0.5 + 0.3 + 0.1 + 4))
        let layer = CALayer()
        let opacity: Float = layer.opacity
        layer.opacity = opacity / 2
        #expect(layer.opacity == 0.5)
    }

    @Test func springParametersAreCGFloat() throws {
        let spring = CASpringAnimation(keyPath: "position.x")
        let damping: CGFloat = 15
        spring.damping = damping
        spring.stiffness = 200
        spring.mass = 1.5
        spring.initialVelocity = CGFloat(0)
        let asCGFloat: CGFloat = spring.damping
        #expect(asCGFloat == 15)
        // Still usable with Doubles (implicit conversion), and the settling time follows them.
        let d: Double = spring.stiffness
        #expect(d == 200)
        spring.damping = 5
        spring.stiffness = 100
        spring.mass = 1
        #expect(abs(spring.settlingDuration - 3.0) < 0.05)
    }

    @Test func emitterCellRatesAreFloat() {
        let cell = CAEmitterCell()
        let rate: Float = 40
        cell.birthRate = rate
        cell.lifetime = 2.5
        cell.repeatCount = HUGE_VALF
        let back: Float = cell.birthRate
        #expect(back == 40 && cell.repeatCount == .infinity)
    }
}
