import Foundation
import ReelCore
import Testing

/// The read-only view review tools (timing diagrams) take of a compiled timeline: the layer
/// outline, layer local times, the backward half of autoreversing cycles and the transactions.
@Suite("Timeline outline for review")
struct TimelineOutlineTests {
    final class Mover: CAAnimationDelegate {
        let layer: CALayer
        init(_ layer: CALayer) { self.layer = layer }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { layer.position = CGPoint(x: 90, y: 10) }
    }

    @Test func reversingIsTheBackHalfOfEachCycle() {
        var t = MediaTiming()
        t.duration = 1; t.autoreverses = true; t.repeatCount = 2; t.beginTime = 1
        #expect(!TimingEvaluator.isReversing(t, parentTime: 1.5))
        #expect(TimingEvaluator.isReversing(t, parentTime: 2.5))
        #expect(!TimingEvaluator.isReversing(t, parentTime: 3.25))
        #expect(TimingEvaluator.isReversing(t, parentTime: 4.75))
        #expect(!TimingEvaluator.isReversing(t, parentTime: 0.5), "no effect before it begins")
        t.autoreverses = false
        #expect(!TimingEvaluator.isReversing(t, parentTime: 1.75))
    }

    @Test func outlineListsLayersInTreeOrderWithTheirAnimations() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), fps: 10, duration: 4))
        let a = CALayer(), b = CALayer(), mask = CALayer(), late = CALayer()
        a.name = "a"; b.name = "b"; mask.name = "m"; late.name = "late"
        a.addSublayer(b)
        a.mask = mask
        scene.rootLayer.addSublayer(a)
        b.speed = 2
        scene.at(1) {
            let spin = CABasicAnimation(keyPath: "opacity")
            spin.toValue = 0
            spin.duration = 1
            b.add(spin, forKey: "fade")
            scene.rootLayer.addSublayer(late)
        }
        let timeline = try scene.compile()
        let outline = timeline.layerOutline
        #expect(outline.map(\.name) == ["root", "a", "b", "m", "late"])
        #expect(outline.map(\.depth) == [0, 1, 2, 2, 1])
        #expect(outline.map(\.isMask) == [false, false, false, true, false])
        let fade = try #require(outline[2].animations.first)
        #expect(fade.key == "fade" && !fade.isImplicit && fade.addedAt == 1)
        // b's clock runs twice as fast: its 1 s animation begins at local time 2 and ends at scene time 1.5.
        #expect(fade.track.timing.beginTime == 2 && abs(fade.removedAt - 1.5) < 1e-9)
        #expect(fade.track.kind == .basic && fade.track.keyPaths == ["opacity"])
        let times = timeline.layerLocalTimes(at: 3)
        #expect(times[outline[2].id] == 6 && times[outline[1].id] == 3)
        #expect(timeline.layerLocalTimes(at: 0.5)[outline[4].id] == nil, "not in the tree before it is added")
    }

    @Test func transactionsSayWhatRanThemAndWhatTheyMade() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), fps: 10, duration: 4))
        let box = CALayer()
        box.name = "box"
        scene.rootLayer.addSublayer(box)
        scene.at(1) { box.opacity = 0.5 }  // an implicit animation
        scene.at(2) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { box.backgroundColor = CGColor(red: 1, green: 0, blue: 0) }
            let move = CABasicAnimation(keyPath: "position.x")
            move.toValue = 50
            move.duration = 0.5
            move.delegate = Mover(box)
            box.add(move, forKey: "move")
            CATransaction.commit()
        }
        scene.at(3) {}  // changes nothing: not recorded
        let records = try scene.compile().transactions
        #expect(records.map(\.time) == [1, 2, 2.5, 2.5])
        #expect(records.map(\.cause) == [.entry(0), .entry(1), .delegate, .completion])
        #expect(
            records[0].implicitAnimations == 1 && records[0].explicitAnimations == 0
                && records[0].changedLayers == ["box"])
        #expect(records[1].explicitAnimations == 1 && records[1].changedLayers.isEmpty)
        // The delegate moves the box and the completion block colours it, both with implicit animations.
        #expect(records[2].changedLayers == ["box"] && records[2].implicitAnimations == 1)
        #expect(records[3].changedLayers == ["box"] && records[3].implicitAnimations == 1)
    }
}
