import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// SCENE-FORMAT.md §4, one notation at a time, through a layer property.
@Suite("Value notation")
struct ValueNotationTests {
    func box(_ properties: String) throws -> LayerState {
        let (_, timeline) = try load(sceneText(layer: "{ name: box, \(properties) }"))
        return timeline.state("box", at: 0)
    }

    @Test func numbersAndAngles() throws {
        #expect(try box("opacity: 0.25").opacity == 0.25)
        #expect(try box("zPosition: -3").zPosition == -3)
        #expect(close(try box("transform: [{rotate: 90deg}]").transform.m12, 1))
        #expect(close(try box("transform: [{rotate: 1.5rad}]").transform.m12, sin(1.5)))
        #expect(close(try box("transform.rotation.z: \"-45deg\"").transform.m12, -sin(Double.pi / 4)))
    }

    @Test func pointsSizesRects() throws {
        let s = try box("position: [3, 4], bounds: [1, 2, 30, 40], anchorPoint: [0, 1]")
        #expect(s.position == CGPoint(x: 3, y: 4))
        #expect(s.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(s.anchorPoint == CGPoint(x: 0, y: 1))
        #expect(try box("bounds.size: [7, 8]").bounds.size == CGSize(width: 7, height: 8))
    }

    @Test func frameSetsBoundsAndPositionWhateverTheKeyOrder() throws {
        let s = try box("frame: [10, 20, 30, 40], anchorPoint: [0, 0]")
        #expect(s.position == CGPoint(x: 10, y: 20))
        #expect(s.bounds.size == CGSize(width: 30, height: 40))
    }

    @Test(arguments: [
        ("\"#F80\"", CGColor(red: 1, green: 0x88 / 255.0, blue: 0)),
        ("\"#FF880080\"", CGColor(red: 1, green: 0x88 / 255.0, blue: 0, alpha: 0x80 / 255.0)),
        ("orange", CGColor(red: 1, green: 0xA5 / 255.0, blue: 0)),
        ("transparent", CGColor.clear),
        ("[0.5, 0.25, 1]", CGColor(red: 0.5, green: 0.25, blue: 1)),
        ("[0.5, 0.25, 1, 0.5]", CGColor(red: 0.5, green: 0.25, blue: 1, alpha: 0.5))
    ])
    func colors(text: String, expected: CGColor) throws {
        #expect(try box("backgroundColor: \(text)").backgroundColor == expected)
    }

    @Test func nullColorIsNil() throws {
        #expect(try box("borderColor: null").borderColor == nil)
        #expect(try box("borderWidth: 1").borderColor == .black, "Core Animation's default border colour")
    }

    @Test func transformStepsNestLikeTheCATransform3DCalls() throws {
        // Seed 002: CATransform3DRotate(CATransform3DMakeTranslation(-2, 0, 0), -0.65, 0, 0, 1).
        let t = try box("transform: [{translate: [-2, 0]}, {rotate: -0.65}]").transform
        let expected = CATransform3DRotate(CATransform3DMakeTranslation(-2, 0, 0), -0.65, 0, 0, 1)
        #expect(zip(t.entries, expected.entries).allSatisfy { close($0, $1, 1e-12) })
        #expect(try box("transform: identity").transform == .identity)
        #expect(try box("transform: {scale: 2}").transform == CATransform3DMakeScale(2, 2, 1))
        #expect(try box("transform: [{scale: [2, 3, 4]}]").transform == CATransform3DMakeScale(2, 3, 4))
        let p = try box("transform: [{perspective: 500}, {rotate: 30deg, axis: [0, 1, 0]}]").transform
        var perspective = CATransform3D.identity
        perspective.m34 = -1.0 / 500
        let expectedP = CATransform3DRotate(perspective, .pi / 6, 0, 1, 0)
        #expect(zip(p.entries, expectedP.entries).allSatisfy { close($0, $1, 1e-12) })
        let m = try box("transform: [{matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1]}]").transform
        #expect(m == CATransform3DMakeTranslation(5, 6, 0))
    }

    @Test func timingFunctionsByNameAndControlPoints() throws {
        let (_, t1) = try load(
            sceneText(
                timeline: """
                      - at: 0
                        add: { layer: box, key: a, animation: { keyPath: position.x, fromValue: 0, toValue: 100, duration: 2, timingFunction: easeIn } }
                      - at: 0
                        add: { layer: box, key: b, animation: { keyPath: position.y, fromValue: 0, toValue: 100, duration: 2, timingFunction: [0.25, -0.4, 0.5, 1] } }
                    """))
        #expect(close(t1.state("box", at: 1).position.x, 31.5357, 1e-3))
        let overshoot = CAMediaTimingFunction(c1x: 0.25, c1y: -0.4, c2x: 0.5, c2y: 1).progress(at: 0.5)
        #expect(close(t1.state("box", at: 1).position.y, 100 * overshoot))
    }

    @Test func repeatCountInfinity() throws {
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 0
                        add: { layer: box, key: spin, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 1, repeatCount: infinity } }
                    """))
        #expect(close(t.state("box", at: 9.25).opacity, 0.25))
    }
}
