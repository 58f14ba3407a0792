import Foundation
import Testing

@testable import ReelCore

/// Layer actions as Core Animation runs them: the lookup (delegate → actions → style → class
/// default → implicit animation), animations of every class as actions with what they leave out
/// filled in, transitions as actions, and the tree actions onOrderIn / onOrderOut. Expected
/// values are worked out from those rules: a linear 0 → 1 s animation is half-way at 0.5 s.
@Suite("Layer actions")
struct ActionTests {
    /// An action that records when it runs.
    final class Recorder: CAAction {
        var runs: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            runs.append("\(event) on \((anObject as? CALayer)?.name ?? "?")")
        }
    }

    final class Delegate: CALayerDelegate {
        var answer: [String: CAAction] = [:]
        func action(for layer: CALayer, forKey event: String) -> CAAction? { answer[event] }
    }

    final class Bouncy: CALayer {
        override class func defaultAction(forKey event: String) -> CAAction? {
            event == "opacity" ? basic("opacity", duration: 4) : nil
        }
    }

    @Test func anAnimationInActionsRunsWithItsKeyPathAndValuesFilledIn() throws {
        let (scene, box) = makeScene()
        // No keyPath, no from/to: opacity, from the old presentation value to the new model one.
        box.actions = ["opacity": basic("", duration: 2) { $0.keyPath = nil }]
        scene.at(1) { box.opacity = 0 }
        let timeline = try scene.compile()
        #expect(close(timeline.state("box", at: 2).opacity, 0.5), "linear, half of 2 s")
        #expect(timeline.keys("box", at: 2) == ["opacity"])
        #expect(timeline.state("box", at: 3.1).opacity == 0)
    }

    @Test func anActionWithoutADurationTakesTheTransactions() throws {
        let (scene, box) = makeScene()
        box.actions = ["position": basic("position", duration: 0)]
        scene.at(1) {
            CATransaction.setAnimationDuration(4)
            box.position = CGPoint(x: 150, y: 50)
        }
        let timeline = try scene.compile()
        #expect(close(timeline.state("box", at: 2).position.x, 75), "a quarter of 4 s, linear: 50 + 100/4")
    }

    @Test func everyAnimationClassIsAnAction() throws {
        let (scene, box) = makeScene()
        let keyframes = CAKeyframeAnimation()
        keyframes.values = [CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 0), CGPoint(x: 150, y: 50)]
        keyframes.duration = 2
        let spring = CASpringAnimation()
        spring.duration = 3
        let group = CAAnimationGroup()
        group.animations = [basic("cornerRadius", from: 0, to: 10, duration: 2)]
        group.duration = 2
        box.actions = ["position": keyframes, "opacity": spring, "backgroundColor": group]
        scene.at(1) {
            box.position = CGPoint(x: 150, y: 50)
            box.opacity = 0
            box.backgroundColor = .white
        }
        let timeline = try scene.compile()
        // Keyframes, keyPath filled in: the middle value half-way through.
        #expect(close(timeline.state("box", at: 2).position, CGPoint(x: 50, y: 0)))
        // The spring from 1 to 0 is on its way (and overshoots at some point).
        let springValues = stride(from: 1.05, to: 4, by: 0.05).map { timeline.state("box", at: $0).opacity }
        #expect(springValues.contains { $0 < 0 } && springValues.first! > 0.5)
        // The group animates what it holds: cornerRadius half-way.
        #expect(close(timeline.state("box", at: 2).cornerRadius, 5))
        #expect(timeline.keys("box", at: 2).sorted() == ["backgroundColor", "opacity", "position"])
    }

    @Test func aTransitionActionAnimatesAChangeOfString() throws {
        let (scene, _) = makeScene()
        let label = CATextLayer()
        label.name = "label"
        label.string = "Before"
        label.bounds = CGRect(x: 0, y: 0, width: 100, height: 30)
        scene.rootLayer.addSublayer(label)
        let fade = CATransition()
        fade.duration = 1
        label.actions = ["string": fade]
        scene.at(1) { label.string = "After" }
        let timeline = try scene.compile()
        let during = try #require(timeline.presentation(at: 1.5, layerNamed: "label"))
        #expect(during.transition?.type == .fade)
        #expect(during.transition.map { close($0.progress, 0.5) } == true)
        #expect(during.state.string == "After")
        #expect(timeline.presentation(at: 2.1, layerNamed: "label")?.transition == nil)
    }

    @Test func theDelegateComesFirstThenActionsThenStyleThenTheClass() throws {
        let (scene, box) = makeScene()
        let delegate = Delegate()
        let fromDelegate = Recorder(), fromActions = Recorder(), fromStyle = Recorder()
        box.delegate = delegate
        delegate.answer = ["position": fromDelegate, "opacity": NSNull()]
        box.actions = ["position": fromActions, "opacity": fromActions, "cornerRadius": fromActions]
        box.style = ["actions": ["cornerRadius": fromStyle, "borderWidth": fromStyle] as [String: CAAction]]
        let bouncy = Bouncy()
        bouncy.name = "bouncy"
        scene.rootLayer.addSublayer(bouncy)
        scene.at(1) {
            box.position = CGPoint(x: 0, y: 0)
            box.opacity = 0.5
            box.cornerRadius = 4
            box.borderWidth = 2
            bouncy.opacity = 0
        }
        let timeline = try scene.compile()
        #expect(fromDelegate.runs == ["position on box"])
        #expect(fromActions.runs == ["cornerRadius on box"], "NSNull from the delegate stops the search for opacity")
        #expect(fromStyle.runs == ["borderWidth on box"])
        #expect(timeline.state("box", at: 1.1).opacity == 0.5, "no implicit animation after NSNull")
        #expect(close(timeline.state("bouncy", at: 2).opacity, 0.75), "the class's default action: 4 s, linear")
        // action(forKey:) answers the same way outside a timeline.
        #expect(box.action(forKey: "position") === fromDelegate)
        #expect(box.action(forKey: "opacity") == nil)
        #expect(box.action(forKey: "zPosition") is CABasicAnimation, "the implicit animation of an animatable property")
        #expect(box.action(forKey: "hidden") == nil)
        #expect(CALayer.defaultAction(forKey: "position") == nil)
    }

    @Test func insertingAndRemovingRunOnOrderInAndOnOrderOut() throws {
        let (scene, box) = makeScene()
        let recorder = Recorder()
        let card = CALayer()
        card.name = "card"
        card.actions = ["onOrderIn": basic("opacity", from: 0, duration: 2), "onOrderOut": recorder]
        box.actions = ["onOrderOut": recorder, "onOrderIn": recorder]
        scene.at(1) { scene.rootLayer.addSublayer(card) }
        scene.at(4) { card.removeFromSuperlayer() }
        scene.at(5) { box.isHidden = true }
        scene.at(6) { box.isHidden = false }
        let timeline = try scene.compile()
        // Fading in from 0 to the model opacity (1), linear over 2 s.
        #expect(close(timeline.state("card", at: 1.5).opacity, 0.25))
        #expect(timeline.state("card", at: 3.5).opacity == 1)
        #expect(recorder.runs == ["onOrderOut on card", "onOrderOut on box", "onOrderIn on box"])
    }

    @Test func aTransitionOnOrderInFadesTheLayerInFromNothing() throws {
        let (scene, _) = makeScene()
        let card = CALayer()
        card.name = "card"
        card.backgroundColor = .white
        let fade = CATransition()
        fade.duration = 1
        card.actions = ["onOrderIn": fade]
        scene.at(1) { scene.rootLayer.addSublayer(card) }
        let timeline = try scene.compile()
        let transition = try #require(timeline.presentation(at: 1.5, layerNamed: "card")?.transition)
        #expect(transition.old.state.isHidden, "the old appearance is nothing: the layer was not there")
    }

    /// A removed layer is not drawn, so its onOrderOut transition runs on the superlayer: the
    /// old appearance still holds the layer and the transition animates it away.
    @Test func anOnOrderOutTransitionAnimatesTheRemovalOnTheSuperlayer() throws {
        let (scene, box) = makeScene()
        let card = CALayer()
        card.name = "card"
        let fade = CATransition()
        fade.duration = 2
        card.actions = ["onOrderOut": fade]
        box.addSublayer(card)
        scene.at(1) { card.removeFromSuperlayer() }
        let timeline = try scene.compile()
        let during = try #require(timeline.presentation(at: 2, layerNamed: "box"))
        let transition = try #require(during.transition)
        #expect(close(transition.progress, 0.5))
        #expect(transition.old.sublayers.map(\.name) == ["card"], "before: with the card")
        #expect(during.sublayers.isEmpty, "after: without it")
        #expect(timeline.presentation(at: 3.1, layerNamed: "box")?.transition == nil)
    }

    @Test func disabledActionsRunNone() throws {
        let (scene, box) = makeScene()
        let recorder = Recorder()
        box.actions = ["opacity": recorder]
        let card = CALayer()
        card.actions = ["onOrderIn": recorder]
        scene.at(1) {
            CATransaction.setDisableActions(true)
            box.opacity = 0
            scene.rootLayer.addSublayer(card)
        }
        _ = try scene.compile()
        #expect(recorder.runs.isEmpty)
    }
}
