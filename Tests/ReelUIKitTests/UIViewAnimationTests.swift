import Foundation
import ReelUIKit
import Testing

/// UIView.animate inside a scene's timeline, checked by the compiled presentation values.
/// Curve values: easeInEaseOut y(0.25) = 0.129162, easeIn y(0.5) = 0.315357, easeOut y(0.25) = 0.378138.
@Suite("UIView.animate")
struct UIViewAnimationTests {
    @Test func viewChangesAnimateWithTheBlocksDurationAndDefaultCurve() throws {
        let (scene, card) = makeViewScene()
        scene.at(1) {
            UIView.animate(withDuration: 2) { card.center = CGPoint(x: 300, y: 100) }
            #expect(card.center == CGPoint(x: 300, y: 100), "the model changes at once")
        }
        let t = try scene.compile()
        #expect(t.state("card", at: 1).position.x == 100)
        #expect(close(t.state("card", at: 1.5).position.x, 100 + 200 * 0.129162, 1e-3), "ease in-out at a quarter")
        #expect(close(t.state("card", at: 2).position.x, 200, 1e-4), "half-way at half time")
        #expect(t.state("card", at: 3).position.x == 300)
        #expect(t.keys("card", at: 1.5) == ["position"] && t.keys("card", at: 3.1).isEmpty)
    }

    @Test func outsideABlockViewChangesAreImmediate() throws {
        let (scene, card) = makeViewScene()
        scene.at(1) {
            CATransaction.setAnimationDuration(2)
            card.center = CGPoint(x: 300, y: 100)
            card.alpha = 0.5
            card.layer.cornerRadius = 8
        }
        let t = try scene.compile()
        #expect(t.state("card", at: 1.01).position.x == 300 && t.state("card", at: 1.01).opacity == 0.5)
        #expect(t.state("card", at: 1.01).cornerRadius == 8)
        #expect(t.keys("card", at: 1.01).isEmpty, "view-backed layers make no implicit animations")
    }

    @Test func curveOptionsChooseTheTimingFunction() throws {
        let cases: [(UIView.AnimationOptions, Double)] = [
            ([.curveEaseIn], 0.315357), ([.curveLinear], 0.5), ([.curveEaseInOut], 0.5)
        ]
        for (options, expected) in cases {
            let (scene, card) = makeViewScene()
            scene.at(1) { UIView.animate(withDuration: 1, delay: 0, options: options, animations: { card.alpha = 0 }) }
            let t = try scene.compile()
            #expect(close(t.state("card", at: 1.5).opacity, 1 - expected, 1e-4), "\(options)")
        }
        let (scene, card) = makeViewScene()
        scene.at(1) {
            UIView.animate(withDuration: 4, delay: 0, options: .curveEaseOut, animations: { card.alpha = 0 })
        }
        #expect(close(try scene.compile().state("card", at: 2).opacity, 1 - 0.378138, 1e-4))
    }

