import Foundation
import ReelCore
import ReelScene
import Testing

@testable import ReelRender

/// Shadows cast from a known shape (an opaque rounded layer with its content inside) instead of
/// the layer's drawn alpha: the same picture, without an offscreen pass, from a cached mask.
@Suite("Shadow shapes")
struct ShadowShapeTests {
    /// A shadowed card with text and a clipped photo-like child inside, moving by fractions of a
    /// pixel. `extra` adds layers to the card.
    static func scene(extra: String = "", background: String = "white") -> String {
        """
        reel: 1
        canvas: { size: [360, 220], duration: 2, background: "#E8ECF2" }
        layers:
          - name: card
            position: [150.3, 100.7]
            bounds: [0, 0, 220, 120]
            cornerRadius: 18
            backgroundColor: "\(background)"
            shadowOpacity: 0.5
            shadowRadius: 12
            shadowOffset: [0, 8]
            sublayers:
              - { class: text, frame: [16, 14, 180, 30], string: "Reminders that fit", fontSize: 20, foregroundColor: "#1D3557" }
              - { frame: [16, 56, 120, 48], cornerRadius: 10, masksToBounds: true, backgroundColor: "#457B9D",
                  sublayers: [{ frame: [-20, 10, 200, 10], backgroundColor: "#E63946" }] }
        \(extra)
        timeline:
          - at: 0
            add: { layer: card, key: x, animation: { keyPath: position.x, fromValue: 150.3, toValue: 201.9, duration: 2 } }
        """
    }

    /// A faint sublayer on the card's rounded corner: over the opaque background it changes no
    /// pixel, but its place is too near the edge to vouch for the shape, so the shadow is cast
    /// from the drawn alpha — the reference for the shape's shadow.
    static let forceAlpha = "      - { name: probe, frame: [0, 0, 1, 1], backgroundColor: \"#FFFFFF01\" }"

