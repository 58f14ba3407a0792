import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// `scenes/scene.schema.json` against the decoder: generated from the decoder's tables, and every
/// scene and fixture judged the same way by both.
@Suite("Schema")
struct SchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schemaURL = repository.appendingPathComponent("scenes/scene.schema.json")

    /// The committed schema, as a validator reads it.
    static func committedSchema() throws -> JSONValue {
        try SceneSchema.read(bytes: Array(try Data(contentsOf: schemaURL)), file: schemaURL.path)
    }

    static func files(in folder: String, extensions: Set<String> = ["yaml", "yml", "json"]) -> [URL] {
        let url = repository.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }.filter { extensions.contains($0.pathExtension) }
    }

    static let scenes = files(in: "scenes").filter { !$0.lastPathComponent.hasSuffix(".schema.json") }

    @Test func committedSchemaIsTheGeneratedOne() throws {
        let generated = SceneSchema.text
        if ProcessInfo.processInfo.environment["REEL_RECORD_SCHEMA"] != nil {
            try generated.write(to: Self.schemaURL, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.schemaURL, encoding: .utf8)
        #expect(
            committed == generated,
            "scenes/scene.schema.json is stale: run REEL_RECORD_SCHEMA=1 swift test --filter SchemaTests")
    }

    @Test func theValidatorImplementsEveryKeywordTheSchemaUses() throws {
        _ = try SchemaValidator(schema: try Self.committedSchema())
        #expect(throws: SchemaValidator.Unsupported.self) {
            try SchemaValidator(schema: ["type": "object", "dependencies": [:]])
        }
    }

    @Test func thereAreScenesToCheck() {
        #expect(Self.scenes.count >= 8)
    }

    @Test(arguments: scenes)
    func everySceneNamesTheSchemaValidatesAndDecodes(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        let firstLine = String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
        #expect(
            firstLine == "# yaml-language-server: $schema=scene.schema.json",
            "\(url.lastPathComponent) must start with the schema comment")
        let schemaProblems = try SceneSchema.validate(bytes: bytes, file: url.path, schema: try Self.committedSchema())
        #expect(schemaProblems.isEmpty, "\(schemaProblems)")
        // Images are looked up beside the scene (FakeImages checks nothing else), then the timeline runs.
        let loaded = try SceneLoader.load(path: url.path, images: FakeImages())
        _ = try loaded.scene.compile()
    }

    @Test(arguments: files(in: "Tests/ReelSceneTests/Fixtures/valid"))
    func validFixturesValidateAndDecode(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        #expect(try SceneSchema.validate(bytes: bytes, file: url.path, schema: try Self.committedSchema()).isEmpty)
        _ = try SceneLoader.load(path: url.path).scene.compile()
    }

    /// Deliberately broken files: both the schema and the decoder reject each, and the decoder
    /// reports exactly the `# expect:` lines of the file.
    @Test(arguments: files(in: "Tests/ReelSceneTests/Fixtures/invalid"))
    func brokenFixturesAreRejectedByBoth(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        let expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("# expect: ") }.map { String($0.dropFirst("# expect: ".count)) }
        #expect(!expected.isEmpty, "a broken fixture lists what it expects")
        #expect(problems(bytes: bytes) == expected)
        #expect(!(try SceneSchema.validate(bytes: bytes, file: url.path, schema: try Self.committedSchema())).isEmpty)
    }

    // MARK: The schema covers the decoder

    @Test func everyLayerClassListsExactlyTheKeysTheDecoderAccepts() throws {
        let schema = try Self.committedSchema()
        for kind in LayerKind.allCases {
            guard case .object(let properties)? = schema["definitions"]?[kind.rawValue]?["properties"] else {
                Issue.record("no definition for \(kind.rawValue)")
                continue
            }
            #expect(Set(properties.map(\.0)) == Set(SceneDecoder.layerKeys(for: kind)), "\(kind.rawValue)")
            for (key, value) in properties {
                #expect(value != [:], "\(kind.rawValue).\(key) has no schema")
            }
        }
    }

    @Test func everyAnimationClassListsExactlyItsKeys() throws {
        let schema = try Self.committedSchema()
        for className in Set(SceneDecoder.animationClasses.values) {
            guard case .object(let properties)? = schema["definitions"]?[className]?["properties"] else {
                Issue.record("no definition for \(className)")
                continue
            }
            #expect(Set(properties.map(\.0)) == Set(SceneDecoder.animationKeys(for: className)), "\(className)")
            for (key, value) in properties { #expect(value != [:], "\(className).\(key) has no schema") }
        }
        // keyPath: an enumeration of the layers' key paths, or a key path into an emitter cell.
        guard case .array(let forms)? = schema["definitions"]?["CABasicAnimation"]?["properties"]?["keyPath"]?["anyOf"],
            forms.count == 2, case .array(let paths)? = forms[0]["enum"],
            case .string(let cellPattern)? = forms[1]["pattern"]
        else {
            Issue.record("keyPath is not an enumeration or a cell path pattern")
            return
        }
        let animatable = LayerKeyPath.allPaths.filter { LayerKeyPath($0)!.isAnimatable }
        #expect(Set(animatable).isSubset(of: Set(paths.compactMap { if case .string(let s) = $0 { s } else { nil } })))
        let regex = try NSRegularExpression(pattern: cellPattern)
        func matches(_ s: String) -> Bool { regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil }
        #expect(matches("emitterCells.spark.birthRate") && matches("emitterCells.rocket.emitterCells.spark.color"))
        #expect(matches("emitterCells.spark.contentsRect.origin.x"))
        #expect(
            !matches("emitterCells.spark.name") && !matches("emitterCells.spark")
                && !matches("emitterCells.spark.birthrate"))
    }

    @Test func theTimelineListsExactlyItsKeys() throws {
        let definitions = try #require(try Self.committedSchema()["definitions"])
        func keys(_ name: String) -> Set<String> {
            guard case .object(let properties)? = definitions[name]?["properties"] else { return [] }
            return Set(properties.map(\.0))
        }
        #expect(keys("entry") == Set(SceneDecoder.entryKeys))
        #expect(keys("completionEntry") == Set(SceneDecoder.entryKeys).subtracting(["at", "on"]))
        #expect(keys("insert") == Set(SceneDecoder.insertKeys))
        #expect(keys("add") == Set(SceneDecoder.addKeys))
        #expect(keys("remove") == Set(SceneDecoder.removeKeys))
        #expect(keys("on") == Set(SceneDecoder.onKeys))
        #expect(keys("canvas") == Set(SceneDecoder.canvasKeys))
    }
}
