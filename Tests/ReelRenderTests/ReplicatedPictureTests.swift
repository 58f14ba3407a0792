import CCairo
import Foundation
import ReelCore
import ReelScene
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

    @Test func thePictureHoldsOnlyWhereTheSublayersPaint() throws {
        // The dashboard's grid: five one-point lines 80 points apart on a card that does not
        // clip. Each copy is the line moved, so the picture needs the line's pixels (780 × 1,
        // one more each side for antialiasing), not every pixel of the 1920 × 1080 frame.
        let timeline = try SceneLoader.decode(
            text: """
                reel: 1
                canvas: { size: [1920, 1080], duration: 1 }
                layers:
                  - { class: replicator, frame: [120, 170, 780, 321], instanceCount: 5, \
                instanceTransform: { translate: [0, 80] }, sublayers: [{ frame: [0, 0, 780, 1], backgroundColor: gray }] }
                """, file: "grid.yaml"
        ).scene.compile()
        let layer = try #require(timeline.presentation(at: 0).sublayers.first)
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: 1920, height: 1080)
        let region = try surface.withContext { cr in
            // The replicator's space: its frame's origin, as the painter sets it.
            cr.setMatrix(cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 120, y0: 170))
            let moves = try #require(ReplicatedPicture.deviceMoves(layer.state, cr.matrix))
            return try #require(ReplicatedPicture.pictureRegion(layer, cr, moves: moves, context: RenderContext()))
        }
        #expect(region.x0 == 119 && region.x1 == 901)
        #expect(region.y0 == 169 && region.y1 == 172)
        // Every copy still lands on the frame: the lines are drawn at y = 170, 250, … 490.
        let b = try renderScene(
            """
            reel: 1
            canvas: { size: [1920, 1080], duration: 1, background: black }
            layers:
              - { class: replicator, frame: [120, 170, 780, 321], instanceCount: 5, \
            instanceTransform: { translate: [0, 80] }, sublayers: [{ frame: [0, 0, 780, 1], backgroundColor: red }] }
            """)
        for y in [170, 250, 330, 410, 490] { #expect(b.color(500, y) == Self.red) }
        #expect(b.color(500, 171) == Self.black && b.color(500, 569) == Self.black)
    }
}
