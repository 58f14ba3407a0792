import Foundation
import Testing

@testable import ReelCore

/// Parent ↔ local time has one owner: `TimingEvaluator` writes Core Animation's formula,
/// `local = (parent − beginTime) × speed + timeOffset`, and its inverse; `LayerClock` chains it
/// through a layer's ancestors; everything else asks them.
@Suite("One clock")
struct OneClockTests {
    /// The formula's shapes: a beginTime or timeOffset subtracted and the difference scaled by a
    /// speed — `(t - x.beginTime) * x.speed`, `(t - x.timeOffset) / x.speed` — or a speed-scaled
    /// time shifted by one — `* x.speed + x.timeOffset`, `/ x.speed + x.beginTime`.
    static let formula = [
        #"-\s*[\w.]*\b(beginTime|timeOffset)\s*\)\s*[*/]"#,
        #"[*/]\s*(abs\()?[\w.]*\bspeed\)?\s*[-+]\s*[\w.]*\b(beginTime|timeOffset)\b"#
    ]
    static let owner = "ReelCore/Timing/TimingEvaluator.swift"

    /// Lines of Swift source matching the formula, comments left out, as "path:line: text".
    static func formulaLines(under sources: URL) throws -> [String] {
        let patterns = try formula.map { try NSRegularExpression(pattern: $0) }
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.path.dropFirst(sources.path.count + 1))
            for (n, line) in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").enumerated() {
                let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
                let range = NSRange(code.startIndex..., in: code)
                if patterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
                    found.append("\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found.sorted()
    }

    @Test func noCopyOfTheTimeFormulaOutsideItsOwner() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources"
        )
        .standardizedFileURL
        let lines = try Self.formulaLines(under: sources)
        // The owner's own lines show the patterns find the formula at all.
        #expect(lines.contains { $0.hasPrefix(Self.owner + ":") }, "the patterns no longer find the owner's formula")
        #expect(lines.filter { !$0.hasPrefix(Self.owner + ":") } == [], "ask TimingEvaluator / LayerClock instead")
    }

    @Test func theFormulaPatternsFindTheCopiesThereWere() throws {
        // The copies this suite replaced, as they were written.
        let copies = [
            "let local = (t - c.beginTime) * c.speed + c.timeOffset",
            "c = (c - layer.modelState.beginTime) * layer.modelState.speed + layer.modelState.timeOffset",
            "x = (x - n.timeOffset) / n.speed + n.beginTime",
            "return chain.reversed().reduce(t) { x, n in (x - n.beginTime) * n.speed + n.timeOffset }"
        ]
        let patterns = try Self.formula.map { try NSRegularExpression(pattern: $0) }
        for copy in copies {
            let range = NSRange(copy.startIndex..., in: copy)
            #expect(patterns.contains { $0.firstMatch(in: copy, range: range) != nil }, "\(copy)")
        }
    }

    @Test func aLayerClockChainsCoreAnimationsFormulaBothWays() throws {
        // Scene → parent (beginTime 1, speed 2) → child (timeOffset 3, speed −0.5).
        let parent = LayerClock.chain(nil, beginTime: 1, speed: 2, timeOffset: 0)
        let child = try #require(LayerClock.chain(parent, beginTime: 0, speed: -0.5, timeOffset: 3))
        // At scene 5: parent (5 − 1) × 2 = 8; child 8 × −0.5 + 3 = −1.
        #expect(child.localTime(atSceneTime: 5) == -1)
        #expect(child.sceneTime(atLocalTime: -1) == 5)
        #expect(child.runsBackwards && parent?.runsBackwards == false)
        #expect(LayerClock.chain(nil, beginTime: 0, speed: 1, timeOffset: 0) == nil, "identity timing adds no link")
        // Paused on the way: local time stands at the pause's timeOffset, and has no scene time.
        let pause = LayerClock.chain(nil, beginTime: 0, speed: 0, timeOffset: 4)
        let paused = try #require(LayerClock.chain(pause, beginTime: 1, speed: 2, timeOffset: 0))
        #expect(paused.localTime(atSceneTime: 0) == 6 && paused.localTime(atSceneTime: 100) == 6)
        #expect(paused.sceneTime(atLocalTime: 6) == nil)
    }
}
