import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// `filters` and `backgroundFilters` in scene files: lists of `{ name, inputs… }`; bad names,
/// radii and key paths are located errors.
@Suite struct LayerFilterDecodingTests {
    @Test func filtersDecodeWithTheirInputs() throws {
        let (_, timeline) = try load(
            sceneText(
                layer: """
                    { name: box, frame: [0, 0, 10, 10], filters: [{ name: gaussianBlur, inputRadius: 4 }],
                        backgroundFilters: [{ name: CIColorMatrix, inputBiasVector: [0.1, 0, 0, 0] }] }
                    """))
        let s = timeline.state("box", at: 0)
        #expect(s.filters == [LayerFilter(kind: .gaussianBlur, inputs: ["inputRadius": [4]])])
        #expect(s.backgroundFilters?.first?.kind == .colorMatrix)
        #expect(s.backgroundFilters?.first?.input("inputBiasVector") == [0.1, 0, 0, 0])
    }

    @Test func theRadiusAnimatesByKeyPath() throws {
        let (_, timeline) = try load(
            sceneText(
                layer: """
                    { name: box, frame: [0, 0, 10, 10], filters: [{ name: gaussianBlur, inputRadius: 0 }] }
                    """,
                timeline: """
                      - at: 0
                        add: { layer: box, animation: { keyPath: filters.gaussianBlur.inputRadius, fromValue: 0,
                               toValue: 10, duration: 2, timingFunction: linear } }
                    """))
        #expect(timeline.state("box", at: 1).filters?.first?.blurRadius == 5)
        #expect(timeline.state("box", at: 3).filters?.first?.blurRadius == 0)
    }

    @Test func badFiltersAreLocatedErrors() {
        let unknown = problems(sceneText(layer: "{ name: box, filters: [{ name: gausianBlur }] }"))
        #expect(unknown.count == 1)
        #expect(unknown.first?.hasPrefix("4:36: unknown filter 'gausianBlur'") == true)
        #expect(unknown.first?.contains("did you mean 'gaussianBlur'") == true)
        let negative = problems(sceneText(layer: "{ name: box, filters: [{ name: gaussianBlur, inputRadius: -2 }] }"))
        #expect(negative.first?.hasPrefix("4:63: inputRadius must be between 0 and 1000, found -2") == true)
        let huge = problems(sceneText(layer: "{ name: box, filters: [{ name: gaussianBlur, inputRadius: 1e9 }] }"))
        #expect(huge.count == 1)
        let badKey = problems(sceneText(layer: "{ name: box, filters: [{ name: gaussianBlur, inputAmount: 2 }] }"))
        #expect(badKey.count == 1)
        let twice = problems(
            sceneText(layer: "{ name: box, filters: [{ name: gaussianBlur }, { name: gaussianBlur }] }"))
        #expect(twice.first?.contains("two 'gaussianBlur' filters") == true)
    }

    @Test func aKeyPathMustNameAFilterTheLayerHas() {
        let found = problems(
            sceneText(
                layer: """
                    { name: box, filters: [{ name: colorSaturate }] }
                    """,
                timeline: """
                      - at: 0
                        add: { layer: box, animation: { keyPath: filters.gaussianBlur.inputRadius, fromValue: 0, toValue: 1 } }
                    """))
        #expect(found.count == 1)
        #expect(found.first?.contains("has no filters entry named 'gaussianBlur'") == true)
    }

    @Test func theSchemaKnowsFilters() {
        #expect(
            schemaProblems(sceneText(layer: "{ name: box, filters: [{ name: gaussianBlur, inputRadius: 3 }] }"))
                .isEmpty)
        #expect(!schemaProblems(sceneText(layer: "{ name: box, filters: [{ name: blur }] }")).isEmpty)
        #expect(
            !schemaProblems(sceneText(layer: "{ name: box, filters: [{ name: gaussianBlur, inputRadius: -1 }] }"))
                .isEmpty)
    }
}
