import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// `cornerCurve` in scene files: Core Animation's two names; not animatable, as in Core Animation.
@Suite struct CornerCurveDecodingTests {
    @Test func continuousSetsTheLayersCurve() throws {
        let (_, timeline) = try load(sceneText(layer: "{ name: box, frame: [0, 0, 10, 10], cornerCurve: continuous }"))
        #expect(timeline.state("box", at: 0).cornerCurve == .continuous)
    }

    @Test func theDefaultIsCircular() throws {
        let (_, timeline) = try load(sceneText())
        #expect(timeline.state("box", at: 0).cornerCurve == .circular)
    }

    @Test func anUnknownCurveIsALocatedErrorListingTheValidOnes() {
        let found = problems(sceneText(layer: "{ name: box, cornerCurve: squircle }"))
        #expect(found == ["4:31: cornerCurve must be one of 'circular', 'continuous'; found 'squircle'"])
        #expect(!schemaProblems(sceneText(layer: "{ name: box, cornerCurve: squircle }")).isEmpty)
    }

    @Test func itCannotBeAnimated() {
        let animation = "  - at: 0\n    add: { layer: box, animation: { keyPath: cornerCurve, toValue: continuous } }"
        #expect(problems(sceneText(timeline: animation)).contains { $0.hasSuffix("'cornerCurve' is not animatable") })
    }
}
