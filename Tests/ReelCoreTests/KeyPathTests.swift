import Foundation
import Testing

@testable import ReelCore

@Suite("Key paths")
struct KeyPathTests {
    @Test(arguments: [
        "position", "position.x", "bounds.size.width", "bounds.origin", "transform.rotation.z",
        "transform.rotation", "transform.scale", "transform.scale.y", "transform.translation.x",
        "transform.translation", "backgroundColor", "opacity", "anchorPoint.y", "sublayerTransform.rotation.x"
    ])
    func parsesAndPrints(path: String) throws {
        let p = try #require(LayerKeyPath(path))
        // `transform.rotation` is an alias of `transform.rotation.z`.
        #expect(p.description == (path == "transform.rotation" ? "transform.rotation.z" : path))
    }

    @Test(arguments: [
        "positon", "position.z", "bounds.size.depth", "transform.rotation.w", "opacity.x", "", "transform.scale.x.y"
    ])
    func rejectsUnknownPaths(path: String) {
        #expect(LayerKeyPath(path) == nil)
    }

    @Test func kindsFollowThePath() {
        #expect(LayerKeyPath("position")!.kind == .point)
        #expect(LayerKeyPath("position.x")!.kind == .number)
        #expect(LayerKeyPath("bounds.size")!.kind == .size)
        #expect(LayerKeyPath("transform.translation")!.kind == .size)
        #expect(LayerKeyPath("transform.rotation.z")!.kind == .number)
        #expect(LayerKeyPath("borderColor")!.kind == .color)
    }

    @Test func setsOnlyTheField() {
        var s = LayerState()
        s.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        LayerKeyPath("bounds.size.width")!.set(&s, .number(30))
        #expect(s.bounds == CGRect(x: 1, y: 2, width: 30, height: 4))
        LayerKeyPath("position.y")!.set(&s, .number(9))
        #expect(s.position == CGPoint(x: 0, y: 9))
    }

    @Test func transformComponentsReplaceOneComponent() {
        var s = LayerState()
        s.transform = CATransform3DMakeScale(2, 2, 1)
        LayerKeyPath("transform.rotation.z")!.set(&s, .number(.pi / 2))
        // The scale survives; the rotation is set.
        #expect(close(s.transform, CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), .pi / 2, 0, 0, 1), 1e-12))
        #expect(close(LayerKeyPath("transform.rotation.z")!.get(s).number!, .pi / 2))
        #expect(close(LayerKeyPath("transform.scale.x")!.get(s).number!, 2))
        LayerKeyPath("transform.translation.x")!.set(&s, .number(7))
        #expect(s.transform.m41 == 7)
        var t = LayerState()
        LayerKeyPath("transform.scale")!.set(&t, .number(3))
        #expect(t.transform == CATransform3DMakeScale(3, 3, 3))
        #expect(LayerKeyPath("transform.scale")!.get(t).number == 3)
    }
}
