import Foundation
import ReelCore
import ReelScene
import Testing

@testable import ReelRender

/// Where a layer can paint: never smaller than what it paints (groups are clipped to it), and
/// for strokes no larger than their joins and caps reach (a shadow is cast from a card's shape
/// only when its content is known to stay inside).
@Suite("Layer extents")
struct LayerExtentTests {
    /// A zigzag with 24° corners (miters 4.9 half-widths long) stroked 16 wide.
    static func zigzag(join: String, cap: String, miterLimit: Double) -> String {
        """
        reel: 1
        canvas: { size: [240, 300], duration: 1, background: "#000000" }
        layers:
          - { name: zigzag, class: shape, frame: [0, 0, 240, 300], path: "M40 250 L80 60 L120 250 L160 60 L200 250",
              fillColor: null, strokeColor: white, lineWidth: 16, lineJoin: \(join), lineCap: \(cap), miterLimit: \(miterLimit) }
        """
    }

    static func timeline(_ yaml: String) throws -> Timeline {
        try SceneLoader.decode(text: yaml, file: "z.yaml").scene.compile()
    }

    /// The scene's first layer at time 0.
    static func firstLayer(_ timeline: Timeline) throws -> PresentationLayer {
        try #require(timeline.presentation(at: 0).sublayers.first)
    }

    /// Whether `outer` holds `inner`, edge by edge (Foundation's `contains` compares a recomputed
    /// union for equality, which rounding breaks for fractional boxes).
    static func holds(_ outer: CGRect, _ inner: CGRect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    /// The box of the pixels a render of `timeline` painted (on black).
    static func ink(_ timeline: Timeline) -> CGRect {
        let renderer = FrameRenderer(canvas: timeline.canvas, caching: false)
        let buffer = renderer.makeBuffer()
        renderer.render(timeline, at: 0, into: buffer)
        var box = CGRect.null
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.premultipliedRGBA(x: x, y: y).r > 0 {
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box
    }

    @Test(arguments: ["miter", "round", "bevel"], ["butt", "round", "square"])
    func aStrokeStaysInItsExtent(_ join: String, _ cap: String) throws {
        // Limit 5: the 4.9-half-width miters are drawn and just fit (a reach any shorter fails).
        for miterLimit in [10.0, 5, 3] {
            let timeline = try Self.timeline(Self.zigzag(join: join, cap: cap, miterLimit: miterLimit))
            let extent = try #require(LayerExtent.of(try Self.firstLayer(timeline), shadow: false, RenderContext()))
            let ink = Self.ink(timeline)
            // One pixel of antialiasing on each side (what `LayerExtent.clip` adds).
            #expect(
                Self.holds(extent.insetBy(dx: -1, dy: -1), ink),
                "\(join) join, \(cap) cap, limit \(miterLimit): ink \(ink) outside \(extent)")
            let path = CGRect(x: 40, y: 60, width: 160, height: 190)
            if join != "miter" && cap != "square" {
                // Round and bevel joins, round and butt caps: half the width around the path.
                #expect(extent == path.insetBy(dx: -8, dy: -8), "\(join) join, \(cap) cap: \(extent)")
            }
            if join == "miter" && miterLimit >= 5 {
                // The miters are drawn (4.9 < 5) and reach 39 px above the corners.
                #expect(ink.minY < 60 - 30, "\(ink)")
            }
        }
        // A dashed curve: each dash has the caps.
        let curve = Self.zigzag(join: join, cap: cap, miterLimit: 10)
            .replacingOccurrences(
                of: "M40 250 L80 60 L120 250 L160 60 L200 250", with: "M30 250 C70 -60 150 360 210 60"
            )
            .replacingOccurrences(of: "miterLimit: 10.0 }", with: "miterLimit: 10.0, lineDashPattern: [18, 9] }")
        let dashed = try Self.timeline(curve)
        let layer = try Self.firstLayer(dashed)
        #expect(layer.state.lineDashPattern != nil)
        let extent = try #require(LayerExtent.of(layer, shadow: false, RenderContext()))
        let ink = Self.ink(dashed)
        #expect(
            extent.insetBy(dx: -1, dy: -1).contains(ink),
            "dashed curve, \(join) join, \(cap) cap: ink \(ink) outside \(extent)")
    }

