import Foundation
import Testing

@testable import ReelCore

/// Compiling leaves every layer as it was, so a scene compiles (and renders, and gives stills)
/// the same every time — layers built beforehand and first touched by the timeline included.
@Suite("Restoring layers after compiling")
struct RestoreTests {
    @Test func aLayerInsertedByTheTimelineIsRestored() throws {
        let (scene, box) = makeScene()
        let late = CALayer()
        late.name = "late"
        scene.at(1) { box.addSublayer(late) }
        scene.at(2) { late.position.x += 10 }
        let a = try scene.compile(), b = try scene.compile()
        #expect(a.state("late", at: 3).position.x == 10 && b.state("late", at: 3).position.x == 10)
        #expect(late.superlayer == nil && late.position.x == 0 && box.sublayers == nil)
    }

    @Test func removedMovedAndMaskingLayersComeBack() throws {
        let (scene, box) = makeScene()
        let other = CALayer(), child = CALayer(), m = CALayer()
        other.name = "other"
        scene.rootLayer.addSublayer(other)
        box.addSublayer(child)
        scene.at(1) {
            other.addSublayer(child)  // moved
            box.removeFromSuperlayer()  // removed
            other.mask = m  // a detached layer becomes a mask
        }
        scene.at(2) { box.mask = m }  // the mask moves
        let a = try scene.compile()
        #expect(child.superlayer === box && box.sublayers?.first === child)
        #expect(box.superlayer === scene.rootLayer && other.sublayers == nil)
        #expect(other.mask == nil && box.mask == nil && m.superlayer == nil)
        let b = try scene.compile()
        #expect(
            a.layerNames == b.layerNames
                && a.presentation(at: 3).sublayers.count == b.presentation(at: 3).sublayers.count)
        #expect(b.presentation(at: 3, layerNamed: "box") == nil && b.presentation(at: 0.5, layerNamed: "box") != nil)
    }
}
