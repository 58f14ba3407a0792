import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Reading YAML and JSON: what the parser accepts, how it counts lines and columns, and YAML's
/// reuse features. (Rejections are in the malformed-scene table.)
@Suite("Parsing YAML and JSON")
struct ParserTests {
    static let scene = "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n  - { name: a, opacity: 2 }\n"

    @Test func lineEndsAndByteOrderMarksDoNotMoveLocations() {
        let expected = ["4:25: opacity must be between 0 and 1, found 2"]
        #expect(problems(Self.scene) == expected)
        #expect(problems(Self.scene.replacingOccurrences(of: "\n", with: "\r\n")) == expected)
        #expect(problems(bytes: [0xEF, 0xBB, 0xBF] + Array(Self.scene.utf8)) == expected)
        // Old Mac line ends (CR alone) are line breaks too, as in every editor.
        #expect(problems(Self.scene.replacingOccurrences(of: "\n", with: "\r")) == expected)
    }

    @Test func utf16FilesWithAByteOrderMarkAreRead() {
        let little: [UInt8] = [0xFF, 0xFE] + Self.scene.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + Self.scene.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(problems(bytes: little) == ["4:25: opacity must be between 0 and 1, found 2"])
        #expect(problems(bytes: big) == ["4:25: opacity must be between 0 and 1, found 2"])
    }

    @Test func bytesThatAreNotUTF8AreLocated() {
        var bytes = Array("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [{ name: ".utf8)
        bytes += [0xC3, 0xA9, 0xFF]  // é, then a byte no UTF-8 text has
        #expect(problems(bytes: bytes) == ["3:19: the file is not UTF-8 text (invalid leading UTF-8 octet here)"])
    }

    @Test func columnsCountCharactersNotBytes() {
        let text = "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [{ name: \"日本語\", opacity: 3 }]\n"
        #expect(problems(text) == ["3:34: opacity must be between 0 and 1, found 3"])
    }

    @Test func tabsSeparateValuesInJSON() {
        let json =
            "{\n\t\"reel\": 1,\n\t\"canvas\": {\"size\": [10, 10],\t\"duration\": 1},\n\t\"layers\": [{\"name\": \"a\", \"opacity\": 2}]\n}"
        #expect(problems(json) == ["4:38: opacity must be between 0 and 1, found 2"])
    }

    @Test func surrogatePairsInJSONStringsAreTheirCharacters() throws {
        let json =
            #"{"reel": 1, "canvas": {"size": [10, 10], "duration": 1}, "layers": [{"name": "a", "class": "text", "string": "go \ud83d\ude80!"}]}"#
        let (_, timeline) = try load(json)
        #expect(timeline.state("a", at: 0).string == "go 🚀!")
    }

    @Test func numbersAreWhatYAMLAndJSONCallNumbers() throws {
        let (_, t) = try load(
            sceneText(layer: "{ name: box, position: [.5, +2], zPosition: -1e2, bounds: [0, 0, 1E1, 20.] }"))
        let s = t.state("box", at: 0)
        #expect(
            s.position == CGPoint(x: 0.5, y: 2) && s.zPosition == -100 && s.bounds.size == CGSize(width: 10, height: 20)
        )
        #expect(
            problems(sceneText(layer: "{ name: box, zPosition: 0x10 }")) == [
                "4:29: zPosition must be a number, found '0x10'"
            ])
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let (_, t) = try load(
            """
            reel: 1
            canvas: { size: [200, 100], duration: 1 }
            layers:
              - &base { name: a, bounds: &size [0, 0, 30, 20], position: [20, 20], backgroundColor: &c "#336699", opacity: 0.5 }
              - { <<: *base, name: b, position: [80, 20] }
              - { <<: [{ opacity: 0.25, zPosition: 3 }, *base], name: c }
              - { name: d, bounds: *size, backgroundColor: *c }
            """)
        #expect(t.state("b", at: 0).bounds == t.state("a", at: 0).bounds && t.state("b", at: 0).position.x == 80)
        #expect(t.state("b", at: 0).opacity == 0.5, "merged from the anchor")
        #expect(t.state("c", at: 0).opacity == 0.25 && t.state("c", at: 0).zPosition == 3, "earlier merged maps win")
        #expect(t.state("d", at: 0).backgroundColor == t.state("a", at: 0).backgroundColor)
    }

    @Test func errorsInsideAliasesPointAtTheAnchoredText() {
        let found = problems(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1 }
            layers:
              - { name: a, position: &p [1, x] }
              - { name: b, position: *p }
            """)
        #expect(
            found == ["4:33: each number of position must be a number, found 'x'"], "reported once, where it is written"
        )
    }

    @Test func mergeKeysTakeMapsOnly() {
        #expect(
            problems(sceneText(layer: "{ name: box, <<: 5 }")) == [
                "4:18: '<<' merges maps (write '<<: *anchor'); found the number 5"
            ])
    }

    @Test func quotedMergeKeysAreOrdinaryKeys() {
        #expect(problems(sceneText(layer: "{ name: box, \"<<\": 5 }")) == ["4:18: unknown key '<<' in layer 'box'"])
    }

    @Test func theStrTagQuotes() throws {
        let (_, t) = try load(sceneText(layer: "{ name: box, class: text, string: !!str 2024 }"))
        #expect(t.state("box", at: 0).string == "2024")
        #expect(
            problems(sceneText(layer: "{ name: box, opacity: !!str 1 }")) == [
                "4:27: opacity must be a number, found the string \"1\" (remove the quotes)"
            ])
    }

    @Test func plainNumbersAndBooleansAreTextWhereTextIsExpected() throws {
        let (_, t) = try load(
            sceneText(
                layer: "{ name: 2024, class: text, string: 42 }",
                timeline: "  - at: 0\n    set: { 2024: { string: true } }"))
        #expect(t.state("2024", at: 0).string == "true")
    }
}