    /// A replicator paints every instance (delayed or not): when they are moved, its extent holds
    /// them all; turned or scaled ones are not measured.
    @Test(arguments: ["{ translate: [0, 40] }", "{ translate: [30, 12] }", "{ rotate: 40deg }"])
    func aReplicatorsInstancesStayInItsExtent(_ transform: String) throws {
        let timeline = try Self.timeline(
            """
            reel: 1
            canvas: { size: [300, 300], duration: 1, background: "#000000" }
            layers:
              - { class: replicator, frame: [60, 40, 120, 60], instanceCount: 4, instanceDelay: 0.1,
                  instanceTransform: \(transform), sublayers: [{ frame: [10, 10, 40, 8], backgroundColor: white }] }
            """)
        let layer = try Self.firstLayer(timeline)
        guard transform.contains("translate") else {
            #expect(LayerExtent.of(layer, shadow: false, RenderContext()) == nil)
            return
        }
        let extent = try #require(LayerExtent.of(layer, shadow: false, RenderContext()))
        let placed = extent.offsetBy(dx: 60, dy: 40)
        let ink = Self.ink(timeline)
        #expect(placed.insetBy(dx: -1, dy: -1).contains(ink), "\(transform): ink \(ink) outside \(placed)")
        // The first instance alone is 40 × 8: the others are counted.
        #expect(extent.width * extent.height > 2 * 40 * 8, "\(transform): \(extent)")
    }

    @Test func aMiterLimitThatIsNotANumberBevelsAndAnInfiniteOneIsNotBounded() throws {
        #expect(LayerExtent.strokeReach(join: .miter, cap: .butt, miterLimit: .nan) == 1)
        #expect(LayerExtent.strokeReach(join: .miter, cap: .butt, miterLimit: .infinity) == .infinity)
        let layer = try Self.firstLayer(try Self.timeline(Self.zigzag(join: "miter", cap: "butt", miterLimit: 10)))
        var state = layer.state
        state.miterLimit = .infinity
        #expect(LayerExtent.of(layer.with(state: state), shadow: false, RenderContext()) == nil)
    }

    @Test("a card with a round-joined check mark inside casts its rounded rectangle's shadow")
    func aRoundJoinedStrokeInsideACard() throws {
        func card(join: String) -> String {
            """
            reel: 1
            canvas: { size: [600, 400], duration: 1 }
            layers:
              - name: card
                position: [300, 200]
                bounds: [0, 0, 420, 300]
                cornerRadius: 36
                backgroundColor: white
                shadowOpacity: 0.45
                shadowRadius: 40
                sublayers:
                  - { class: shape, frame: [0, 0, 420, 300], fillColor: null, strokeColor: "#2EC4B6", lineWidth: 22,
                      lineCap: round, lineJoin: \(join), path: "M135 155 L190 210 L290 100" }
            """
        }
        let round = try Self.firstLayer(try Self.timeline(card(join: "round")))
        #expect(
            ShadowShape.of(round, RenderContext())
                == .roundedRect(round.state.bounds, radius: 36, corners: round.state.maskedCorners, curve: .circular))
        // The check mark's 87° corner mitres 1.45 half-widths (16 px) out: inside the card too.
        let miter = try Self.firstLayer(try Self.timeline(card(join: "miter")))
        #expect(ShadowShape.of(miter, RenderContext()) != nil)
        // A 44° corner 20 px below the top mitres 1 / sin 22° = 2.65 half-widths (29 px): past it.
        let spike = card(join: "miter").replacingOccurrences(of: "L190 210 L290 100", with: "L190 20 L245 155")
        let sharp = try Self.firstLayer(try Self.timeline(spike))
        #expect(ShadowShape.of(sharp, RenderContext()) == nil)
    }
}
