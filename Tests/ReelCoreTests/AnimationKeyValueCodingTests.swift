import Foundation
import ReelCore
import Testing

/// `setValue(_:forKey:)` on animations as on Apple platforms: property keys set the property,
/// other keys are user info, and a value that does not fit a property is reported, not ignored.
@Suite("CAAnimation key-value coding")
struct AnimationKeyValueCodingTests {
    /// Position x of the box at `times` with `anim` added at t = 0 (model x = 50).
    func positions(_ anim: CAAnimation, at times: [Double]) throws -> [Double] {
        let (scene, box) = makeScene()
        box.add(anim, forKey: "a")
        let timeline = try scene.compile()
        return times.map { timeline.state("box", at: $0).position.x }
    }

    func move() -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        return a
    }

    @Test func durationByKeyIsTheDuration() throws {
        let byKey = move()
        byKey.setValue(2, forKey: "duration")
        #expect(byKey.duration == 2)
        #expect(byKey.value(forKey: "userInfo") == nil, "not stored as a tag")
        let typed = move()
        typed.duration = 2
        let a = try positions(byKey, at: [0.5, 1, 1.5])
        let b = try positions(typed, at: [0.5, 1, 1.5])
        #expect(a == b && close(a[1], 50), "\(a) vs \(b)")
    }

    @Test func propertyKeysSetTheProperty() throws {
        let table: [(String, Any, (CABasicAnimation) -> Bool)] = [
            ("beginTime", 1.5, { $0.beginTime == 1.5 }),
            ("duration", NSNumber(value: 3), { $0.duration == 3 }),
            ("speed", Float(2), { $0.speed == 2 }),
            ("timeOffset", CGFloat(0.25), { $0.timeOffset == 0.25 }),
            ("repeatCount", Float.infinity, { $0.repeatCount == .infinity }),
            ("repeatDuration", 4, { $0.repeatDuration == 4 }),
            ("autoreverses", true, { $0.autoreverses }),
            ("fillMode", "forwards", { $0.fillMode == .forwards }),
            ("fillMode", CAMediaTimingFillMode.both, { $0.fillMode == .both }),
            ("removedOnCompletion", false, { !$0.isRemovedOnCompletion }),
            ("removedOnCompletion", NSNumber(value: false), { !$0.isRemovedOnCompletion }),
            (
                "timingFunction", CAMediaTimingFunction(name: .easeIn),
                { $0.timingFunction == CAMediaTimingFunction(name: .easeIn) }
            ),
            ("keyPath", "bounds.size.width", { $0.keyPath == "bounds.size.width" }),
            ("additive", true, { $0.isAdditive }),
            ("cumulative", true, { $0.isCumulative }),
            ("fromValue", 7, { $0.fromValue as? Int == 7 }),
            ("toValue", NSValue(point: CGPoint(x: 1, y: 2)), { $0.toValue is NSValue }),
            ("byValue", 3.5, { $0.byValue as? Double == 3.5 })
        ]
        for (key, value, check) in table {
            let a = CABasicAnimation(keyPath: "opacity")
            a.setValue(value, forKey: key)
            #expect(check(a), "\(key) = \(value)")
            #expect(a.value(forKey: key) != nil, "\(key) reads back")
            #expect(throws: Never.self, "\(key)") { try a.validate() }
        }
    }

    @Test func readsBackAsFoundationDoes() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 2
        a.speed = 0.5
        a.autoreverses = true
        a.fillMode = .backwards
        #expect(a.value(forKey: "duration") as? Double == 2)
        #expect(a.value(forKey: "duration") as? CFTimeInterval == 2)
        #expect(a.value(forKey: "speed") as? Float == 0.5)
        #expect((a.value(forKey: "speed") as? NSNumber)?.doubleValue == 0.5)
        #expect(a.value(forKey: "autoreverses") as? Bool == true)
        #expect(a.value(forKey: "fillMode") as? String == "backwards")
        #expect(a.value(forKeyPath: "keyPath") as? String == "opacity")
    }

    @Test func keyframeKeys() throws {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.setValue([0, 100, 0], forKey: "values")
        k.setValue([NSNumber(value: 0), NSNumber(value: 0.25), NSNumber(value: 1)], forKey: "keyTimes")
        k.setValue("discrete", forKey: "calculationMode")
        k.setValue(4, forKey: "duration")
        #expect(k.values?.count == 3)
        #expect(k.keyTimes == [0, 0.25, 1])
        #expect(k.calculationMode == .discrete)
        #expect((k.value(forKey: "keyTimes") as? [NSNumber])?.map(\.doubleValue) == [0, 0.25, 1])
        try k.validate()
    }

    @Test func springTransitionAndGroupKeys() throws {
        let s = CASpringAnimation(keyPath: "position.x")
        s.setValue(12, forKey: "damping")
        s.setValue(NSNumber(value: 2), forKey: "mass")
        #expect(s.damping == 12 && s.mass == 2)
        #expect(s.value(forKey: "stiffness") as? Double == 100)
        let t = CATransition()
        t.setValue("push", forKey: "type")
        t.setValue(CATransitionSubtype.fromTop, forKey: "subtype")
        t.setValue(0.5, forKey: "startProgress")
        #expect(t.type == .push && t.subtype == .fromTop && t.startProgress == 0.5)
        let g = CAAnimationGroup()
        g.setValue([move()], forKey: "animations")
        #expect(g.animations?.count == 1)
    }

    @Test func otherKeysAreUserInfo() {
        let a = move()
        a.setValue("fade", forKey: "name")
        a.setValue(42, forKey: "step")
        a.setValue(CGPoint(x: 3, y: 4), forKeyPath: "endPosition")
        #expect(a.value(forKey: "name") as? String == "fade")
        #expect(a.value(forKey: "step") as? Int == 42)
        #expect(a.value(forKeyPath: "endPosition") as? CGPoint == CGPoint(x: 3, y: 4))
        let copy = a.copy()
        #expect(copy.value(forKey: "name") as? String == "fade", "copied with the animation")
        a.setValue(nil, forKey: "name")
        #expect(a.value(forKey: "name") == nil, "nil removes")
        #expect(a.value(forKey: "nothing") == nil)
    }

    @Test func userKeysIdentifyAnimationsInTheDelegate() throws {
        final class Recorder: CAAnimationDelegate {
            var stopped: [String] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stopped.append(anim.value(forKey: "name") as? String ?? "?")
            }
        }
        let recorder = Recorder()
        let (scene, box) = makeScene()
        for (name, duration) in [("first", 1.0), ("second", 2.0)] {
            let a = move()
            a.duration = duration
            a.delegate = recorder
            a.setValue(name, forKey: "name")
            box.add(a, forKey: name)
        }
        _ = try scene.compile()
        #expect(recorder.stopped == ["first", "second"])
    }

    @Test func wrongTypedValueIsReportedNotIgnored() throws {
        let a = move()
        a.setValue("two seconds", forKey: "duration")
        #expect(a.duration == 0, "the property keeps its value")
        #expect(a.value(forKey: "duration") as? Double == 0, "and the string is not stored as a tag")
        #expect(throws: AnimationError.self) { try a.validate() }
        let (scene, box) = makeScene()
        box.add(a, forKey: "a")
        #expect {
            _ = try scene.compile()
        } throws: { error in
            "\(error)".contains("duration") && "\(error)".contains("String")
        }
        // A fitting value clears the problem.
        a.setValue(1, forKey: "duration")
        try a.validate()
    }

    @Test func mismatchesAreReported() {
        let table: [(String, Any?)] = [
            ("speed", nil), ("fillMode", "sideways"), ("repeatCount", "many"), ("autoreverses", "yes"),
            ("timingFunction", "easeIn"), ("keyPath", 3)
        ]
        for (key, value) in table {
            let a = CABasicAnimation(keyPath: "opacity")
            a.setValue(value, forKey: key)
            #expect(throws: AnimationError.self, "\(key) = \(String(describing: value))") { try a.validate() }
        }
    }

    @Test func groupChildProblemsAreReported() throws {
        let child = move()
        child.setValue("soon", forKey: "beginTime")
        let g = CAAnimationGroup()
        g.animations = [child]
        g.duration = 1
        #expect(throws: AnimationError.self) { try g.validate() }
        let (scene, box) = makeScene()
        box.add(g, forKey: "g")
        #expect(throws: TimelineError.self) { _ = try scene.compile() }
    }
}
