import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// `perceptualDuration` and `bounce` on a spring in scene files.
@Suite("Perceptual springs in scene files")
struct PerceptualSpringDecodingTests {
    @Test func decodesAppleMappingAndPlaysUntilSettled() throws {
        let t = try AnimationClassTests().run(
            "{ class: spring, keyPath: position.x, fromValue: 0, toValue: 100, perceptualDuration: 0.5, bounce: 0.3 }")
        let expected = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3).settlingDuration
        #expect(t.events.first?.settlingDuration == expected, "inspect --events reports it on didStart")
        #expect(t.events.last?.time == expected && t.events.last?.settlingDuration == nil)
        #expect(t.state("box", at: 0.35).position.x > 100, "a bounce of 0.3 overshoots")
    }

    @Test func badValuesAreLocated() {
        let found = problems(
            sceneText(
                timeline: """
                      - at: 0
                        add: { layer: box, animation: { class: spring, keyPath: opacity, toValue: 1, bounce: 1.5 } }
                      - at: 0
                        add: { layer: box, animation: { class: spring, keyPath: opacity, toValue: 1, perceptualDuration: 0 } }
                      - at: 0
                        add: { layer: box, animation: { class: spring, keyPath: opacity, toValue: 1, bounce: 0.2, damping: 3 } }
                    """))
        #expect(
            found == [
                "7:90: bounce must be greater than -1 and at most 1, found 1.5",
                "9:102: perceptualDuration must be greater than 0, found 0",
                "11:95: 'damping' and 'perceptualDuration'/'bounce' both describe the spring; give one or the other"
            ])
        #expect(
            schemaProblems(
                sceneText(
                    timeline: """
                          - at: 0
                            add: { layer: box, animation: { class: spring, keyPath: opacity, toValue: 1, bounce: -1 } }
                        """)
            ).count == 1)
    }
}

/// `allowsOverdamping` in scene files: off unless written, on for a negative bounce.
@Suite("Overdamped springs in scene files")
struct OverdampingDecodingTests {
    @Test func allowsOverdampingIsReadAndANegativeBounceTurnsItOn() throws {
        // damping 50, stiffness 100: ζ = 2.5. At 0.1 s the critically damped spring is 26.42 %
        // of the way, the overdamped one 15.18 % (SpringOverdampingTests works them out).
        let critical = try AnimationClassTests().run(
            "{ class: spring, keyPath: position.x, fromValue: 0, toValue: 100, stiffness: 100, damping: 50 }")
        #expect(abs(critical.state("box", at: 0.1).position.x - 26.4241) < 0.01)
        let over = try AnimationClassTests().run(
            "{ class: spring, keyPath: position.x, fromValue: 0, toValue: 100, stiffness: 100, damping: 50, allowsOverdamping: true }"
        )
        #expect(abs(over.state("box", at: 0.1).position.x - 15.1784) < 0.01)
        // bounce −0.5: ζ = 2 (overdamped) — slower than the critically damped bounce 0.
        let negative = try AnimationClassTests().run(
            "{ class: spring, keyPath: position.x, fromValue: 0, toValue: 100, perceptualDuration: 1, bounce: -0.5 }")
        let zero = try AnimationClassTests().run(
            "{ class: spring, keyPath: position.x, fromValue: 0, toValue: 100, perceptualDuration: 1, bounce: 0 }")
        #expect(negative.state("box", at: 0.2).position.x < zero.state("box", at: 0.2).position.x - 5)
    }

    @Test func aValueThatIsNotABooleanIsLocated() {
        let found = problems(
            sceneText(
                timeline: """
                      - at: 0
                        add: { layer: box, animation: { class: spring, keyPath: opacity, toValue: 1, allowsOverdamping: 3 } }
                    """))
        #expect(found.count == 1 && found.first?.contains("allowsOverdamping") == true, "\(found)")
    }
}