    @Test func delayHoldsTheOldValueThenAnimates() throws {
        let (scene, card) = makeViewScene()
        scene.at(1) {
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { card.alpha = 0 })
        }
        let t = try scene.compile()
        #expect(t.state("card", at: 1.25).opacity == 1, "the old value shows during the delay")
        #expect(close(t.state("card", at: 1.75).opacity, 0.75, 1e-9))
        #expect(t.state("card", at: 2.5).opacity == 0)
    }

    @Test func valuesSetBeforeTheBlockAreWhereItStarts() throws {
        // The iOS fade-in idiom: set the start, then animate to the end, in one go.
        let (scene, card) = makeViewScene()
        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        badge.layer.name = "badge"
        scene.at(1) {
            card.alpha = 0
            card.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            card.addSubview(badge)  // a view added just now animates too
            badge.alpha = 0
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    card.alpha = 1
                    card.transform = .identity
                    badge.alpha = 1
                })
        }
        let t = try scene.compile()
        #expect(close(t.state("card", at: 1.5).opacity, 0.5, 1e-9))
        #expect(close(t.state("card", at: 1.5).transform.m11, 0.75, 1e-9))
        #expect(close(t.state("badge", at: 1.5).opacity, 0.5, 1e-9))
        #expect(t.state("card", at: 2.5).opacity == 1)
    }

    @Test func frameBoundsColorAndTransformAnimate() throws {
        let (scene, card) = makeViewScene()
        card.backgroundColor = .red
        scene.at(1) {
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    card.frame = CGRect(x: 200, y: 100, width: 50, height: 150)
                    card.backgroundColor = .blue
                    card.transform = CGAffineTransform(rotationAngle: .pi / 2)
                })
        }
        let t = try scene.compile()
        let mid = t.state("card", at: 1.5)
        #expect(
            close(mid.position, CGPoint(x: 162.5, y: 137.5), 1e-9) && close(mid.bounds.width, 75, 1e-9)
                && close(mid.bounds.height, 125, 1e-9))
        #expect(mid.backgroundColor.map { close($0.red, 0.5) && close($0.blue, 0.5) } == true)
        #expect(close(atan2(mid.transform.m12, mid.transform.m11), .pi / 4, 1e-9))
        let end = t.state("card", at: 2.5)
        #expect(
            close(end.bounds.size.width, 50) && end.position == CGPoint(x: 225, y: 175)
                && end.backgroundColor == UIColor.blue.cgColor)
        #expect(card.frame == CGRect(x: 50, y: 50, width: 100, height: 100), "compiling restores the initial model")
    }

    @Test func aViewsLayerChangedDirectlyInABlockAnimatesWithIt() throws {
        let (scene, card) = makeViewScene()
        let plain = CALayer()
        plain.name = "plain"
        plain.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        card.layer.addSublayer(plain)
        scene.at(1) {
            UIView.animate(
                withDuration: 2, delay: 0, options: .curveLinear,
                animations: {
                    card.layer.cornerRadius = 20
                    plain.opacity = 0
                })
        }
        let t = try scene.compile()
        #expect(close(t.state("card", at: 2).cornerRadius, 10, 1e-9))
        // A layer that is not a view's keeps Core Animation's implicit 0.25 s, as on iOS.
        #expect(t.state("plain", at: 1.3).opacity == 0 && t.state("plain", at: 1.1).opacity > 0)
    }

    @Test func repeatAndAutoreverse() throws {
        let (scene, card) = makeViewScene()
        var completed = false
        scene.at(1) {
            UIView.animate(
                withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                animations: { card.alpha = 0 },
                completion: { _ in completed = true })
        }
        let t = try scene.compile()
        #expect(close(t.state("card", at: 1.25).opacity, 0.75, 1e-9))
        #expect(close(t.state("card", at: 2.25).opacity, 0.25, 1e-9), "on its way back")
        #expect(close(t.state("card", at: 3.25).opacity, 0.75, 1e-9), "and forward again")
        #expect(close(t.state("card", at: 9.25).opacity, 0.75, 1e-9))
        #expect(!completed, "a repeating animation never completes")

        let (once, view) = makeViewScene()
        once.at(1) {
            UIView.animate(
                withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear], animations: { view.alpha = 0 })
        }
        let u = try once.compile()
        #expect(close(u.state("card", at: 2.5).opacity, 0.5, 1e-9))
        #expect(u.state("card", at: 3.01).opacity == 0, "after reversing, the model value shows (UIKit's snap)")
    }

    @Test func completionRunsAtTheEndOnTheSceneClock() throws {
        let (scene, card) = makeViewScene()
        var calls: [(Double, Bool)] = []
        scene.at(1) {
            // iOS's trailing-closure spelling.
            UIView.animate(withDuration: 2, delay: 0.5, options: []) {
                card.alpha = 0
            } completion: { finished in
                calls.append((CACurrentMediaTime(), finished))
            }
        }
        _ = try scene.compile()
        #expect(calls.count == 1 && calls.first?.0 == 3.5 && calls.first?.1 == true)
    }

    @Test func completionCanChainTheNextAnimation() throws {
        let (scene, card) = makeViewScene()
        scene.at(1) {
            UIView.animate(withDuration: 1, animations: { card.center.x = 200 }) { _ in
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { card.center.y = 200 })
            }
        }
        let t = try scene.compile()
        #expect(t.state("card", at: 2).position == CGPoint(x: 200, y: 100))
        #expect(close(t.state("card", at: 2.5).position.y, 150, 1e-9))
        #expect(t.state("card", at: 3).position == CGPoint(x: 200, y: 200))
    }

    @Test func interruptingReportsUnfinishedAndStartsFromWhereItWas() throws {
        let (scene, card) = makeViewScene()
        var calls: [(String, Double, Bool)] = []
        scene.at(1) {
            UIView.animate(
                withDuration: 2, delay: 0, options: .curveLinear, animations: { card.center.x = 300 },
                completion: { calls.append(("first", CACurrentMediaTime(), $0)) })
        }
        scene.at(2) {
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear, animations: { card.center.x = 0 },
                completion: { calls.append(("second", CACurrentMediaTime(), $0)) })
        }
        let t = try scene.compile()
        #expect(calls.map(\.0) == ["first", "second"])
        #expect(calls.first?.1 == 2 && calls.first?.2 == false)
        #expect(calls.last?.1 == 3 && calls.last?.2 == true)
        // No jump: the second animation starts at the first one's presentation value (200).
        #expect(close(t.state("card", at: 1.999).position.x, t.state("card", at: 2).position.x, 0.5))
        #expect(close(t.state("card", at: 2.5).position.x, 100, 1e-9))
    }

    @Test func beginFromCurrentStateStartsFromWhatIsOnScreen() throws {
        // A Core Animation animation under another key moves the card; only with
        // .beginFromCurrentState does the block start from where it is shown.
        // Half-way, x is between its start (150 shown, or the model's 100) and the model's 100.
        for (options, midX) in [(UIView.AnimationOptions.beginFromCurrentState, 125.0), ([], 100.0)] {
            let (scene, card) = makeViewScene()
            scene.at(1) {
                let nudge = CABasicAnimation(keyPath: "position.x")
                nudge.fromValue = 150
                nudge.toValue = 150
                nudge.duration = 5
                card.layer.add(nudge, forKey: "nudge")
            }
            scene.at(2) {
                UIView.animate(
                    withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: { card.center.y = 200 }
                )
            }
            let t = try scene.compile()
            // The block's animation, added last, sets the whole position.
            #expect(t.state("card", at: 2.5).position == CGPoint(x: midX, y: 150), "\(options)")
        }
    }

    @Test func alphaReadsBackExactly() {
        let view = UIView(frame: .zero)
        view.alpha = 0.1
        #expect(view.alpha == 0.1)
    }

    @Test func aPropertySetTwiceInOneBlockStillFinishes() throws {
        let (scene, card) = makeViewScene()
        var finished: Bool?
        scene.at(1) {
            UIView.animate(
                withDuration: 1,
                animations: {
                    card.alpha = 0.5
                    card.alpha = 0
                }, completion: { finished = $0 })
        }
        let t = try scene.compile()
        #expect(finished == true)
        #expect(t.state("card", at: 1.5).opacity < 1 && t.state("card", at: 2.1).opacity == 0)
    }

    @Test func nothingToAnimateCompletesAtOnce() throws {
        let (scene, card) = makeViewScene()
        var ranAt: Double?
        var order: [String] = []
        scene.at(1) {
            UIView.animate(
                withDuration: 2, animations: { card.alpha = 1 },
                completion: { _ in
                    ranAt = CACurrentMediaTime()
                    order.append("completion")
                })
            order.append("entry")
        }
        _ = try scene.compile()
        #expect(ranAt == 1 && order == ["entry", "completion"], "after the entry, at the same time")
    }

    @Test func nestedBlocksInheritTheOuterTiming() throws {
        let (scene, card) = makeViewScene()
        scene.at(1) {
            UIView.animate(
                withDuration: 2, delay: 0, options: .curveLinear,
                animations: {
                    UIView.animate(withDuration: 0.1) { card.alpha = 0 }
                    UIView.animate(
                        withDuration: 1, delay: 0, options: [.overrideInheritedDuration],
                        animations: { card.center.x = 200 })
                    UIView.performWithoutAnimation { card.layer.cornerRadius = 12 }
                })
        }
        let t = try scene.compile()
        #expect(close(t.state("card", at: 2).opacity, 0.5, 1e-9), "the outer duration and curve")
        #expect(t.state("card", at: 2.01).position.x == 200, "its own duration")
        #expect(close(t.state("card", at: 1.5).position.x, 150, 1e-9), "with the inherited linear curve")
        #expect(t.state("card", at: 1.01).cornerRadius == 12)
    }

    @Test func outsideATimelineChangesApplyAndCompletionRunsAtOnce() throws {
        let (scene, card) = makeViewScene()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { card.alpha = 0.25 }, completion: { finished = $0 })
        #expect(finished == true && card.alpha == 0.25)
        #expect(try scene.compile().state("card", at: 0).opacity == 0.25)
    }

    @Test func zeroDurationChangesAtOnce() throws {
        let (scene, card) = makeViewScene()
        var finished: Bool?
        scene.at(1) { UIView.animate(withDuration: 0, animations: { card.alpha = 0 }, completion: { finished = $0 }) }
        let t = try scene.compile()
        #expect(t.state("card", at: 1).opacity == 0 && finished == true)
    }
}
