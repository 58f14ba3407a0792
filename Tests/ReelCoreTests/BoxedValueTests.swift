import Foundation
import Testing

@testable import ReelCore

/// Foundation boxes (`NSNumber`, `NSValue`) convert as the bare values do.
@Suite("Boxed values")
struct BoxedValueTests {
    @Test func numbersAndGeometryUnbox() {
        #expect(AnimatableValue(any: NSNumber(value: 0.25), as: .number) == .number(0.25))
        #expect(AnimatableValue(any: NSNumber(value: 3), as: .number) == .number(3))
        #expect(AnimatableValue(any: NSNumber(value: true), as: .bool) == .bool(true))
        #expect(AnimatableValue(any: NSValue(point: CGPoint(x: 1, y: 2)), as: .point) == .point(CGPoint(x: 1, y: 2)))
        #expect(
            AnimatableValue(any: NSValue(size: CGSize(width: 3, height: 4)), as: .size)
                == .size(CGSize(width: 3, height: 4)))
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(AnimatableValue(any: NSValue(rect: rect), as: .rect) == .rect(rect))
        let t = CATransform3DMakeRotation(0.5, 0, 0, 1)
        #expect(AnimatableValue(any: NSValue(caTransform3D: t), as: .transform) == .transform(t))
    }

    @Test func wrongBoxesAndBareSwiftValuesKeepTheirRules() {
        #expect(AnimatableValue(any: NSValue(point: .zero), as: .rect) == nil)
        #expect(AnimatableValue(any: NSValue(rect: .zero), as: .transform) == nil)
        #expect(AnimatableValue(any: NSNumber(value: 1), as: .point) == nil)
        #expect(AnimatableValue(any: true, as: .number) == nil, "a Swift Bool is not bridged to a number")
    }

    @Test func aBoxedAnimationCompiles() throws {
        let (scene, box) = makeScene()
        scene.at(1) {
            box.add(
                basic("position", from: NSValue(point: .zero), to: NSValue(point: CGPoint(x: 100, y: 0))), forKey: "m")
        }
        #expect(try scene.compile().state("box", at: 1.5).position == CGPoint(x: 50, y: 0))
    }
}
