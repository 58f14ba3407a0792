import Foundation
import Reel
import Testing

/// The diagram's bars against times worked out by hand from Core Animation's timing rules.
@Suite("Timing diagram: bar positions")
struct TimingModelTests {
    /// Four small cases, one per layer (`a<b & "c">` also checks that names are escaped in SVG):
    /// - `a<b & "c">`: added at 1 s, beginTime 0.5 (→ 1.5 s), duration 1, autoreverses, repeatCount 1.25,
    ///   fill both, kept: cycle 2 s, active 2.5 s → active 1.5…4; back half 2.5…3.5; iteration 1 from
    ///   3.5, stopping half way up (progress 0.5); filled backwards 1…1.5 and forwards 4…10.
    /// - `b`: added at 2 s, duration 2, speed 2, timeOffset 0.5, repeatCount 2, removed on completion:
    ///   active 4 local s = 2 scene s → 2…4 (removed at 4); local time (t − 2)·2 + 0.5 reaches the
    ///   2 s cycle at t = 2.75 and 3.75.
    /// - `c`: the layer's speed is 0.5, so a 1 s animation added at 0 runs 0…2 s, then fills forwards.
    /// - `d`: a 2 s group added at 0.5 s with a child of duration 1 and beginTime 0.5: the child is
    ///   active 1…2 s; the group is removed at 2.5 s.
    static let scene = """
        reel: 1
        canvas: { size: [200, 100], fps: 10, duration: 10 }
        layers:
          - { name: 'a<b & "c">', bounds: [0, 0, 10, 10] }
          - { name: b, bounds: [0, 0, 10, 10] }
          - { name: c, bounds: [0, 0, 10, 10], speed: 0.5 }
          - { name: d, bounds: [0, 0, 10, 10] }
        timeline:
          - at: 0
            add: { layer: c, key: slow, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 1,
                   fillMode: forwards, removedOnCompletion: false } }
          - at: 0.5
            add: { layer: d, key: grp, animation: { class: CAAnimationGroup, duration: 2,
                   animations: [{ keyPath: opacity, fromValue: 0, toValue: 1, duration: 1, beginTime: 0.5 }] } }
          - at: 1
            add: { layer: 'a<b & "c">', key: ar, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 1,
                   beginTime: 0.5, autoreverses: true, repeatCount: 1.25, fillMode: both, removedOnCompletion: false } }
          - at: 2
            add: { layer: b, key: fast, animation: { keyPath: position.x, fromValue: 0, toValue: 100, duration: 2, speed: 2,
                   timeOffset: 0.5, repeatCount: 2 } }
        """

    static func diagram() throws -> TimingDiagram {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-timing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("model.yaml").path
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        return try TimingDiagram(job: RenderJob(scene: path).load())
    }

    static func bar(_ diagram: TimingDiagram, layer: String) throws -> TimingBar {
        let row = try #require(diagram.rows.first { $0.name == layer })
        return try #require(row.bars.first)
    }

    func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }
    func near(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
    }

    @Test func rowsFollowTheLayerTree() throws {
        let d = try Self.diagram()
        #expect(d.rows.map(\.name) == ["root", "a<b & \"c\">", "b", "c", "d"])
        #expect(d.rows.map(\.depth) == [0, 1, 1, 1, 1])
        #expect(d.rows.map(\.bars.count) == [0, 1, 1, 1, 1])
    }

    @Test func beginTimeAutoreverseFractionalRepeatAndFillBoth() throws {
        let bar = try Self.bar(try Self.diagram(), layer: "a<b & \"c\">")
        #expect(bar.key == "ar")
        #expect(near(bar.activeStart, 1.5))
        #expect(near(bar.activeEnd, 4))
        #expect(near(bar.reverseStarts, [2.5]))
        #expect(near(bar.repeatStarts, [3.5]))
        #expect(near(bar.fillBefore?.lowerBound, 1) && near(bar.fillBefore?.upperBound, 1.5))
        #expect(near(bar.fillAfter?.lowerBound, 4) && near(bar.fillAfter?.upperBound, 10))
        #expect(bar.removedAt == .infinity)
        // Progress: 0 while filling backwards, 1 at the turn, 0.5 when the half iteration stops.
        let after = try #require(bar.spans.last)
        #expect(abs((after.curve.last?.progress ?? -1) - 0.5) < 1e-9)
        #expect(bar.spans.first?.curve.allSatisfy { $0.progress == 0 } == true)
    }

    @Test func speedAndTimeOffsetMoveRepeats() throws {
        let bar = try Self.bar(try Self.diagram(), layer: "b")
        #expect(near(bar.activeStart, 2))
        #expect(near(bar.activeEnd, 4))
        #expect(near(bar.repeatStarts, [2.75, 3.75]))
        #expect(bar.fillBefore == nil && bar.fillAfter == nil)
        #expect(near(bar.removedAt, 4))
        // The time offset starts it a quarter through: linear progress 0.25.
        #expect(abs((bar.spans.first?.curve.first?.progress ?? -1) - 0.25) < 1e-9)
    }

    @Test func layerSpeedStretchesTheBar() throws {
        let bar = try Self.bar(try Self.diagram(), layer: "c")
        #expect(near(bar.activeStart, 0))
        #expect(near(bar.activeEnd, 2))
        #expect(near(bar.fillAfter?.lowerBound, 2) && near(bar.fillAfter?.upperBound, 10))
        // Halfway through the scene time of its active period, halfway through its progress.
        let active = try #require(bar.spans.first { $0.phase == .active })
        let mid = try #require(active.curve.first { abs($0.time - 1) < 1e-9 })
        #expect(abs(mid.progress - 0.5) < 1e-9)
    }

    @Test func groupChildrenNestInGroupTime() throws {
        let bar = try Self.bar(try Self.diagram(), layer: "d")
        #expect(bar.kind == .group)
        #expect(near(bar.activeStart, 0.5))
        #expect(near(bar.removedAt, 2.5))
        let child = try #require(bar.children.first)
        #expect(child.keyPaths == ["opacity"])
        #expect(near(child.activeStart, 1))
        #expect(near(child.activeEnd, 2))
        #expect(child.spans.count == 1)
    }

    @Test func eventsAndTransactionsAreTheTimelines() throws {
        let d = try Self.diagram()
        #expect(d.transactions.map(\.time) == [0, 0.5, 1, 2])
        #expect(d.transactions.map(\.cause) == [.entry(0), .entry(1), .entry(2), .entry(3)])
        #expect(d.transactions.allSatisfy { $0.explicitAnimations == 1 && $0.implicitAnimations == 0 })
        // Every didStart / didStop that `reel inspect --events` lists, in its order.
        let stops = d.events.filter { $0.kind == .didStop }.map { "\($0.layer ?? "") \($0.time)" }
        #expect(
            stops == ["c 2.0", "d 2.5", "a<b & \"c\"> 4.0", "b 4.0"]
                || stops == ["c 2.0", "d 2.5", "b 4.0", "a<b & \"c\"> 4.0"])
    }
}
