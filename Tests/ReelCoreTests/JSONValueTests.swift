import Testing

@testable import ReelCore

/// JSON output is compared as text by users' scripts and by the committed schema, so its exact
/// form is pinned here.
@Suite("JSON values")
struct JSONValueTests {
    @Test func numbersHideFloatingPointNoise() {
        #expect(JSONValue.format(0.1 + 0.2) == "0.3")
        #expect(JSONValue.format(2) == "2")
        #expect(JSONValue.format(-0.0) == "0")
        #expect(JSONValue.format(-1.5) == "-1.5")
        #expect(JSONValue.format(.nan) == "null")
        #expect(JSONValue.format(.infinity) == "null")
        #expect(JSONValue.format(1e20) == "1e+20")
    }

    @Test func stringsAreEscaped() {
        #expect(JSONValue.quote("a\"b\\c\nd\t\u{1}é") == #""a\"b\\c\nd\t\u0001é""#)
        // Every control character a terminal acts on, C1 and DEL included (CSI is U+009B).
        #expect(JSONValue.quote("\u{1B}[2J\u{9B}2J\u{7F}\u{A0}") == #""\u001b[2J\u009b2J\u007f\#u{A0}""#)
    }

    @Test func compactHasNoSpaces() {
        let v: JSONValue = ["a": [1, 2.5, .null], "b": ["c": true]]
        #expect(v.compact == #"{"a":[1,2.5,null],"b":{"c":true}}"#)
    }

    @Test func prettyKeepsShortScalarListsAndAllNumberArraysOnOneLine() {
        let long = JSONValue.array((0..<16).map { .number(Double($0) + 0.123456789) })
        let v: JSONValue = ["short": ["x", "y"], "transform": long, "nested": ["k": ["deep": 1]], "empty": [:]]
        let lines = v.pretty.split(separator: "\n")
        #expect(lines.first == "{")
        #expect(lines.contains(#"  "short": ["x", "y"],"#))
        #expect(
            lines.contains {
                $0.hasPrefix(#"  "transform": [0.123456789, 1.123456789"#) && $0.hasSuffix("15.123456789],")
            })
        #expect(lines.contains(#"  "nested": {"#) && lines.contains(#"    "k": {"deep": 1}"#))
        #expect(lines.contains(#"  "empty": {}"#))
        #expect(!v.pretty.hasSuffix("\n"))
        let words = JSONValue.array((0..<30).map { .string("word\($0)") })
        #expect(words.pretty.split(separator: "\n").count == 32, "a long list of strings is one item per line")
    }

    @Test func equalityIsByValue() {
        #expect(JSONValue.object([("a", 1), ("b", 2)]) == JSONValue.object([("b", 2.0), ("a", 1)]))
        #expect(JSONValue.array([1, 2]) != JSONValue.array([2, 1]))
        #expect(JSONValue.string("1") != JSONValue.number(1))
        let object: JSONValue = ["a": 1]
        #expect(object["a"] == 1 && JSONValue.array([])["a"] == nil)
    }
}
