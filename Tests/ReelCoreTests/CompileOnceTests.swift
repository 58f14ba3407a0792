import Foundation
import Testing

@testable import ReelCore

/// A scene keeps its compiled timeline: rendering, then making a still and a sheet, runs its
/// closures once. Changing the scene compiles again.
@Suite("Compiling once")
struct CompileOnceTests {
    /// A layer with state of its own that compiling cannot restore (a custom-drawn gauge's value).
    final class Gauge: CALayer {
        var value = 0.25
    }

    @Test func closuresRunOnceUntilTheSceneChanges() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 2))
        let gauge = Gauge()
        gauge.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        scene.rootLayer.addSublayer(gauge)
        var runs = 0
        var valuesSeen: [Double] = []
        scene.at(1) {
            runs += 1
            valuesSeen.append(gauge.value)
            gauge.value = 0.8
            gauge.position = CGPoint(x: 50, y: 50)
        }
        let first = try scene.compile()
        let second = try scene.compile()
        #expect(first.presentation(at: 1.5).sublayers.count == second.presentation(at: 1.5).sublayers.count)
        #expect(runs == 1)
        #expect(second.presentation(at: 1.5).sublayers.first?.model.position == CGPoint(x: 50, y: 50))

        // A change to a layer outside the timeline: compiled again (and the subclass's value is
        // what the closure left, as it would be on iOS after the code ran).
        gauge.opacity = 0.5
        _ = try scene.compile()
        #expect(runs == 2)
        #expect(valuesSeen == [0.25, 0.8])

        // A new entry: compiled again.
        scene.at(1.5) {}
        _ = try scene.compile()
        #expect(runs == 3)
    }

    /// A scene with one sublayer, whose closure counts the compiles.
    final class CountedScene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 2))
        let box = CALayer()
        var compiles = 0

        init() {
            box.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            scene.rootLayer.addSublayer(box)
            scene.at(1) { [unowned self] in
                compiles += 1
                box.position = CGPoint(x: 50, y: 50)
            }
        }

        func compile() throws { _ = try scene.compile() }
    }

    @Test func changingOneScenesLayersLeavesAnotherScenesTimelineCompiled() throws {
        let a = CountedScene(), b = CountedScene()
        try a.compile()
        try b.compile()
        #expect((a.compiles, b.compiles) == (1, 1))

        a.box.opacity = 0.5
        try a.compile()
        try b.compile()
        #expect((a.compiles, b.compiles) == (2, 1), "only the changed scene compiles again")

        // A layer in neither scene belongs to no timeline.
        let loose = CALayer()
        loose.opacity = 0.3
        loose.addSublayer(CALayer())
        try a.compile()
        try b.compile()
        #expect((a.compiles, b.compiles) == (2, 1))

        // A sublayer added below B's box changes B's tree.
        b.box.addSublayer(loose)
        try a.compile()
        try b.compile()
        #expect((a.compiles, b.compiles) == (2, 2))
        loose.sublayers?.first?.opacity = 0.7
        try a.compile()
        try b.compile()
        #expect((a.compiles, b.compiles) == (2, 3), "a change deep in B's tree is B's")

        // Moved from B to A: both trees change.
        a.scene.rootLayer.addSublayer(loose)
        try a.compile()
        try b.compile()
        #expect((a.compiles, b.compiles) == (3, 4))
    }

    @Test func aLayerTheTimelineInsertsIsTheScenes() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 2))
        // Built beforehand, outside the tree: the closure brings it in (compiling takes it out again).
        let badge = CALayer(), dot = CALayer()
        badge.addSublayer(dot)
        var runs = 0
        scene.at(1) {
            runs += 1
            scene.rootLayer.addSublayer(badge)
        }
        let first = try scene.compile()
        #expect(badge.superlayer == nil && runs == 1)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0)
        let second = try scene.compile()
        #expect(runs == 2, "the inserted layer's sublayer changed what the timeline draws")
        #expect(first.presentation(at: 1.5).sublayers.first?.sublayers.first?.model.backgroundColor == nil)
        #expect(
            second.presentation(at: 1.5).sublayers.first?.sublayers.first?.model.backgroundColor
                == CGColor(red: 1, green: 0, blue: 0))
    }
}
