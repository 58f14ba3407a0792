import Foundation
import ReelCore
import ReelRender
import Testing

/// A replicator's copy of a CATransformLayer card whose two faces are single-sided (red front,
/// blue back turned 180° about y). A copy turned 180° about y shows the card's back; a copy
/// mirrored by a negative scale is not turned, so it shows the front, mirrored (the rule CSS
/// `backface-visibility` writes down from WebKit's Core Animation implementation).
@Suite struct MirroredFacesTests {
    static func scene(instanceTransform: String) -> String {
        """
        reel: 1
        canvas: { size: [200, 100], duration: 1, background: black }
        layers:
          - { name: copies, class: replicator, frame: [0, 0, 200, 100], instanceCount: 2,
              instanceTransform: \(instanceTransform), sublayers: [
                { name: card, class: transformLayer, frame: [0, 0, 100, 100], sublayers: [
                  { name: front, frame: [0, 0, 100, 100], backgroundColor: red, doubleSided: false },
                  { name: back, frame: [0, 0, 100, 100], backgroundColor: blue, doubleSided: false,
                    transform: { rotate: 180deg, axis: [0, 1, 0] } }] }] }
        """
    }

    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255]

    @Test func aCopyTurnedHalfWayRoundShowsTheBack() throws {
        // Turned about the replicator's centre (100, 50): the card lands on the right half.
        let b = try renderScene(Self.scene(instanceTransform: "{ rotate: 180deg, axis: [0, 1, 0] }"))
        #expect(b.color(50, 50) == Self.red)
        #expect(b.color(150, 50) == Self.blue)
    }

    @Test func aMirroredCopyShowsTheFront() throws {
        let b = try renderScene(Self.scene(instanceTransform: "{ scale: [-1, 1] }"))
        #expect(b.color(50, 50) == Self.red)
        #expect(b.color(150, 50) == Self.red)
    }

    @Test func aMirrorIsNotATurnButTwoMirrorsAre() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(!CATransform3DMakeScale(-1, 1, 1).showsBack(of: bounds))
        #expect(CATransform3DMakeRotation(.pi, 0, 1, 0).showsBack(of: bounds))
        // A turn seen in a mirror is still a turn: the back shows.
        let turnedInMirror = CATransform3DMakeRotation(.pi, 0, 1, 0).concatenating(CATransform3DMakeScale(-1, 1, 1))
        #expect(turnedInMirror.showsBack(of: bounds))
        // Under perspective, a quarter turn and a little more shows the back.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(CATransform3DMakeRotation(.pi * 0.6, 0, 1, 0).concatenating(perspective).showsBack(of: bounds))
        #expect(!CATransform3DMakeRotation(.pi * 0.4, 0, 1, 0).concatenating(perspective).showsBack(of: bounds))
    }
}
