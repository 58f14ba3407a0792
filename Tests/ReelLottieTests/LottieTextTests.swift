import Foundation
import ReelCore
import ReelLottie
import ReelRender
import ReelScene
import Testing

/// Text layers. Expected positions follow the Lottie format: glyph outlines (`chars`) are at
/// font size 100 with their baseline at y 0 and advance `w`; text is set from the layer's origin
/// (the first baseline), `tr` adds thousandths of the size after each character, `lh` is the
/// distance between baselines, `\r` ends a line, `j` justifies lines on x 0.
@Suite struct LottieTextTests {
    static let red = [255, 0, 0]

    /// A text layer named `name` at (x, y) with the text document `document` (JSON).
    func textLayer(_ name: String, x: Double, y: Double, document: String, animators: String = "[]") -> String {
        """
        {"ty": 5, "nm": "\(name)", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [\(x), \(y)]}},
         "t": {"d": {"k": [{"t": 0, "s": \(document)}]}, "a": \(animators), "p": {}, "m": {"g": 1}}}
        """
    }

    /// A document whose font "TestSans-Regular" has one glyph, "A": a square 40 wide and 50
    /// tall standing on the baseline, advancing 50 (all at size 100).
    func withGlyphs(_ layers: String) -> String {
        let glyph = """
            {"ch": "A", "size": 100, "style": "Regular", "w": 50, "fFamily": "Test Sans", "data": {"shapes": [
              {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"v": [[0, 0], [40, 0], [40, -50], [0, -50]],
               "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}}}]}]}}
            """
        let fonts = #"{"list": [{"fName": "TestSans-Regular", "fFamily": "Test Sans", "fStyle": "Regular"}]}"#
        return String(lottie(layers).dropLast()) + #", "fonts": \#(fonts), "chars": [\#(glyph)]}"#
    }

    func document(_ text: String, j: Int = 0, tr: Double = 0, lh: Double = 60, font: String = "TestSans-Regular")
        -> String
    {
        #"{"t": "\#(text)", "f": "\#(font)", "s": 50, "j": \#(j), "tr": \#(tr), "lh": \#(lh), "fc": [1, 0, 0]}"#
    }

