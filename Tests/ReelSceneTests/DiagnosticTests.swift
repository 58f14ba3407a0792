import Foundation
import Testing

@testable import ReelScene

/// How diagnostics are collected: all of a file's problems in one run, sorted, bounded, and
/// hostile documents stopped early. (The table of single mistakes is in MalformedScenes.)
@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func everyProblemIsReportedInOneRun() {
        let found = problems(
            """
            reel: 1
            canvas: { size: [10, 10], duration: 1 }
            layers:
              - { name: a, opacity: 3 }
              - { name: b, positon: [0, 0] }
            timeline:
              - at: 0
                set: { c: { opacity: 1 } }
            """)
        #expect(
            found == [
                "4:25: opacity must be between 0 and 1, found 3",
                "5:16: unknown key 'positon' in layer 'b' (did you mean 'position'?)",
                "8:12: unknown layer 'c'"  // no "did you mean 'a'": one letter is no typo of another
            ])
    }

    @Test func problemsFoundWhileParsingComeWithTheRest() {
        // Duplicate keys and unknown tags do not stop the parse, so the decoder still runs.
        let found = problems(
            "reel: 1\nreel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [{ name: a, opacity: !!binary 0.5 }]\n")
        #expect(
            found == [
                "2:1: duplicate key 'reel' in the same map (first at 1:1); remove one",
                "4:30: the YAML tag '!!binary' is not part of the scene format; remove it"
            ])
    }

    @Test func repeatedMistakesAreCappedWithACount() {
        // A generated file with the same mistake 2000 times prints a screenful and a count.
        let layers = (0..<2000).map { "  - { name: l\($0), opacity: 2 }" }.joined(separator: "\n")
        let found = problems("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n\(layers)\n")
        #expect(found.count == 501)
        #expect(found.first == "4:26: opacity must be between 0 and 1, found 2")
        #expect(found.last == "504:28: too many problems: 1500 more not shown (fix these first)")
    }

    @Test func suggestionsStopForWordsNoNameIsCloseTo() {
        // A 1000-character key costs no edit-distance search (it is no typo of a property).
        let long = String(repeating: "x", count: 1000)
        let found = problems(sceneText(layer: "{ name: box, \(long): 1 }"))
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("4:18: unknown key 'xxxxxxxx") == true)
        #expect(found.first?.contains("…' in layer 'box'") == true, "long names are cut in messages")
    }

    @Test func aliasBombsAreStopped() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<9 {
            text +=
                "a\(i): &a\(i) [*a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1)]\n"
        }
        let found = problems(text)
        // Reported where the budget runs out: the alias that would repeat the millionth node.
        #expect(found == ["6:45: YAML aliases repeat more than 1000000 nodes (aliases of aliases multiply)"])
    }
}
