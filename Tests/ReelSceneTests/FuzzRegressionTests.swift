import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Inputs tools/fuzz found (and their kin): each once crashed, hung, leaked or allocated without
/// bound, and must not again.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// Decodes and, when valid, compiles; the outcome does not matter, getting here does.
    func survive(_ text: String, limits: SceneLimits = SceneLimits()) {
        if let scene = try? SceneLoader.decode(bytes: Array(text.utf8), file: "f.yaml", limits: limits).scene {
            _ = try? scene.compile()
        }
    }

    @Test func scenesWhoseHandlersAddAnimationsAreFreed() throws {
        // LeakSanitizer: events → handler → body → add → events was a cycle, leaking every layer
        // of such a scene (every scene of a long-running batch).
        weak var layer: CALayer?
        weak var root: CALayer?
        do {
            let scene = try SceneLoader.decode(
                text: sceneText(
                    timeline: """
                          - at: 0
                            add: { layer: box, key: a, animation: { keyPath: opacity, toValue: 0, duration: 1 } }
                          - on: { layer: box, key: a, event: didStop }
                            add: { layer: box, key: b, animation: { keyPath: opacity, toValue: 1, duration: 1 } }
                        """), file: "t.yaml"
            ).scene
            let timeline = try scene.compile()
            #expect(timeline.events.count == 4, "the handler still runs: a, then b, start and stop")
            layer = scene.rootLayer.sublayers?.first
            root = scene.rootLayer
        }
        #expect(layer == nil && root == nil)
    }

    @Test func deeplyNestedDocumentsAreCutOffNotRecursedInto() {
        // 100 000 nested lists overflowed the stack of the recursive composer. Now libyaml's
        // scanner stops at its bound of 1000…
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(
            problems("reel: 1\ncanvas: \(deep)\n") == [
                "2:10: the document is nested more than 144 levels deep (raise it with --max-depth)"
            ])
        // …and below it the composer skips what is too deep and carries on with the rest.
        let nested = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(
            problems("reel: 1\ncanvas: \(nested)\nlayers: 5\n") == [
                "2:9: 'canvas' must be a map of keys to values, found a list of 1",
                "2:152: the document is nested more than 144 levels deep (raise it with --max-depth)",
                "3:9: 'layers' must be a list of layers, back to front; found the number 5"
            ])
    }

    @Test func templatesThatContainEachOtherThroughGroupsEndWithAnError() {
        // A group whose child uses the template being decoded recursed until the stack overflowed.
        let found = problems(
            """
            reel: 1
            canvas: { size: [10, 10], duration: 1 }
            animations:
              a: { class: group, animations: [a] }
            """)
        #expect(found == ["4:35: animation templates contain each other in a cycle: a → a"])
    }

    /// The time limit only guards against a hang (10¹⁰ animations); the decoder's count is the bound.
    @Test(.timeLimit(.minutes(5))) func templatesMultiplyingThroughGroupsAreBounded() throws {
        // Ten levels of groups of ten uses of the level below: 10^10 animations, cut at the limit
        // (a small one here: the cut is the same at any limit, and the default takes seconds).
        var text =
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nanimations:\n  t0: { keyPath: opacity, toValue: 1 }\n"
        for i in 1...10 {
            text +=
                "  t\(i): { class: group, animations: [\(Array(repeating: "t\(i - 1)", count: 10).joined(separator: ", "))] }\n"
        }
        var limits = SceneLimits()
        limits.maxAnimations = 1_000
        let decoder = SceneDecoder(
            file: "f.yaml", limits: limits, images: nil, baseDirectory: URL(fileURLWithPath: "/"))
        let parser = SceneParser(
            maxNesting: limits.maxNesting, maxNodes: limits.maxNodes, diagnostics: decoder.diagnostics)
        _ = decoder.decode(try #require(parser.parse(Array(text.utf8))))
        #expect(
            decoder.diagnostics.sorted.contains { $0.message.contains("the scene builds more than 1000 animations") })
        // Past the limit, each group open on the way down (ten levels) is refused its remaining
        // children (ten each) one by one: the count stops near the limit, not at 10^10.
        #expect(decoder.animationCount <= 1_000 + 10 * 10, "\(decoder.animationCount) animations counted")
    }

    @Test func longTemplateChainsDoNotRecurse() {
        // 20 000 templates each using the next: expanded iteratively.
        var text = "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nanimations:\n"
        for i in 0..<20_000 { text += "  t\(i): { use: t\(i + 1) }\n" }
        text += "  t20000: { keyPath: opacity, toValue: 1 }\n"
        let limits = {
            var l = SceneLimits(); l.maxAnimations = 100; return l
        }()
        survive(text, limits: limits)
    }

    @Test func manyDifferentSpringsWithoutDurationsAreCheap() throws {
        // Each spring without a duration plays for its settling duration. Finding it once took a
        // simulation of up to an hour of the spring's motion (70 ms); it now samples only the
        // last period before the decay envelope falls below the threshold, so a file of
        // differently tuned springs loads at once. (No timing here: the count is the test.)
        let adds = (0..<400).map { i in
            "      - { layer: box, key: s\(i), animation: { class: spring, keyPath: opacity, toValue: 1, damping: \(5 + i % 50), mass: \(1 + Double(i) / 100) } }"
        }
        let text = sceneText(timeline: "  - at: 0\n    add:\n" + adds.joined(separator: "\n"))
        #expect(problems(text) == [])
    }

    @Test func hugeNumbersAreErrorsNotOverflows() {
        // Int(fps × duration) trapped for durations like 1e300; sizes likewise.
        survive("reel: 1\ncanvas: { size: [1e300, 1e300], duration: 1e300, scale: 16 }\n")
        #expect(
            problems("reel: 1\ncanvas: { size: [1e308, 10], duration: 1 }\n").first?.contains("the frame would be")
                == true)
    }
}