    @Test func glyphOutlinesAreSetWithTheSizeTrackingAndLineHeight() throws {
        // Size 50 halves the glyph: a 20 × 25 square, advancing 25, plus 5 of tracking
        // (100/1000 × 50). Line 1 on y 100: x 20…40 and 50…70; line 2 on y 160: x 20…40.
        let frame = try render(
            withGlyphs(textLayer("caption", x: 20, y: 100, document: document(#"AA\rA"#, tr: 100))), at: 0)
        for (x, y) in [(30, 88), (60, 88), (30, 148), (22, 77), (68, 98)] {
            #expect(isColor(frame, x, y, Self.red), "(\(x), \(y)) is inside a glyph")
        }
        for (x, y) in [(45, 88), (60, 148), (30, 72), (30, 103), (30, 130), (75, 88)] {
            #expect(frame.rgba(x: x, y: y).a < 30, "(\(x), \(y)) is outside every glyph")
        }
    }

    @Test(arguments: [
        // Right-justified on x 150: the line (2 × 25) ends there, glyphs at 100…120 and 125…145.
        (1, [110, 115, 140], [95, 122, 148]),
        // Centred on x 150: glyphs at 125…145 and 150…170.
        (2, [135, 140, 165], [120, 147, 172])
    ])
    func justificationAlignsTheLineOnTheOrigin(j: Int, inside: [Int], outside: [Int]) throws {
        let frame = try render(withGlyphs(textLayer("caption", x: 150, y: 100, document: document("AA", j: j))), at: 0)
        for x in inside { #expect(isColor(frame, x, 88, Self.red), "x \(x) is inside a glyph") }
        for x in outside { #expect(frame.rgba(x: x, y: 88).a < 30, "x \(x) is outside every glyph") }
    }

    @Test func textWithoutGlyphsIsSetInAFontOnTheBaseline() throws {
        // No `chars`: the font is unknown, so Helvetica's stand-in sets it. A capital stands on
        // the baseline (y 100, then 160 for the second line) and is about 0.7 of the size tall.
        let text = lottie(textLayer("caption", x: 20, y: 100, document: document(#"H\rH"#, font: "NoSuchFont")))
        let timeline = try SceneLoader.decode(text: text, file: "anim.json", fonts: FontCatalog()).scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas, caching: false)
        let frame = renderer.makeBuffer()
        renderer.render(timeline, at: 0, into: frame)
        // The left stem of the first H: the first column with ink on row 90.
        let stem = try #require((15..<60).first { frame.rgba(x: $0, y: 90).a > 200 })
        let inked = (0..<200).filter { frame.rgba(x: stem + 1, y: $0).a > 128 }
        let first = inked.filter { $0 < 112 }, second = inked.filter { $0 >= 112 }
        let top = try #require(first.first), bottom = try #require(first.last)
        #expect(abs(bottom - 99) <= 1, "the first H ends on the baseline (y 100), not \(bottom + 1)")
        #expect((32...38).contains(bottom + 1 - top), "a capital is about 0.7 × 50 tall, not \(bottom + 1 - top)")
        #expect(abs((second.last ?? 0) - 159) <= 1, "the second line's baseline is lh (60) lower")
    }

    @Test func linesEndAtCarriageReturnsAndLineFeeds() {
        let text = LottieText(text: "one\rtwo\r\rthree\nfour\r\nfive", fontName: "", size: 10, lineHeight: 12)
        #expect(text.lines == ["one", "two", "", "three", "four", "five"])
    }

    @Test func textAnimatorsAndUnsupportedEffectsAreLocatedWarnings() throws {
        let animator = #"[{"s": {"t": 0}, "a": {"o": {"a": 0, "k": 0}}}]"#
        let blur = #"{"ty": 29, "nm": "Gaussian Blur", "ef": []}"#
        let layer =
            String(
                textLayer("caption", x: 0, y: 50, document: document("A"), animators: animator).dropLast())
            + #", "ef": [\#(blur)]}"#
        let warnings = try loadLottie(withGlyphs(layer)).warnings.map(\.message)
        #expect(
            warnings.contains {
                $0.hasPrefix("layers[0]: text animators are not supported") && $0.hasSuffix("drawn without them")
            }, "\(warnings)")
        #expect(
            warnings.contains("layers[0].ef[0]: 'Gaussian Blur' (ty 29) effects are not supported; drawn without them"),
            "\(warnings)")
    }

    @Test func textSetInAMissingFontSaysWhatItLoses() throws {
        func warnings(_ text: String) throws -> [String] {
            try SceneLoader.decode(text: text, file: "anim.json", fonts: FontCatalog()).warnings.map(\.message)
        }
        let missing = try warnings(
            lottie(textLayer("caption", x: 0, y: 50, document: document("B", tr: 50, font: "NoSuchFont"))))
        #expect(
            missing == [
                "layers[0]: font 'NoSuchFont' is not available and 'chars' has no outlines for all of the text; drawn in Helvetica's stand-in 'Nimbus Sans', as iOS draws a font it does not know",
                "layers[0]: tracking and strokes of text are drawn only from glyph outlines ('chars'); drawn without them"
            ])
        // The same font and tracking, drawn from the file's outlines: nothing is lost.
        #expect(try warnings(withGlyphs(textLayer("caption", x: 0, y: 50, document: document("AA", tr: 50)))).isEmpty)
    }

    @Test func glyphOutlinesCountAgainstThePathPointLimit() throws {
        // The glyph "A" is 4 curves (12 points); 9 000 of them are past the limit of 100 000.
        let text = withGlyphs(
            textLayer("caption", x: 0, y: 50, document: document(String(repeating: "A", count: 9000))))
        #expect(throws: SceneLoadError.self) { try SceneLoader.decode(text: text, file: "anim.json") }
        let fewer = withGlyphs(
            textLayer("caption", x: 0, y: 50, document: document(String(repeating: "A", count: 8000))))
        #expect(throws: Never.self) { try SceneLoader.decode(text: fewer, file: "anim.json") }
    }

    @Test func textLinesCountAgainstTheLayerLimit() throws {
        // Text set in a font is a layer per line: 11 layers of 10 000 lines pass 100 000.
        let lines = String(repeating: #"a\r"#, count: 9_999) + "a"
        let layer = textLayer("caption", x: 0, y: 50, document: document(lines, font: "NoSuchFont"))
        let text = lottie(Array(repeating: layer, count: 11).joined(separator: ", "))
        #expect(throws: SceneLoadError.self) { try SceneLoader.decode(text: text, file: "anim.json") }
        let fewer = lottie(Array(repeating: layer, count: 9).joined(separator: ", "))
        #expect(throws: Never.self) { try SceneLoader.decode(text: fewer, file: "anim.json") }
    }

    @Test func boxTextWrapsBetweenWordsAndStartsACapitalHeightDown() throws {
        // A box from (10, 20), 60 wide: "AA AA" is 25 + 25 + space + 25 + 25 wide at size 50,
        // more than 60, so the second word goes to the next line. The font's ascent (capitals'
        // height, 80 % of 50) puts the first baseline at 20 + 40 = 60, the second at 120.
        let space = #"{"ch": " ", "size": 100, "style": "Regular", "w": 30, "fFamily": "Test Sans", "data": {}}"#
        let boxed =
            #"{"t": "AA AA", "f": "TestSans-Regular", "s": 50, "j": 0, "lh": 60, "fc": [1, 0, 0], "sz": [60, 200], "ps": [10, 20]}"#
        let text = withGlyphs(textLayer("caption", x: 0, y: 0, document: boxed))
            .replacingOccurrences(of: #""chars": ["#, with: #""chars": [\#(space), "#)
            .replacingOccurrences(of: #""fStyle": "Regular""#, with: #""fStyle": "Regular", "ascent": 80"#)
        let frame = try render(text, at: 0)
        // Line 1: glyphs at 10…30 and 35…55, from y 35 to 60; line 2 the same, 60 lower.
        for (x, y) in [(20, 50), (45, 50), (20, 110), (45, 110)] {
            #expect(isColor(frame, x, y, Self.red), "(\(x), \(y)) is inside a glyph")
        }
        for (x, y) in [(20, 32), (20, 63), (75, 50), (100, 50), (32, 50)] {
            #expect(frame.rgba(x: x, y: y).a < 30, "(\(x), \(y)) is outside every glyph")
        }
    }

    @Test func textOfSizeZeroDrawsNothing() throws {
        let zero = #"{"t": "H", "f": "NoSuchFont", "s": 0, "j": 0, "lh": 60, "fc": [1, 0, 0]}"#
        let timeline = try loadLottie(lottie(textLayer("caption", x: 20, y: 100, document: zero))).scene.compile()
        let layers = try #require(timeline.presentation(at: 0, layerNamed: "caption")).sublayers
        #expect(layers.isEmpty, "no layer with a degenerate anchor")
    }
}