    /// Largest difference of any channel, over every pixel.
    static func worst(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.premultipliedRGBA(x: x, y: y), q = b.premultipliedRGBA(x: x, y: y)
                worst = max(
                    worst, abs(Int(p.0) - Int(q.0)), abs(Int(p.1) - Int(q.1)), abs(Int(p.2) - Int(q.2)),
                    abs(Int(p.3) - Int(q.3)))
            }
        }
        return worst
    }

    func tree(_ yaml: String, at t: Double = 0) throws -> PresentationLayer {
        try SceneLoader.decode(text: yaml, file: "s.yaml").scene.compile().presentation(at: t)
    }

    @Test func anOpaqueCardWithItsContentInsideCastsItsRoundedRectangle() throws {
        let card = try #require(try tree(Self.scene()).sublayers.first)
        #expect(
            ShadowShape.of(card, RenderContext())
                == .roundedRect(card.state.bounds, radius: 18, corners: card.state.maskedCorners, curve: .circular))
        let probe = try #require(
            try tree(
                Self.scene(extra: "").replacingOccurrences(
                    of: "      - { class: text", with: Self.forceAlpha + "\n      - { class: text")
            ).sublayers.first)
        #expect(
            ShadowShape.of(probe, RenderContext()) == nil,
            "a sublayer on the corner may reach past the rounded edge: the drawn alpha decides")
        let empty = try #require(
            try tree(
                Self.scene().replacingOccurrences(
                    of: "      - { class: text",
                    with: "      - { name: bar, frame: [0, 0, 0, 10], backgroundColor: red }\n      - { class: text")
            ).sublayers.first)
        #expect(ShadowShape.of(empty, RenderContext()) != nil, "a sublayer that paints nothing changes no alpha")
        let translucent = try #require(try tree(Self.scene(background: "#FFFFFFF0")).sublayers.first)
        #expect(
            ShadowShape.of(translucent, RenderContext()) == nil,
            "a translucent background lets the content's alpha through")
        let overflowing = try #require(
            try tree(
                Self.scene().replacingOccurrences(
                    of: "frame: [16, 14, 180, 30], string: \"Reminders that fit\"",
                    with: "frame: [16, 14, 180, 30], string: \"Reminders that fit in no card at all\"")
            ).sublayers.first)
        #expect(
            ShadowShape.of(overflowing, RenderContext()) == nil,
            "text that runs past the card's edge is part of its silhouette")
    }

    /// Replicated grid lines count by every instance: inside the card they leave its shape the
    /// shadow's caster; one instance past the edge makes the drawn alpha decide.
    @Test(arguments: [(5, true), (7, false)])
    func replicatedGridLinesInsideACard(_ count: Int, _ inside: Bool) throws {
        // Lines at y = 30, 50, … 30 + 20·(count − 1): the seventh, at 150, is below the card's 120.
        let grid = """
                  - { class: replicator, frame: [10, 30, 200, 81], instanceCount: \(count),
                      instanceTransform: { translate: [0, 20] }, sublayers: [{ frame: [0, 0, 200, 1], backgroundColor: "#DDE2EE" }] }
            """
        let card = try #require(
            try tree(
                Self.scene().replacingOccurrences(of: "      - { class: text", with: grid + "\n      - { class: text")
            ).sublayers.first)
        #expect(card.sublayers.contains { $0.kind == .replicator })
        let shape = ShadowShape.of(card, RenderContext())
        #expect((shape != nil) == inside, "\(count) instances: \(String(describing: shape))")
    }

    @Test func aRoundedCardInsideARoundedFrameIsInside() {
        let phone = RoundedBox(rect: CGRect(x: 1, y: 1, width: 428, height: 878), radius: 59)
        #expect(phone.contains(RoundedBox(rect: CGRect(x: 14, y: 14, width: 402, height: 852), radius: 48)))
        #expect(
            !phone.contains(RoundedBox(rect: CGRect(x: 14, y: 14, width: 402, height: 852), radius: 0)),
            "its square corner pokes out")
        #expect(!phone.contains(RoundedBox(rect: CGRect(x: 0, y: 300, width: 40, height: 40), radius: 0)))
        #expect(
            phone.contains(RoundedBox(rect: CGRect(x: 1, y: 300, width: 40, height: 40), radius: 0)),
            "along a straight edge")
    }

    /// The shape's cached shadow, placed at a quarter pixel for σ = 12, against the shadow of the
    /// drawn alpha at its exact position: within two levels, frame after frame as it moves.
    @Test func theShapesShadowIsTheDrawnAlphasShadow() throws {
        let shape = try SceneLoader.decode(text: Self.scene(), file: "a.yaml").scene.compile()
        let alpha = try SceneLoader.decode(
            text: Self.scene().replacingOccurrences(
                of: "      - { class: text", with: Self.forceAlpha + "\n      - { class: text"), file: "b.yaml"
        ).scene.compile()
        let fast = FrameRenderer(canvas: shape.canvas), reference = FrameRenderer(canvas: alpha.canvas)
        for time in [0.0, 0.37, 0.8, 1.21, 1.9] + (0..<12).map({ 0.5 + Double($0) / 60 }) {
            let a = fast.makeBuffer(), b = reference.makeBuffer()
            fast.render(shape, at: time, into: a)
            reference.render(alpha, at: time, into: b)
            #expect(Self.worst(a, b) <= 2, "t = \(time)")
        }
        // The mask is made once per phase and reused: the cache hits.
        #expect(fast.cache!.statistics.hits > 0)
    }

    /// A layer with a shadowPath and nothing else (no background, or a transparent one) casts
    /// the path's shadow, as in Core Animation; it drew nothing before.
    static func shadowOnly(_ fill: String, mask: Bool = false) -> String {
        """
        reel: 1
        canvas: { size: [160, 100], duration: 1, background: white }
        layers:
          - { name: s, position: [60, 50], bounds: [0, 0, 80, 50]\(fill), shadowOpacity: 0.6, shadowRadius: 6, shadowOffset: [4, 6],
              shadowPath: { rect: [0, 0, 80, 50], cornerRadius: 12 }\(mask ? ", mask: { frame: [0, 0, 200, 30], backgroundColor: black }" : "") }
          - { name: t, class: shape, position: [135, 50], bounds: [0, 0, 30, 60], shadowOpacity: 1, shadowRadius: 2, shadowOffset: [0, 0],
              shadowPath: { ellipse: [0, 0, 30, 60] } }
        """
    }

    @Test(arguments: ["", ", backgroundColor: transparent"], [true, false])
    func aLayerWithOnlyAShadowPathCastsItsShadow(_ fill: String, _ caching: Bool) throws {
        let b = try renderScene(Self.shadowOnly(fill), caching: caching)
        try Golden.check(b, "shadow-path-only")
        // Under the layer, darkest: the path's shadow (0.6 black, offset (4, 6)) is there.
        let centre = b.color(64, 56)
        #expect(centre[0] < 140 && centre[0] == centre[2], "\(centre)")
        // Far outside the path and its blur: white.
        #expect(b.color(2, 2) == [255, 255, 255, 255])
        #expect(b.color(135, 50)[0] < 60, "the shape layer with no path casts its ellipse's shadow")
    }

    @Test func theShadowOfAShadowPathOnlyLayerIsTheSameAsUnderABody() throws {
        // With an opaque white body on white, the picture is the same outside the body.
        let shadowOnly = try renderScene(Self.shadowOnly(""))
        let withBody = try renderScene(Self.shadowOnly(", backgroundColor: white"))
        var worst = 0
        for y in 0..<100 {
            for x in 0..<160 where !(20...100).contains(x) || !(25...75).contains(y) {
                worst = max(worst, zip(shadowOnly.color(x, y), withBody.color(x, y)).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 1)
    }

    @Test func aMaskCutsAShadowPathOnlyLayersShadow() throws {
        let b = try renderScene(Self.shadowOnly("", mask: true))
        // The layer's top-left is at (20, 25); the mask keeps its first 30 points (y < 55).
        #expect(b.color(64, 45)[0] < 140, "inside the mask: \(b.color(64, 45))")
        #expect(b.color(64, 62) == [255, 255, 255, 255], "below the mask")
    }
}
