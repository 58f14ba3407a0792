import Foundation
import Testing

@testable import ReelScene

/// One malformed scene: its text, every error the decoder must report (exactly, as
/// "LINE:COLUMN: message", in order), and what the schema makes of it.
struct Malformed: Sendable, CustomTestStringConvertible {
    /// How the schema judges the file.
    enum Schema: Sendable {
        /// The schema rejects it too (a shape, type, range or key problem).
        case rejects
        /// Only the decoder can tell (layer names, templates, keyTimes counts, limits…): the
        /// schema accepts it. Asserting this keeps the classification honest.
        case accepts
        /// The file does not parse, so there is nothing to validate.
        case unparsable
    }

    let text: String
    let expected: [String]
    let schema: Schema
    let sourceLocation: SourceLocation

    var bytes: [UInt8] { Array(text.utf8) }
    var testDescription: String { expected.first ?? "(no error)" }
}

/// A whole scene file.
func file(
    _ text: String, _ expected: String..., schema: Malformed.Schema = .rejects,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Malformed {
    Malformed(text: text, expected: expected, schema: schema, sourceLocation: sourceLocation)
}

/// A scene whose only layer entry is `entry` (line 4, starting at column 5).
func layer(
    _ entry: String, _ expected: String..., schema: Malformed.Schema = .rejects,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Malformed {
    Malformed(text: sceneText(layer: entry), expected: expected, schema: schema, sourceLocation: sourceLocation)
}

/// A scene with layer "box" (line 4) and the timeline `entries` (from line 6).
func timeline(
    _ entries: String, _ expected: String..., schema: Malformed.Schema = .rejects,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Malformed {
    Malformed(text: sceneText(timeline: entries), expected: expected, schema: schema, sourceLocation: sourceLocation)
}

/// Every malformed scene of the tables, each rejected with the exact line, column and message;
/// none crashes, and each file's problems all come in one run.
@Suite("Malformed scenes")
struct MalformedSceneTests {
    static let all =
        MalformedScenes.files + MalformedScenes.layers + MalformedScenes.animations + MalformedScenes.timelines
        + MalformedScenes.emitters
        + MalformedScenes.coordinateLimits + MalformedScenes.motionBlur

    @Test func theTableIsLargeEnough() {
        #expect(Self.all.count >= 60)
    }

    @Test(arguments: all)
    func decoderReportsExactly(_ scene: Malformed) {
        let found = problems(bytes: scene.bytes)
        #expect(
            found == scene.expected, "found:\n\(carets(found, in: scene.text))", sourceLocation: scene.sourceLocation)
    }

    /// Each "LINE:COLUMN: message" with its source line and a caret under the column, so a
    /// failing row shows what the reported place is.
    func carets(_ diagnostics: [String], in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        return diagnostics.map { d in
            let parts = d.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3, let l = Int(parts[0]), let c = Int(parts[1]), l >= 1, l <= lines.count else {
                return d
            }
            let source = String(String.UnicodeScalarView(lines[l - 1].map { $0 == "\t" ? " " : $0 }))
            return "\(d)\n  \(source)\n  \(String(repeating: " ", count: max(c - 1, 0)))^"
        }.joined(separator: "\n")
    }

    @Test(arguments: all)
    func schemaAgrees(_ scene: Malformed) {
        let found = schemaProblems(bytes: scene.bytes)
        switch scene.schema {
        case .rejects:
            #expect(
                !found.isEmpty, "the decoder rejects this scene but the schema accepts it",
                sourceLocation: scene.sourceLocation)
        case .accepts:
            #expect(
                found.isEmpty, "marked as beyond the schema, but the schema rejects it: \(found)",
                sourceLocation: scene.sourceLocation)
        case .unparsable:
            #expect(
                found == scene.expected, "a file that does not parse gets the parser's errors",
                sourceLocation: scene.sourceLocation)
        }
    }
}

/// The tables, by part of the format.
enum MalformedScenes {}
