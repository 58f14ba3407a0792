import Foundation
import ReelCore
import ReelRender
import Testing

/// A push transition is not cut off at the layer's edge: on iOS the sides slide past it (over
/// the neighbours) unless masksToBounds clips them (docs/rendering.md gives the evidence).
/// Half-way through a push from the right, old (red) has moved 50 points left and new (blue)
/// stands 50 points right of the 100-point-wide layer at x 10…110.
@Suite struct TransitionClipTests {
    static func scene(masksToBounds: Bool) -> String {
        """
        reel: 1
        canvas: { size: [120, 80], duration: 2, background: black }
        layers:
          - { name: view, frame: [10, 10, 100, 60], backgroundColor: red, masksToBounds: \(masksToBounds) }
        timeline:
          - at: 0
            disableActions: true
            set: { view: { backgroundColor: blue } }
            add: { layer: view, key: change, animation: { class: transition, duration: 1, type: push,
                   subtype: fromRight, timingFunction: linear } }
        """
    }

    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255], black = [0, 0, 0, 255]

    @Test func aPushShowsPastTheLayersEdge() throws {
        let b = try renderScene(Self.scene(masksToBounds: false), at: 0.5)
        #expect(b.color(5, 40) == Self.red)
        #expect(b.color(115, 40) == Self.blue)
        // Inside the layer, as before.
        #expect(b.color(40, 40) == Self.red && b.color(80, 40) == Self.blue)
        // Only the layer's height slides.
        #expect(b.color(5, 5) == Self.black)
    }

    @Test func masksToBoundsClipsThePush() throws {
        let b = try renderScene(Self.scene(masksToBounds: true), at: 0.5)
        #expect(b.color(5, 40) == Self.black)
        #expect(b.color(115, 40) == Self.black)
        #expect(b.color(40, 40) == Self.red && b.color(80, 40) == Self.blue)
    }
}
