import Reel
import Testing

@testable import ReelBatch

/// An option's valid values are the same wherever it is given: `RenderOptions.validate()` (the
/// command line, job files, Swift), the manifest decoder and the manifest schema. The expected
/// answers are written out here, not read from `OptionRange`, so a change to any one of the three,
/// or to the table, fails.
@Suite struct OptionRangeTests {
    /// (manifest key, value, valid?): the values either side of each bound.
    static let boundaries: [(String, String, Bool)] = [
        ("fps", "0", false), ("fps", "0.5", true), ("fps", "1", true), ("fps", "1000", true), ("fps", "1000.5", false),
        ("fps", "-1", false),
        ("scale", "0", false), ("scale", "0.01", true), ("scale", "16", true), ("scale", "16.5", false),
        ("crf", "-1", false), ("crf", "0", true), ("crf", "63", true), ("crf", "64", false), ("crf", "20.5", false),
        ("timeout", "0", false), ("timeout", "0.5", true), ("timeout", "604800", true), ("timeout", "604801", false),
        ("retries", "-1", false), ("retries", "0", true), ("retries", "10", true), ("retries", "11", false)
    ]

    func manifest(_ key: String, _ value: String) -> [UInt8] {
        Array("reel-batch: 1\ndefaults: { \(key): \(value) }\njobs: [a.yaml]\n".utf8)
    }

    @Test(arguments: boundaries) func decoderAndSchemaAgree(key: String, value: String, valid: Bool) throws {
        let bytes = manifest(key, value)
        let decoded = (try? BatchManifest.decode(bytes: bytes, file: "m.yaml")) != nil
        #expect(decoded == valid, "decoder: \(key): \(value)")
        let schemaProblems = try SceneSchema.validate(bytes: bytes, file: "m.yaml", schema: BatchManifestSchema.json)
        #expect(schemaProblems.isEmpty == valid, "schema: \(key): \(value) \(schemaProblems)")
    }

    @Test(arguments: boundaries.filter { ["fps", "scale", "crf"].contains($0.0) })
    func validateAgrees(key: String, value: String, valid: Bool) {
        var options = RenderOptions()
        let number = Double(value)!
        switch key {
        case "fps": options.fps = number
        case "scale": options.scale = number
        default:
            // A fraction cannot reach validate(): the flag and job files hold whole numbers.
            guard let whole = Int(exactly: number) else { return }
            options.crf = whole
        }
        #expect(((try? options.validate()) != nil) == valid, "validate(): \(key) \(value)")
    }

    /// Options only the command line and job files have.
    @Test func validateBoundsThreadsAndSegments() {
        func valid(_ change: (inout RenderOptions) -> Void) -> Bool {
            var options = RenderOptions()
            change(&options)
            return (try? options.validate()) != nil
        }
        #expect(
            !valid { $0.threads = 0 } && valid { $0.threads = 1 } && valid { $0.threads = 256 }
                && !valid { $0.threads = 257 })
        #expect(
            !valid { $0.parallelSegments = 0 } && valid { $0.parallelSegments = 64 }
                && !valid { $0.parallelSegments = 65 })
        #expect(
            !valid { $0.chunkSeconds = 0 } && valid { $0.chunkSeconds = 3600 } && !valid { $0.chunkSeconds = 3600.5 })
    }

    /// The message says what the check does (it once said "between 1 and 1000" and took 0.5),
    /// and the manifest says it in the same words, at the value's place.
    @Test func messagesMatchTheCheck() throws {
        var options = RenderOptions()
        options.fps = 0
        #expect(throws: RenderJobError.invalid("--fps must be greater than 0 and at most 1000, got 0")) {
            try options.validate()
        }
        do {
            _ = try BatchManifest.decode(bytes: manifest("fps", "1001"), file: "m.yaml")
            Issue.record("fps 1001 was accepted")
        } catch let error as SceneLoadError {
            #expect(
                error.diagnostics.map { "\($0.location): \($0.message)" } == [
                    "2:18: fps must be greater than 0 and at most 1000, found 1001"
                ])
        }
    }
}
