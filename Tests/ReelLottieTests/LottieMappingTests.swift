import Foundation
import ReelCore
import ReelScene
import Testing

/// Lottie documents mapped to layers and animations. Expected values follow from the Lottie
/// format (Bodymovin's transform: the anchor placed at the position, scaled and rotated about
/// it; keyframe easing from `o` and `i`; layers visible from `ip` up to `op`) and Core
/// Animation's rules, computed here independently of Reel.
@Suite struct LottieMappingTests {
    static let red = [255, 0, 0], blue = [0, 0, 255]

    @Test func aLottieIsRecognisedByContentAndSetsTheCanvas() throws {
        let loaded = try loadLottie(lottie("", w: 320, h: 180, fr: 25, ip: 10, op: 60))
        let canvas = loaded.scene.canvas
        #expect(canvas.size == CGSize(width: 320, height: 180))
        #expect(canvas.fps == 25)
        // (op − ip) / fr.
        #expect(canvas.duration == 2)
        #expect(canvas.background == nil, "Lottie animations are drawn on a transparent background")
    }

    @Test func positionMovesWithTheKeyframesBezierEasing() throws {
        // From x 0 at frame 0 to x 100 at frame 20 (2 s at 10 fps), eased by o (0.42, 0), i (0.58, 1).
        let ks = """
            {"p": {"a": 1, "k": [
              {"t": 0, "s": [0, 50], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}},
              {"t": 20, "s": [100, 50]}]}}
            """
        let timeline = try loadLottie(lottie(shapeLayer("mover", shapes: "", ks: ks))).scene.compile()
        for t in [0.2, 0.5, 1.0, 1.7] {
            let x = try #require(timeline.presentation(at: t, layerNamed: "mover")).state.position.x
            let expected = 100 * bezierEasing((0.42, 0), (0.58, 1), at: t / 2)
            #expect(abs(x - expected) < 1e-3, "at \(t) s")
        }
        // After the last keyframe the value holds (fill forwards).
        #expect(timeline.presentation(at: 2.5, layerNamed: "mover")?.state.position.x == 100)
    }

    @Test func positionFollowsTheMotionPathsTangents() throws {
        // From (0, 100) to (100, 100) over frames 10…20 with control points 50 above each end,
        // after a still stretch: the cubic's midpoint, 0.125 P0 + 0.375 P1 + 0.375 P2 + 0.125 P3,
        // is (50, 62.5), and by symmetry it is also halfway along the curve.
        let ks = """
            {"p": {"a": 1, "k": [
              {"t": 0, "s": [0, 100], "to": [0, 0], "ti": [0, 0]},
              {"t": 10, "s": [0, 100], "to": [0, -50], "ti": [0, -50]},
              {"t": 20, "s": [100, 100]}]}}
            """
        let timeline = try loadLottie(lottie(shapeLayer("arc", shapes: "", ks: ks))).scene.compile()
        let still = try #require(timeline.presentation(at: 0.5, layerNamed: "arc")).state.position
        #expect(still == CGPoint(x: 0, y: 100))
        let middle = try #require(timeline.presentation(at: 1.5, layerNamed: "arc")).state.position
        #expect(abs(middle.x - 50) < 1e-6 && abs(middle.y - 62.5) < 1e-6, "\(middle)")
        #expect(timeline.presentation(at: 2.5, layerNamed: "arc")?.state.position == CGPoint(x: 100, y: 100))
    }

    @Test func aHoldKeyframeKeepsItsValueUntilTheNextOne() throws {
        let ks = """
            {"o": {"a": 1, "k": [{"t": 0, "s": [100], "h": 1}, {"t": 10, "s": [0], "h": 1}, {"t": 20, "s": [50]}]}}
            """
        let timeline = try loadLottie(lottie(shapeLayer("blink", shapes: "", ks: ks))).scene.compile()
        func opacity(_ t: Double) -> CGFloat? { timeline.presentation(at: t, layerNamed: "blink")?.state.opacity }
        #expect(opacity(0.5) == 1)
        #expect(opacity(0.99) == 1)
        #expect(opacity(1.0) == 0)
        #expect(opacity(1.5) == 0)
        #expect(opacity(2.5) == 0.5)
    }

    @Test func aLayerIsVisibleFromItsInPointUpToItsOutPoint() throws {
        let timeline = try loadLottie(lottie(shapeLayer("flash", shapes: "", ip: 10, op: 20))).scene.compile()
        func hidden(_ t: Double) -> Bool? { timeline.presentation(at: t, layerNamed: "flash")?.state.isHidden }
        #expect(hidden(0.5) == true)
        #expect(hidden(1.0) == false)
        #expect(hidden(1.9) == false)
        #expect(hidden(2.0) == true)
    }

