import Foundation
import ReelCore
import ReelRender
import Testing

/// A replicator with instance colour offsets, turned in perspective (issue 34's scene): it drew
/// nothing at all, because an instance's tint group inside the flattened layer was an unbounded
/// recording. Expected pixels by hand at the centre of each instance: the turn about y and the
/// perspective leave the points on the replicator's vertical axis (x = 0, z = 0) in place, so
/// instance 0's centre is at (450, 120) and instance 1's (translated by 110) at (450, 230).
@Suite struct ReplicatorPerspectiveTests {
    static func scene(offset: String) -> String {
        """
        reel: 1
        canvas: { size: [600, 400], fps: 30, duration: 1, background: "#202020" }
        layers:
          - name: pl
            position: [450, 120]
            bounds: [0, 0, 0, 0]
            sublayerTransform: { perspective: 1100 }
            sublayers:
              - { name: d, class: replicator, position: [0, 0], bounds: [0, 0, 100, 100],
                  transform: { rotate: 20deg, axis: [0, 1, 0] }, instanceCount: 2,
                  instanceTransform: { translate: [0, 110] }, \(offset),
                  sublayers: [{ name: fd, frame: [0, 0, 100, 100], backgroundColor: yellow }] }
        """
    }

    @Test(arguments: [true, false])
    func anAlphaOffsetFadesTheSecondInstance(caching: Bool) throws {
        let b = try renderScene(Self.scene(offset: "instanceAlphaOffset: -0.5"), caching: caching)
        #expect(b.color(450, 120) == [255, 255, 0, 255])
        // Yellow at alpha 0.5 over #202020: 0.5 × 255 + 0.5 × 32 = 143.5; blue 0.5 × 32 = 16.
        #expect(near(b.color(450, 230), [144, 144, 16, 255]), "\(b.color(450, 230))")
    }

    @Test func aRedOffsetTintsTheSecondInstance() throws {
        let b = try renderScene(Self.scene(offset: "instanceRedOffset: -0.5"))
        #expect(b.color(450, 120) == [255, 255, 0, 255])
        // Yellow × (0.5, 1, 1): red 127.5.
        #expect(near(b.color(450, 230), [128, 255, 0, 255]), "\(b.color(450, 230))")
    }
}
