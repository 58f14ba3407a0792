import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// The animation classes of SCENE-FORMAT.md §5 decoded from files, checked through the timeline.
@Suite("Animation classes in scene files")
struct AnimationClassTests {
    func run(_ animation: String, layer: String = "{ name: box, position: [50, 50], bounds: [0, 0, 10, 10] }") throws
        -> Timeline
    {
        try load(
            sceneText(
                layer: layer,
                timeline: """
                      - at: 0
                        add: { layer: box, key: a, animation: \(animation) }
                    """)
        ).1
    }

    @Test func keyframeValuesKeyTimesAndFunctions() throws {
        let t = try run(
            "{ class: keyframe, keyPath: position.x, values: [0, 100, 200], keyTimes: [0, 0.75, 1], duration: 4, timingFunctions: [linear, linear] }"
        )
        #expect(close(t.state("box", at: 1.5).position.x, 50))
        #expect(close(t.state("box", at: 3.5).position.x, 150))
    }

    @Test func keyframePathWithRotationMode() throws {
        let t = try run(
            "{ class: CAKeyframeAnimation, keyPath: position, path: \"M0 0 L100 0 L100 100\", duration: 2, rotationMode: auto }"
        )
        #expect(close(t.state("box", at: 1.5).position.y, 50))
        let r = t.state("box", at: 1.5).transform
        #expect(close(r.m12, 1) && close(r.m21, -1), "turned to face down the path")
    }

    @Test func keyframeEllipsePath() throws {
        let t = try run("{ class: keyframe, keyPath: position, path: { ellipse: [0, 0, 200, 100] }, duration: 4 }")
        #expect(close(t.state("box", at: 0).position.x, 200) && close(t.state("box", at: 0).position.y, 50))
        #expect(close(t.state("box", at: 1).position.y, 100, 1e-9))
    }

    @Test func discreteAndPacedModes() throws {
        let d = try run(
            "{ class: keyframe, keyPath: opacity, values: [0.2, 0.6, 1], calculationMode: discrete, keyTimes: [0, 0.5, 0.75, 1], duration: 4 }"
        )
        #expect(d.state("box", at: 2.5).opacity == 0.6)
        let p = try run(
            "{ class: keyframe, keyPath: position, values: [[0, 0], [100, 0], [100, 300]], calculationMode: paced, duration: 4 }"
        )
        #expect(close(p.state("box", at: 1).position.x, 100) && close(p.state("box", at: 1).position.y, 0))
    }

    @Test func colorKeyframes() throws {
        // Seed 003, listing 8.5: blue → red → green → blue over 2 s.
        let t = try run("{ class: keyframe, keyPath: backgroundColor, values: [blue, red, lime, blue], duration: 2 }")
        #expect(t.state("box", at: 2.0 / 3).backgroundColor == CGColor(red: 1, green: 0, blue: 0))
        let mid = try #require(t.state("box", at: 1).backgroundColor)
        #expect(close(mid.red, 0.5) && close(mid.green, 0.5) && mid.blue == 0)
    }

    @Test func springWithoutDurationPlaysUntilSettled() throws {
        let t = try run("{ class: spring, keyPath: position.x, fromValue: 0, toValue: 100, damping: 5 }")
        let settle = CASpringAnimation().with { $0.damping = 5 }.settlingDuration
        #expect(t.events.last?.time == settle)
        #expect(t.state("box", at: 0.3).position.x > 100, "it overshoots")
    }

    @Test func groupsWithTemplates() throws {
        let (_, t) = try load(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 16 }
            animations:
              spin: { class: basic, keyPath: transform.rotation.z, toValue: 270deg, autoreverses: true, repeatCount: infinity }
            layers:
              - { name: petal, position: [50, 150], bounds: [0, 0, 10, 20] }
            timeline:
              - at: 0
                add:
                  layer: petal
                  key: fall
                  animation:
                    class: group
                    duration: 10
                    beginTime: 5
                    animations:
                      - spin
                      - { class: keyframe, keyPath: position, path: "M50 150 C160 280 -30 300 55 400" }
            """)
        // Children with duration 0 take the group's 10 s: 2.5 s in, the spin has turned a quarter
        // of its 270°.
        let r = t.state("petal", at: 7.5).transform
        #expect(close(atan2(r.m12, r.m11), 0.375 * Double.pi, 1e-9))
        #expect(t.events.map(\.time) == [5, 15])
    }

    @Test func keyframeValueFunctions() throws {
        let t = try run(
            "{ class: keyframe, keyPath: transform, valueFunction: scale, values: [[1, 1], [3, 3], [2, 4, 1]], duration: 2 }"
        )
        #expect(t.state("box", at: 0.5).transform == CATransform3DMakeScale(2, 2, 1))
        #expect(t.state("box", at: 1.5).transform == CATransform3DMakeScale(2.5, 3.5, 1))
    }

    @Test func valueFunctions() throws {
        let t = try run("{ keyPath: transform, valueFunction: rotateZ, fromValue: 0, toValue: 720deg, duration: 4 }")
        let r = t.state("box", at: 1.5).transform
        #expect(close(r.m11, cos(1.5 * .pi)) && close(r.m12, sin(1.5 * .pi)))
        let s = try run(
            "{ keyPath: transform, valueFunction: scale, fromValue: [1, 1, 1], toValue: [3, 5, 1], duration: 2 }")
        #expect(s.state("box", at: 1).transform == CATransform3DMakeScale(2, 3, 1))
    }

    @Test func problemsAreLocated() {
        let found = problems(
            sceneText(
                timeline: """
                      - at: 0
                        add: { layer: box, animation: { class: keyframe, keyPath: opacity, values: [0, 1], keyTimes: [0, 0.5, 1] } }
                      - at: 0
                        add: { layer: box, animation: { class: keyframe, keyPath: opacity } }
                      - at: 0
                        add: { layer: box, animation: { class: spring, keyPath: opacity, toValue: 1, mass: 0 } }
                      - at: 0
                        add: { layer: box, animation: { class: group, animations: [{ keyPath: opacity, values: [1] }] } }
                      - at: 0
                        add: { layer: box, animation: { keyPath: opacity, valueFunction: rotateZ } }
                      - at: 0
                        add: { layer: box, animation: { class: keyframe, keyPath: opacity, path: "M0 0 L1 1" } }
                    """))
        #expect(
            found == [
                "7:98: keyTimes has 3 entries; 2 values needs 2",
                "9:35: a CAKeyframeAnimation needs 'values' or 'path'",
                "11:88: mass must be greater than 0, found 0",
                "13:84: unknown key 'values' in a CABasicAnimation ('values' belongs to CAKeyframeAnimation)",
                "15:70: a valueFunction makes a transform; 'opacity' is not a transform key path",
                "17:78: a keyframe path moves a point; 'opacity' holds a number"
            ])
    }
}

extension CASpringAnimation {
    func with(_ configure: (CASpringAnimation) -> Void) -> CASpringAnimation {
        configure(self)
        return self
    }
}
