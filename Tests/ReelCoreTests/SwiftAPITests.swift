import Foundation
import Testing

@testable import ReelCore

/// Code from an iOS tutorial ports with few edits: the seeds' idioms, verbatim in spirit.
@Suite("Swift API parity")
struct SwiftAPITests {
    @Test func presentationAndAnimationKeysInsideTheTimeline() throws {
        let (scene, box) = makeScene()
        var seen: (CGPoint?, [String]?, Double?, CAAnimation?) = (nil, nil, nil, nil)
        scene.at(1) {
            let a = CABasicAnimation(keyPath: "position")
            a.fromValue = CGPoint(x: 0, y: 0)
            a.toValue = CGPoint(x: 100, y: 100)
            a.duration = 2
            box.add(a, forKey: "move")
        }
        scene.at(2) {
            seen = (
                box.presentation()?.position, box.animationKeys(), CACurrentMediaTime(), box.animation(forKey: "move")
            )
        }
        _ = try scene.compile()
        #expect(seen.0 == CGPoint(x: 50, y: 50))
        #expect(seen.1 == ["move"])
        #expect(seen.2 == 2)
        #expect((seen.3 as? CABasicAnimation)?.duration == 2)
    }

    @Test func seedOcbApplyAnimationIdiom() throws {
        // Seed 002's extension: copy, fill fromValue from the presentation layer, add under the
        // key path, then set the model to toValue.
        let (scene, box) = makeScene()
        box.actions = ["strokeStart": NSNull(), "position": NSNull()]
        scene.at(1) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.toValue = 150.0
            a.duration = 1
            let copy = a.copy() as! CABasicAnimation
            if copy.fromValue == nil {
                copy.fromValue = box.presentation()!.value(forKeyPath: LayerKeyPath(copy.keyPath!)!)
            }
            box.add(copy, forKey: copy.keyPath)
            box.setValue(.number(150), forKeyPath: LayerKeyPath(copy.keyPath!)!)
        }
        let t = try scene.compile()
        #expect(t.state("box", at: 1.5).position.x == 100)
        #expect(t.state("box", at: 3).position.x == 150, "the model was set: no snap back")
    }

    @Test func animationUserInfoTagsLikeKVC() throws {
        // Seed 003 tags animations with setValue(_:forKey:) and reads the tag in the delegate.
        final class Hands: CAAnimationDelegate {
            var tags: [String] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                tags.append(anim.value(forKey: "handView") as? String ?? "?")
            }
        }
        let (scene, box) = makeScene()
        let hands = Hands()
        scene.at(0) {
            let a = CABasicAnimation(keyPath: "transform")
            a.toValue = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
            a.duration = 0.5
            a.delegate = hands
            a.setValue("second", forKey: "handView")
            box.add(a, forKey: nil)
        }
        _ = try scene.compile()
        #expect(hands.tags == ["second"])
    }
}
