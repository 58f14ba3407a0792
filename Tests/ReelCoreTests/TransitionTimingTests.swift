import Foundation
import Testing

@testable import ReelCore

@Suite("CATransition timing")
struct TransitionTimingTests {
    @Test func oldAppearanceIsTheSnapshotBeforeTheTransaction() throws {
        let (scene, box) = makeScene()
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0)
        let child = CALayer()
        child.name = "child"
        scene.at(1) {
            CATransaction.setDisableActions(true)
            box.backgroundColor = CGColor(red: 0, green: 0, blue: 1)
            box.addSublayer(child)
            let t = CATransition()
            t.type = .push
            t.subtype = .fromRight
            t.duration = 2
            box.add(t, forKey: "anything")
        }
        let timeline = try scene.compile()
        let during = try #require(timeline.presentation(at: 2, layerNamed: "box"))
        let effect = try #require(during.transition)
        #expect(effect.type == .push && effect.subtype == .fromRight)
        #expect(effect.progress == 0.5)
        #expect(effect.old.state.backgroundColor == CGColor(red: 1, green: 0, blue: 0), "old: before the entry")
        #expect(effect.old.sublayers.isEmpty, "the inserted sublayer is new, not old")
        #expect(during.state.backgroundColor == CGColor(red: 0, green: 0, blue: 1))
        #expect(during.sublayers.map(\.name) == ["child"])
        #expect(during.animationKeys == ["transition"], "one transition per layer, under 'transition'")
        #expect(timeline.presentation(at: 3, layerNamed: "box")?.transition == nil, "done after its duration")
        #expect(timeline.presentation(at: 0.5, layerNamed: "box")?.transition == nil)
    }

    @Test func startAndEndProgressAndTheTimingFunction() throws {
        let (scene, box) = makeScene()
        scene.at(0) {
            let t = CATransition()
            t.duration = 2
            t.startProgress = 0.2
            t.endProgress = 0.6
            t.timingFunction = CAMediaTimingFunction(name: .easeIn)
            box.add(t, forKey: nil)
        }
        let timeline = try scene.compile()
        let p = try #require(timeline.presentation(at: 1, layerNamed: "box")?.transition?.progress)
        #expect(
            close(p, 0.2 + 0.4 * CAMediaTimingFunction(name: .easeIn).progress(at: 0.5), 1e-6),
            "progress values are Floats, as in Core Animation")
        #expect(timeline.events.map(\.key) == ["transition", "transition"])
    }
}
