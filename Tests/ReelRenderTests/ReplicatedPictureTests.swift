import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// Replicator copies that are the first copy's pixels moved by whole device pixels are painted
/// from one drawing (`ReplicatedPicture`); what they show is still Core Animation's rule: each
/// copy is the sublayers under the instance transform applied i times about the centre.
@Suite struct ReplicatedPictureTests {
    static let red = [255, 0, 0, 255], green = [0, 255, 0, 255], black = [0, 0, 0, 255]

    /// A 200 × 100 black frame with a two-instance replicator over it of one sublayer.
    static func replicated(_ instance: String, sublayer: String) throws -> PixelBuffer {
        try renderScene(
            """
            reel: 1
            canvas: { size: [200, 100], duration: 1, background: black }
            layers:
              - { class: replicator, frame: [0, 0, 200, 100], instanceCount: 2, \(instance), sublayers: [\(sublayer)] }
            """)
    }

    @Test func aCopyShowsWhatTheFirstCopyHasOffTheFrame() throws {
        // The sublayer lies above the frame (rows −40…0); its copy, 60 points lower, is on it.
        let b = try Self.replicated(
            "instanceTransform: { translate: [0, 60] }", sublayer: "{ frame: [0, -40, 100, 40], backgroundColor: red }")
        #expect(b.color(50, 10) == Self.black)
        #expect(b.color(50, 40) == Self.red)
        #expect(b.color(150, 40) == Self.black)
    }

    @Test func aMirroredCopyFadesByTheAlphaOffset() throws {
        // Mirrored about the replicator's centre (y = 50): rows 0…30 land on rows 70…100, at
        // alpha 1 − 0.5 over black.
        let b = try Self.replicated(
            "instanceTransform: { scale: [1, -1] }, instanceAlphaOffset: -0.5",
            sublayer: "{ frame: [0, 0, 100, 30], backgroundColor: \"#00FF00\" }")
        #expect(b.color(50, 15) == Self.green)
        #expect(b.color(50, 50) == Self.black)
        #expect(near(b.color(50, 85), [0, 128, 0, 255]))
        #expect(b.color(150, 85) == Self.black)
    }

    @Test func movesAreWholePixelsOrNothing() {
        var s = LayerState()
        s.bounds = CGRect(x: 0, y: 0, width: 1280, height: 430)
        s.instanceCount = 2
        // The carousel's reflection, `[{ translate: [0, 320] }, { scale: [1, -1] }]`, as Core
        // Animation composes it (CATransform3DScale of the translation: the mirror acts first),
        // about the centre (y = 215): y ↦ −(y − 215) + 215 + 320 = 750 − y, mirrored at y = 375.
        s.instanceTransform = CATransform3DMakeScale(1, -1, 1).concatenating(CATransform3DMakeTranslation(0, 320, 0))
        let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        let moves = ReplicatedPicture.deviceMoves(s, identity)
        #expect(moves?.count == 1)
        if let m = moves?.first {
            #expect([m.xx, m.yx, m.xy, m.yy, m.x0, m.y0] == [1, 0, 0, -1, 0, 750])
        }
        // At a scale of 1.5 the same move is still whole pixels (1125 − y); half a point is not.
        #expect(ReplicatedPicture.deviceMoves(s, cairo_matrix_t(xx: 1.5, yx: 0, xy: 0, yy: 1.5, x0: 0, y0: 0)) != nil)
        s.instanceTransform = CATransform3DMakeTranslation(0.5, 0, 0)
        #expect(ReplicatedPicture.deviceMoves(s, identity) == nil)
        // A turn that is not a quarter turn moves no pixel onto a pixel.
        s.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        #expect(ReplicatedPicture.deviceMoves(s, identity) == nil)
    }
}