    @Test func anchorScaleAndRotationAreAboutThePosition() throws {
        // Content point q = (30, 0) with a (10, 0), s (200 %, 100 %), r 90°, p (100, 100):
        // p + R(90°) · S · (q − a) = (100, 100) + R(90°) · (40, 0) = (100, 140) on a y-down screen.
        let ks = """
            {"a": {"a": 0, "k": [10, 0]}, "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [200, 100]},
             "r": {"a": 0, "k": 90}}
            """
        let frame = try render(
            lottie(shapeLayer("turned", shapes: square(x: 30, y: 0, side: 10, rgb: [1, 0, 0]), ks: ks)), at: 0)
        #expect(isColor(frame, 100, 140, Self.red))
        // Scaled along the layer's x, which now points down: 10 wide, 20 tall.
        #expect(isColor(frame, 100, 148, Self.red))
        #expect(!isColor(frame, 108, 140, Self.red))
        // Not where the other rotation, or none, would put it.
        #expect(!isColor(frame, 100, 60, Self.red))
        #expect(!isColor(frame, 140, 100, Self.red))
    }

    @Test func aParentLendsItsTransformButNotItsOpacity() throws {
        let parent = """
            {"ty": 3, "nm": "mover", "ind": 1, "ip": 0, "op": 30, "st": 0,
             "ks": {"p": {"a": 0, "k": [50, 0]}, "o": {"a": 0, "k": 0}}}
            """
        let child = shapeLayer(
            "child", shapes: square(x: 20, y: 20, side: 10, rgb: [1, 0, 0]), extra: #", "ind": 2, "parent": 1"#)
        let frame = try render(lottie(parent + "," + child), at: 0)
        #expect(isColor(frame, 70, 20, Self.red), "moved by the parent, and visible though the parent's opacity is 0")
        #expect(!isColor(frame, 20, 20, Self.red))
    }

    @Test func theFirstLayerAndTheFirstShapeItemAreOnTop() throws {
        let blueUnder = square(x: 50, y: 50, side: 40, rgb: [0, 0, 1])
        let redOver = square(x: 50, y: 50, side: 20, rgb: [1, 0, 0])
        let items = try render(lottie(shapeLayer("items", shapes: redOver + "," + blueUnder)), at: 0)
        #expect(isColor(items, 50, 50, Self.red))
        #expect(isColor(items, 50, 35, Self.blue))
        let layers = try render(
            lottie(shapeLayer("top", shapes: redOver) + "," + shapeLayer("bottom", shapes: blueUnder)), at: 0)
        #expect(isColor(layers, 50, 50, Self.red))
    }

    @Test func aStrokeMapsWidthCapJoinMiterAndTrim() throws {
        let shapes = """
            {"ty": "gr", "nm": "g", "it": [
              {"ty": "el", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [80, 80]}},
              {"ty": "st", "nm": "outline", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 50},
               "w": {"a": 0, "k": 6}, "lc": 2, "lj": 3, "ml": 7},
              {"ty": "tm", "s": {"a": 0, "k": 75}, "e": {"a": 0, "k": 25}, "o": {"a": 0, "k": 0}, "m": 1},
              {"ty": "tr"}]}
            """
        let timeline = try loadLottie(lottie(shapeLayer("ring", shapes: shapes))).scene.compile()
        let state = try #require(timeline.presentation(at: 0, layerNamed: "outline")).state
        #expect(state.lineWidth == 6)
        #expect(state.lineCap == .round)
        #expect(state.lineJoin == .bevel)
        #expect(state.miterLimit == 7)
        #expect(state.opacity == 0.5)
        #expect(state.strokeColor == CGColor(red: 0, green: 1, blue: 0))
        #expect(state.fillColor == nil)
        // A start after the end trims the same stretch.
        #expect(state.strokeStart == 0.25)
        #expect(state.strokeEnd == 0.75)
    }

    @Test func anAnimatedTrimEndBecomesStrokeEnd() throws {
        let shapes = """
            {"ty": "el", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [80, 80]}},
            {"ty": "st", "nm": "line", "c": {"a": 0, "k": [1, 1, 1]}, "w": {"a": 0, "k": 2}},
            {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}
            """
        let timeline = try loadLottie(lottie(shapeLayer("draw", shapes: shapes))).scene.compile()
        let end = try #require(timeline.presentation(at: 0.25, layerNamed: "line")).state.strokeEnd
        #expect(abs(end - 0.25) < 1e-9, "keyframes without easing are linear")
    }

    @Test func aLayersStartTimeDoesNotShiftItsOwnKeyframes() throws {
        // Keyframes are exported in composition time; lottie-ios applies `st` only to a
        // precomp's layers. Opacity 0 → 100 over frames 0…10 (1 s), whatever the layer's `st`.
        let ks = #"{"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}}"#
        let timeline = try loadLottie(lottie(shapeLayer("late", shapes: "", ks: ks, st: 5)))
            .scene.compile()
        let opacity = try #require(timeline.presentation(at: 0.5, layerNamed: "late")).state.opacity
        #expect(abs(opacity - 0.5) < 1e-9)
    }

    @Test func anAlphaTrackMatteShowsTheNextLayerOnlyWhereItIsOpaque() throws {
        // The matte (td) is a blue square on the left; the layer after it (tt: 1) is red all over.
        let matte = shapeLayer(
            "matte", shapes: square(x: 50, y: 100, side: 60, rgb: [0, 0, 1]), extra: #", "td": 1"#)
        let shown = shapeLayer(
            "shown", shapes: square(x: 100, y: 100, side: 200, rgb: [1, 0, 0]), extra: #", "tt": 1"#)
        let frame = try render(lottie(matte + "," + shown), at: 0)
        #expect(isColor(frame, 50, 100, Self.red), "red where the matte is, and the matte itself not drawn")
        #expect(frame.rgba(x: 150, y: 100).a == 0, "nothing where the matte is not")
    }

    @Test func aGradientFillPaintsItsPathsFromStartToEnd() throws {
        // Red at x 50 to blue at x 150, over the square 50…150; opacity stops keep it opaque.
        let shapes = """
            {"ty": "rc", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
            {"ty": "gf", "t": 1, "s": {"a": 0, "k": [50, 0]}, "e": {"a": 0, "k": [150, 0]}, "o": {"a": 0, "k": 100},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1]}}}
            """
        let frame = try render(lottie(shapeLayer("gradient", shapes: shapes)), at: 0)
        #expect(isColor(frame, 52, 100, gradientRed))
        #expect(isColor(frame, 148, 100, gradientBlue))
        let middle = frame.rgba(x: 100, y: 100)
        #expect(abs(Int(middle.r) - Int(middle.b)) < 20 && middle.r > 90 && middle.a > 250, "\(middle)")
        #expect(frame.rgba(x: 30, y: 100).a == 0, "only inside the path")
    }

    @Test func anAdditiveMaskDrawsOnlyWhatItCovers() throws {
        // A red square over the whole canvas, masked by the closed path around (0…100, 0…100).
        let mask = """
            , "masksProperties": [{"mode": "a", "inv": false, "o": {"a": 0, "k": 100},
              "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [100, 0], [100, 100], [0, 100]]}}}]
            """
        let frame = try render(
            lottie(shapeLayer("masked", shapes: square(x: 100, y: 100, side: 200, rgb: [1, 0, 0]), extra: mask)), at: 0)
        #expect(isColor(frame, 50, 50, Self.red))
        #expect(frame.rgba(x: 150, y: 150).a == 0)
    }

    @Test func aSolidIsARectangleOfItsColourAtTheOrigin() throws {
        let solid = ##"{"ty": 1, "nm": "bg", "ip": 0, "op": 30, "sc": "#0000ff", "sw": 60, "sh": 40, "ks": {}}"##
        let frame = try render(lottie(solid), at: 0)
        #expect(isColor(frame, 30, 20, Self.blue))
        #expect(frame.rgba(x: 70, y: 20).a == 0)
        #expect(frame.rgba(x: 30, y: 50).a == 0)
    }

    @Test func aPrecompIsClippedAndShiftedByItsStartTime() throws {
        // The precomp's layer is visible from its frame 0 to 10; the precomp starts at frame 10.
        let inner = shapeLayer("inner", shapes: square(x: 50, y: 50, side: 200, rgb: [1, 0, 0]), ip: 0, op: 10)
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        let layer =
            #"{"ty": 0, "nm": "pre", "refId": "comp", "w": 100, "h": 100, "ip": 0, "op": 30, "st": 10, "ks": {}}"#
        let text = lottie(layer, assets: assets)
        let before = try render(text, at: 0.5)
        #expect(before.rgba(x: 50, y: 50).a == 0, "the precomp's layer is not in yet")
        let during = try render(text, at: 1.5)
        #expect(isColor(during, 50, 50, Self.red))
        #expect(during.rgba(x: 150, y: 50).a == 0, "a precomp is clipped to its size")
        let after = try render(text, at: 2.5)
        #expect(after.rgba(x: 50, y: 50).a == 0, "and out again at its frame 10")
    }

    @Test func layersKeepTheirLottieNames() throws {
        let timeline = try loadLottie(lottie(shapeLayer("Ball", shapes: square(x: 0, y: 0, side: 4, rgb: [1, 1, 1]))))
            .scene.compile()
        #expect(timeline.layerNames.contains("Ball"))
    }
}
