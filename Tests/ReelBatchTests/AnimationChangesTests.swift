import Foundation
import Reel
import ReelTestSupport
import Testing

/// `reel diff`'s "what changed in the animations": fields compared per layer and key path.
@Suite struct AnimationChangesTests {
    /// A card sliding down (`duration`, `timing`) and a ring drawing itself.
    static func scene(duration: String = "0.5", timing: String = "easeIn", ringTo: String = "1") -> String {
        """
        reel: 1
        canvas: { size: [160, 90], fps: 10, duration: 2 }
        layers:
          - { name: card, position: [80, 20], bounds: [0, 0, 40, 20], backgroundColor: white }
          - { name: ring, class: CAShapeLayer, path: "M 10 10 L 50 10", strokeColor: white }
        timeline:
          - at: 0.2
            add: { layer: card, key: slide, animation: { keyPath: position.y, fromValue: 20, toValue: 70,
                   duration: \(duration), timingFunction: \(timing) } }
          - at: 0
            add: { layer: ring, key: draw, animation: { keyPath: strokeEnd, fromValue: 0, toValue: \(ringTo), duration: 1 } }
        """
    }

    static func changes(_ a: String, _ b: String) throws -> AnimationChanges {
        let folder = try ScratchFolder()
        let first = try RenderJob(scene: folder.write("a.yaml", a)).load()
        let second = try RenderJob(scene: folder.write("b.yaml", b)).load()
        return AnimationChanges(first.timeline, second.timeline)
    }

    @Test func aChangedDurationIsNamedWithBothValues() throws {
        let changes = try Self.changes(Self.scene(), Self.scene(duration: "0.8")).changes
        #expect(
            changes == [
                AnimationChange(
                    layer: "card", keyPath: "position.y", key: "slide", kind: .changed,
                    fields: [FieldChange(name: "duration", a: "0.5 s", b: "0.8 s")])
            ])
    }

    @Test func aChangedTimingFunctionIsNamedWithBothCurves() throws {
        let result = try Self.changes(Self.scene(), Self.scene(timing: "easeOut"))
        let change = try #require(result.changes.first)
        #expect(result.changes.count == 1 && change.layer == "card" && change.keyPath == "position.y")
        #expect(change.fields == [FieldChange(name: "timingFunction", a: "easeIn", b: "easeOut")])
        #expect(result.summary.contains("  card position.y “slide”:\n    timingFunction: easeIn → easeOut\n"))
    }

    @Test func valuesAndAddedOrRemovedAnimations() throws {
        let values = try Self.changes(Self.scene(), Self.scene(ringTo: "0.5")).changes
        #expect(values.map(\.fields) == [[FieldChange(name: "toValue", a: "1", b: "0.5")]])
        // B adds a fade to the ring: only in B.
        let fade =
            "\n  - at: 1\n    add: { layer: ring, key: fade, animation: { keyPath: opacity, toValue: 0, duration: 0.5 } }"
        let added = try Self.changes(Self.scene(), Self.scene() + fade).changes
        #expect(added == [AnimationChange(layer: "ring", keyPath: "opacity", key: "fade", kind: .added, fields: [])])
        let removed = try Self.changes(Self.scene() + fade, Self.scene()).changes
        #expect(removed.map(\.kind) == [.removed])
        let same = try Self.changes(Self.scene(), Self.scene())
        #expect(same.changes.isEmpty && same.summary == "animations: unchanged\n")
    }

    @Test func jsonListsEachField() throws {
        let json = try Self.changes(Self.scene(), Self.scene(duration: "0.8")).json.compact
        #expect(
            json
                == #"[{"layer":"card","keyPath":"position.y","key":"slide","change":"changed","fields":[{"name":"duration","a":"0.5 s","b":"0.8 s"}]}]"#
        )
    }
}
