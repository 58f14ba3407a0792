import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// `compositingFilter` in scene files takes Core Image's filter names, exactly as Core Animation
/// does; any other name is a located error listing them.
@Suite struct CompositingFilterDecodingTests {
    @Test func aBlendModeNameSetsTheLayersFilter() throws {
        let (_, timeline) = try load(
            sceneText(layer: "{ name: box, frame: [0, 0, 10, 10], compositingFilter: differenceBlendMode }"))
        #expect(timeline.state("box", at: 0).compositingFilter == .differenceBlendMode)
    }

    @Test func aLayerWithoutOneDrawsNormally() throws {
        let (_, timeline) = try load(sceneText())
        #expect(timeline.state("box", at: 0).compositingFilter == nil)
    }

    @Test func anUnknownNameIsALocatedErrorListingTheValidOnes() {
        let found = problems(sceneText(layer: "{ name: box, compositingFilter: multiply }"))
        #expect(found.count == 1)
        let message = found.first ?? ""
        #expect(message.hasPrefix("4:37: compositingFilter must be one of 'multiplyBlendMode', 'screenBlendMode'"))
        #expect(message.contains("'luminosityBlendMode'") && message.contains("found 'multiply'"))
    }

    @Test func theSchemaKnowsTheNames() {
        let valid = sceneText(layer: "{ name: box, compositingFilter: screenBlendMode }")
        #expect(schemaProblems(valid).isEmpty)
        #expect(!schemaProblems(sceneText(layer: "{ name: box, compositingFilter: multiply }")).isEmpty)
    }
}
