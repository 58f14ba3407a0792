import Dispatch
import Foundation
import ReelCore
import ReelScene
import Testing

@testable import ReelRender

/// CATextLayer drawing: where ink lands for each rule (alignment, wrapping, truncation, size,
/// colour), the fonts fallback picks, the layout cache, thread safety, and golden frames.
@Suite("Text drawing")
struct TextTests {
    // MARK: Helpers

    func render(_ yaml: String) throws -> PixelBuffer { try renderScene(yaml, file: "text.yaml") }

    /// A scene of `width` × `height` points on black with `layers` (YAML list items, indented).
    func scene(_ width: Int, _ height: Int, scale: Double = 1, background: String = "black", _ layers: String) -> String
    {
        """
        reel: 1
        canvas: { size: [\(width), \(height)], scale: \(scale), duration: 1, background: \(background) }
        layers:
        \(layers)
        """
    }

    /// One text layer in a canvas just larger than it.
    func text(_ properties: String, frame: [Int] = [20, 10, 300, 50], canvas: (Int, Int) = (340, 70), scale: Double = 1)
        throws -> PixelBuffer
    {
        try render(scene(canvas.0, canvas.1, scale: scale, "  - { class: text, frame: \(frame), \(properties) }"))
    }

    /// Pixels that differ clearly from the background: drawn text (antialiased fringes included).
    struct Ink {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var rows = Set<Int>()
        var count = 0
        var midX: Double { Double(minX + maxX) / 2 }
        var height: Int { maxY - minY + 1 }
        /// Runs of consecutive rows with ink: the text's lines.
        var lines: Int { rows.filter { !rows.contains($0 - 1) }.count }
    }

    func ink(_ b: PixelBuffer, x: Range<Int>? = nil, y: Range<Int>? = nil, background: [Int] = [0, 0, 0, 255]) -> Ink {
        var ink = Ink()
        for py in y ?? 0..<b.height {
            for px in x ?? 0..<b.width {
                let c = b.color(px, py)
                guard zip(c, background).contains(where: { abs($0 - $1) > 48 }) else { continue }
                ink.minX = min(ink.minX, px); ink.maxX = max(ink.maxX, px)
                ink.minY = min(ink.minY, py); ink.maxY = max(ink.maxY, py)
                ink.rows.insert(py)
                ink.count += 1
            }
        }
        return ink
    }

    /// How many lines of default-font text at `size` points `ink` holds. Helvetica's lines (in
    /// Nimbus Sans: ascender 729 + descender 271 thousandths, the OTF's hhea table) are exactly
    /// one em apart, and a line's ink (cap tops at 729, descenders to −220 in the AFM) is less
    /// than an em, so lines touch and cannot be told apart by gaps as `Ink.lines` does: n lines
    /// are between n − 1 and n em tall.
    func helveticaLines(_ ink: Ink, size: Double) -> Int { Int(Double(ink.height) / size) + 1 }

    /// Straight RGBA bytes of a rectangle, for comparing parts of two frames.
    func pixels(_ b: PixelBuffer, x: Range<Int>, y: Range<Int>) -> [[Int]] {
        y.flatMap { py in x.map { b.color($0, py) } }
    }

    static let pangram = "The quick brown fox jumps over the lazy dog, then naps in the sun."

    // MARK: Fonts

    @Test func theBundledFontsAreUsedNotTheMachines() {
        #expect(
            FontLibrary.installed.isPrivate,
            "fonts-noto-core and fonts-noto-cjk are missing (tools/setup --deps): text uses the machine's fonts")
        #expect(FontLibrary.installed.hasFamily("Noto Sans") && FontLibrary.installed.hasFamily("Noto Sans CJK SC"))
        // DejaVu comes with fontconfig on Debian; the private set must not see it.
        #expect(!FontLibrary.installed.hasFamily("DejaVu Sans"))
    }

    @Test func fallbackPicksTheDocumentedFontForEachScript() {
        let engine = TextEngine(fonts: .installed)
        func families(_ string: String, font: String? = nil) -> [String] {
            var s = LayerState()
            s.string = string
            s.font = font
            // Runs split at script changes too; consecutive runs in one family count once.
            let runs = engine.layout(for: TextLayoutKey(s, size: 36, width: 500, height: 100)).runFamilies
            return runs.enumerated().filter { $0.offset == 0 || runs[$0.offset - 1] != $0.element }.map(\.element)
        }
        // No font is Helvetica (Core Animation's default), drawn in its stand-in; Noto picks up
        // the scripts Nimbus Sans lacks.
        #expect(families("Hello, Reel — 你好，动画") == ["Nimbus Sans", "Noto Sans CJK SC"])
        #expect(families("日本語のかな") == ["Noto Sans CJK SC"])
        #expect(families("Reel שלום") == ["Nimbus Sans", "Noto Sans Hebrew"])
        #expect(families("مرحبا") == ["Noto Sans Arabic"])
        #expect(families("Serif 你好", font: "Noto Serif") == ["Noto Serif", "Noto Sans CJK SC"])
        #expect(families("Unknown", font: "No Such Font") == ["Noto Sans"])
    }

    @Test func fontNamesResolveLikeCoreAnimationNames() {
        let fonts = FontLibrary.installed
        let bold: UInt32 = 700, italic: UInt32 = 2  // PANGO_WEIGHT_BOLD, PANGO_STYLE_ITALIC
        // No font (or a blank one) is Core Animation's default, Helvetica: its stand-in.
        #expect(fonts.face(named: nil) == FontFace(family: "Nimbus Sans"))
        #expect(fonts.face(named: "  ") == FontFace(family: "Nimbus Sans"))
        #expect(fonts.face(named: "noto serif") == FontFace(family: "Noto Serif"))
        let psBold = fonts.face(named: "NotoSerif-Bold")
        #expect(psBold.family == "Noto Serif" && psBold.weight == bold)
        let described = fonts.face(named: "Noto Sans Bold Italic")
        #expect(
            described.family == "Noto Sans" && described.weight == bold
                && described.style == italic)
        #expect(fonts.face(named: "No Such Font") == FontFace(family: "Noto Sans"))
        #expect(fonts.face(named: "serif") == FontFace(family: "Noto Serif"))
        let menlo = fonts.face(named: "Menlo-Bold")
        #expect(menlo.family == "DejaVu Sans Mono" && menlo.weight == bold && fonts.hasFamily(menlo.family))
        let helvetica = fonts.face(named: "Helvetica-BoldOblique")
        #expect(helvetica.family == "Nimbus Sans" && helvetica.weight == bold && helvetica.style != 0)
        #expect(fonts.familyList(for: FontFace(family: "Noto Sans")).hasPrefix("Noto Sans,Noto Sans CJK SC,"))
    }

    @Test func theDefaultFontIsHelveticaAt36Points() throws {
        // Apple's CATextLayer documentation: `font` "Defaults to Helvetica", `fontSize` "Defaults
        // to 36.0". A layer naming neither draws what one naming both draws, from a scene file
        // and from Swift.
        let named = try text("string: Reel, font: Helvetica, fontSize: 36")
        #expect(ink(named).count > 0)
        #expect(try text("string: Reel").straightRGBABytes() == named.straightRGBABytes())
        let scene = Scene(canvas: Canvas(size: CGSize(width: 340, height: 70), duration: 1, background: .black))
        let layer = CATextLayer()
        layer.frame = CGRect(x: 20, y: 10, width: 300, height: 50)
        layer.string = "Reel"
        scene.rootLayer.addSublayer(layer)
        #expect(try renderScene(scene).straightRGBABytes() == named.straightRGBABytes())
    }

    @Test func chineseIsDrawnWithGlyphsNotBoxes() throws {
        // Pango draws a missing glyph as a box of its code's hex digits, so distinct boxes would
        // also differ: compare with the box for a code point no font has instead.
        let box = ink(try text("string: \"\u{E000}\"")).count
        for character in ["你", "好", "动", "画"] {
            let glyph = ink(try text("string: \"\(character)\""))
            #expect(glyph.count > 0 && glyph.count != box, "\(character)")
        }
    }

    // MARK: Size and placement

    @Test(arguments: [1.0, 2.0])
    func fontSizeIsInPointsAndTextStartsAtTheTop(scale: Double) throws {
        // The default font, Helvetica, drawn in Nimbus Sans: its AFM (fonts-urw-base35,
        // NimbusSans-Regular.afm) gives "H" the box 83 0 644 729 (thousandths of an em) and the
        // font's hhea ascender is 729 too, so a 36 pt "H" is 26.2 points tall, its top is at the
        // top of the bounds however tall they are, and its stem starts 3.0 points in.
        let b = try text("string: H, fontSize: 36", frame: [20, 10, 300, 200], canvas: (340, 220), scale: scale)
        let h = ink(b)
        #expect(abs(Double(h.height) - 26.2 * scale) <= 1.5 * scale, "cap height \(h.height) px at scale \(scale)")
        #expect(abs(Double(h.minY) - 10 * scale) <= 1.5 * scale, "top of the H at \(h.minY)")
        #expect(abs(Double(h.minX) - (20 + 3.0) * scale) <= 1.5 * scale, "left side bearing, then the stem")
    }

    @Test func boundsOriginDoesNotMoveTheLayersOwnText() throws {
        // Like a background, text is the layer's own content, drawn in its bounds rectangle:
        // bounds.origin moves sublayers, not the text within the frame.
        let a = ink(
            try render(
                scene(
                    200, 60,
                    "  - { class: text, position: [100, 30], bounds: [0, 0, 160, 40], string: H, fontSize: 24 }")))
        let b = ink(
            try render(
                scene(
                    200, 60,
                    "  - { class: text, position: [100, 30], bounds: [10, 5, 160, 40], string: H, fontSize: 24 }")))
        #expect(a.count > 0 && b.minX == a.minX && b.minY == a.minY, "\(a.minX),\(a.minY) → \(b.minX),\(b.minY)")
    }

    @Test func hugeFontSizesScaleLikeSmallOnes() throws {
        // Above TextDrawing.maxLayoutSize the layout is made smaller and drawn scaled up.
        let big = ink(
            try text("string: H, fontSize: 2048", frame: [0, 0, 2000, 2000], canvas: (2000, 2000), scale: 0.125))
        let small = ink(try text("string: H, fontSize: 256", frame: [0, 0, 250, 250], canvas: (250, 250)))
        #expect(
            big.count > 0 && abs(big.minX - small.minX) <= 1 && abs(big.maxX - small.maxX) <= 1
                && abs(big.minY - small.minY) <= 1 && abs(big.maxY - small.maxY) <= 1)
    }

    // MARK: Alignment

    @Test(arguments: ["left", "center", "right", "natural", "justified"])
    func shortLatinTextIsAlignedInTheBoundsWidth(alignment: String) throws {
        // Bounds x 20…320, centre 170.
        let i = ink(try text("string: Reel, fontSize: 24, alignmentMode: \(alignment)"))
        switch alignment {
        case "right":
            #expect((312...320).contains(i.maxX) && i.minX > 170, "\(i.minX)…\(i.maxX)")
        case "center":
            #expect(abs(i.midX - 170) <= 3 && i.minX > 20 && i.maxX < 320, "\(i.minX)…\(i.maxX)")
        default:  // left; natural for left-to-right text; justified's single (last) line is natural
            #expect((20...26).contains(i.minX) && i.maxX < 170, "\(i.minX)…\(i.maxX)")
        }
    }

    @Test func naturalAlignmentFollowsTheParagraphDirection() throws {
        let hebrew = ink(try text("string: \"שלום עולם\", fontSize: 24, alignmentMode: natural"))
        #expect((312...320).contains(hebrew.maxX) && hebrew.minX > 170, "right-to-left: right")
        let leftHebrew = ink(try text("string: \"שלום עולם\", fontSize: 24, alignmentMode: left"))
        #expect((20...26).contains(leftHebrew.minX), "left means left, whatever the direction")
    }

    @Test func justifiedLinesFillTheWidthExceptTheLast() throws {
        let properties = "string: \"\(Self.pangram)\", fontSize: 20, wrapped: true"
        let frame = [20, 10, 260, 120], canvas = (300, 140)
        let justified = try text(properties + ", alignmentMode: justified", frame: frame, canvas: canvas)
        let left = try text(properties + ", alignmentMode: left", frame: frame, canvas: canvas)
        // Nimbus Sans lines are ascender + descender = (729 + 271) / 1000 em = 20 points.
        let firstLine = 10..<30
        let j = ink(justified, y: firstLine), l = ink(left, y: firstLine)
        #expect(j.maxX >= 276 && l.maxX < j.maxX - 4, "justified \(j.maxX), left \(l.maxX)")
        #expect(j.minX == l.minX)
        // The last line is not stretched: it matches the left-aligned one.
        let all = ink(left)
        let lastLine = (10 + (helveticaLines(all, size: 20) - 1) * 20)..<140
        #expect(pixels(justified, x: 0..<300, y: lastLine) == pixels(left, x: 0..<300, y: lastLine))
    }

    // MARK: Wrapping

    @Test func wrappedTextBreaksAtTheBoundsWidth() throws {
        let string = "string: \"\(Self.pangram)\", fontSize: 20"
        let wrapped = ink(try text(string + ", wrapped: true", frame: [20, 10, 150, 200], canvas: (400, 220)))
        let unwrapped = ink(try text(string, frame: [20, 10, 150, 200], canvas: (400, 220)))
        // By Helvetica's widths (FontStandInTests.helveticaLines) the pangram needs 4 lines of 150 points.
        let lines = FontStandInTests.helveticaLines(Self.pangram, size: 20, width: 150).count
        #expect(helveticaLines(wrapped, size: 20) == lines && lines >= 4, "\(wrapped.height) points of ink")
        #expect(helveticaLines(unwrapped, size: 20) == 1)
        // (A line starting with "j" overhangs the left edge a little, as it would in Core Text.)
        #expect(wrapped.minX >= 18 && wrapped.maxX <= 170, "\(wrapped.minX)…\(wrapped.maxX)")
        #expect(unwrapped.maxX > 300, "unwrapped text runs past the bounds: not clipped")
    }

    @Test func chineseAndLongWordsWrapBetweenCharacters() throws {
        for string in ["动画是一种通过连续播放静止图像来产生运动错觉的艺术形式", "Supercalifragilisticexpialidocious"] {
            let i = ink(
                try text(
                    "string: \(string), fontSize: 20, wrapped: true", frame: [20, 10, 120, 200], canvas: (400, 220)))
            // Chinese is drawn in Noto Sans CJK SC, whose lines have gaps; the Latin word in Helvetica
            // (287 points at 20 by the AFM's widths, so 3 lines of 120) in lines that touch.
            let lines = string.first!.isASCII ? helveticaLines(i, size: 20) : i.lines
            #expect(lines >= 3 && i.minX >= 20 && i.maxX <= 140, "\(string): \(lines) lines, \(i.minX)…\(i.maxX)")
        }
    }

    // MARK: Truncation

    @Test(arguments: ["start", "middle", "end"])
    func truncatedTextFitsTheWidthAndKeepsTheRightEnds(mode: String) throws {
        let string = "string: \"\(Self.pangram)\", fontSize: 20"
        func draw(_ more: String) throws -> PixelBuffer {
            try text(string + more, frame: [20, 10, 200, 40], canvas: (400, 60))
        }
        let truncatedLeft = try draw(", truncationMode: \(mode)")
        let truncatedRight = try draw(", truncationMode: \(mode), alignmentMode: right")
        let fullLeft = try draw(""), fullRight = try draw(", alignmentMode: right")
        let t = ink(truncatedLeft)
        #expect(t.minX >= 20 && t.maxX <= 220 && t.lines == 1, "\(t.minX)…\(t.maxX)")
        #expect(ink(fullLeft).maxX > 220)
        // The beginning survives unless truncating at the start; the end unless at the end.
        let head = pixels(truncatedLeft, x: 20..<60, y: 0..<60) == pixels(fullLeft, x: 20..<60, y: 0..<60)
        let tail = pixels(truncatedRight, x: 180..<220, y: 0..<60) == pixels(fullRight, x: 180..<220, y: 0..<60)
        #expect(head == (mode != "start"), "beginning kept: \(head)")
        #expect(tail == (mode != "end"), "end kept: \(tail)")
    }

    @Test func wrappedTextIsTruncatedAtTheLastLineThatFits() throws {
        let string = "string: \"\(Self.pangram) \(Self.pangram)\", fontSize: 20, wrapped: true"
        // Nimbus Sans lines are (729 + 271) / 1000 em = 20 points: two fit in 50, three do not.
        let truncated = ink(try text(string + ", truncationMode: end", frame: [20, 10, 200, 50], canvas: (260, 300)))
        let overflowing = ink(try text(string, frame: [20, 10, 200, 50], canvas: (260, 300)))
        #expect(
            helveticaLines(truncated, size: 20) == 2 && truncated.maxY < 60,
            "\(truncated.height) points, bottom \(truncated.maxY)")
        #expect(
            helveticaLines(overflowing, size: 20) > 2 && overflowing.maxY > 60, "untruncated wrapped text is not cut")
    }

    // MARK: Colour

    @Test func foregroundColorIsWhatIsDrawn() throws {
        let b = try text(
            "string: H, fontSize: 60, foregroundColor: \"#FF8000\"", frame: [10, 0, 100, 80], canvas: (120, 80))
        let colors = (0..<80).flatMap { y in (0..<120).map { b.color($0, y) } }
        #expect(colors.contains([255, 128, 0, 255]), "the stems are fully covered")
        // Antialiased edges are the colour at partial coverage over black: red stays twice green.
        #expect(colors.allSatisfy { abs($0[0] - 2 * $0[1]) <= 2 && $0[2] == 0 })
    }

    @Test func translucentColorAndOpacityMultiply() throws {
        let b = try render(
            scene(
                120, 80, background: "transparent",
                """
                  - { class: text, frame: [10, 0, 100, 80], string: H, fontSize: 60, foregroundColor: "#00FF0080", opacity: 0.5 }
                """))
        let colors = (0..<80).flatMap { y in (0..<120).map { b.color($0, y) } }
        let strongest = colors.max { $0[3] < $1[3] } ?? []
        #expect(near(strongest, [0, 255, 0, 64]), "\(strongest)")
    }

    @Test func invisibleTextDrawsNothing() throws {
        for properties in [
            "string: \"\"", "string: \"  \\n\\t\"", "string: Reel, foregroundColor: transparent",
            "string: Reel, foregroundColor: null", "string: Reel, fontSize: 0",
            "string: Reel, hidden: true"
        ] {
            let b = try render(scene(200, 60, "  - { class: text, frame: [20, 10, 160, 40], \(properties) }"))
            #expect(ink(b).count == 0, "\(properties)")
        }
        let noRoom = try render(
            scene(200, 60, "  - { class: text, frame: [20, 10, 0, 40], string: Reel, wrapped: true }"))
        #expect(ink(noRoom).count == 0, "wrapped text in a box without width: nothing fits")
        var s = LayerState()
        s.string = " \u{3000}\n"
        #expect(!TextDrawing.hasContent(s), "ideographic space is whitespace too")
        s.string = "Reel"
        #expect(TextDrawing.hasContent(s))
    }

    // MARK: Cache and threads

    @Test func layoutsAreReusedWhenOnlyDrawingChanges() {
        let engine = TextEngine(fonts: .installed)
        var s = LayerState()
        s.string = "Reel"
        let a = engine.layout(for: TextLayoutKey(s, size: 36, width: 100, height: 40))
        s.alignmentMode = .center
        s.foregroundColor = .black
        let b = engine.layout(for: TextLayoutKey(s, size: 36, width: 250, height: 80))
        #expect(a === b, "unwrapped, untruncated text does not depend on the box")
        s.isWrapped = true
        #expect(engine.layout(for: TextLayoutKey(s, size: 36, width: 250, height: 80)) !== a)
        for size in 1...200 { _ = engine.layout(for: TextLayoutKey(s, size: Double(size), width: 250, height: 80)) }
        #expect(engine.cachedLayoutCount == TextEngine.capacity, "an animated fontSize cannot grow the cache")
    }

    @Test func concurrentFramesAreIdenticalToSerialOnes() throws {
        let yaml = scene(
            320, 240,
            """
              - { class: text, frame: [10, 10, 300, 40], string: "Hello, Reel — 你好，动画", fontSize: 24 }
              - { class: text, frame: [10, 60, 140, 120], string: "\(Self.pangram)", fontSize: 16, wrapped: true, alignmentMode: justified }
              - { class: text, frame: [170, 60, 140, 60], string: "שלום עולם مرحبا بالعالم", fontSize: 18, wrapped: true }
              - { class: text, frame: [170, 140, 140, 30], string: "\(Self.pangram)", fontSize: 16, truncationMode: middle }
            """)
        let timeline = try SceneLoader.decode(text: yaml, file: "text.yaml").scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let serial = renderer.makeBuffer()
        renderer.render(timeline, at: 0, into: serial)
        let buffers = (0..<8).map { _ in renderer.makeBuffer() }
        DispatchQueue.concurrentPerform(iterations: buffers.count) { i in
            renderer.render(timeline, at: 0, into: buffers[i])
        }
        let expected = serial.straightRGBABytes()
        #expect(ink(serial).count > 0)
        for (i, buffer) in buffers.enumerated() {
            #expect(buffer.straightRGBABytes() == expected, "thread frame \(i)")
        }
    }

    // MARK: Golden frames

    @Test func scriptsGolden() throws {
        let b = try render(
            scene(
                440, 150,
                """
                  - { class: text, frame: [10, 8, 420, 50], string: "Hello, Reel — 你好，动画" }
                  - { class: text, frame: [10, 62, 420, 40], string: "Bidi: שלום, مرحبا, 123!", fontSize: 26, foregroundColor: "#F2AA4C" }
                  - { class: text, frame: [10, 104, 420, 40], string: "Noto Serif Bold · 日本語のかな", font: "Noto Serif Bold", fontSize: 26, foregroundColor: "#8ECAE6" }
                """))
        let latin = ink(b, x: 10..<200, y: 8..<58), chinese = ink(b, x: 260..<430, y: 8..<58)
        #expect(latin.count > 0 && chinese.count > 0)
        try Golden.check(b, "text-scripts")
    }

    @Test func alignmentGolden() throws {
        let box = "backgroundColor: \"#1E3040\", fontSize: 18"
        let b = try render(
            scene(
                300, 290,
                """
                  - { class: text, frame: [10, 10, 280, 26], \(box), string: "left · 左对齐", alignmentMode: left }
                  - { class: text, frame: [10, 44, 280, 26], \(box), string: "center · 居中", alignmentMode: center }
                  - { class: text, frame: [10, 78, 280, 26], \(box), string: "right · 右对齐", alignmentMode: right }
                  - { class: text, frame: [10, 112, 280, 26], \(box), string: "שלום עולם: natural", alignmentMode: natural }
                  - { class: text, frame: [10, 146, 280, 134], \(box), string: "justified: \(Self.pangram) 两端对齐的文字填满整行。", alignmentMode: justified, wrapped: true }
                """))
        try Golden.check(b, "text-alignment")
    }

    @Test func wrappingGolden() throws {
        let b = try render(
            scene(
                320, 220,
                """
                  - { class: text, frame: [10, 10, 140, 200], backgroundColor: "#1E3040", fontSize: 18, wrapped: true,
                      string: "Wrapping at the bounds: Supercalifragilistic words break too." }
                  - { class: text, frame: [170, 10, 140, 200], backgroundColor: "#1E3040", fontSize: 18, wrapped: true,
                      string: "中文按字换行，标点不会出现在行首。Mixed 中英文 text." }
                """))
        try Golden.check(b, "text-wrap")
    }

    @Test func truncationGolden() throws {
        let box = "backgroundColor: \"#1E3040\", fontSize: 18"
        let line = "string: \"\(Self.pangram) 你好，动画\""
        let b = try render(
            scene(
                260, 220,
                """
                  - { class: text, frame: [10, 10, 240, 26], \(box), \(line), truncationMode: end }
                  - { class: text, frame: [10, 44, 240, 26], \(box), \(line), truncationMode: middle }
                  - { class: text, frame: [10, 78, 240, 26], \(box), \(line), truncationMode: start }
                  - { class: text, frame: [10, 112, 240, 98], \(box), string: "\(Self.pangram) \(Self.pangram)", wrapped: true, truncationMode: end }
                """))
        try Golden.check(b, "text-truncation")
    }
}

/// Text from the Swift API is bounded when laid out, as scene files are when decoded: a letter
/// with a million combining accents took minutes to shape.
@Suite("Text bounds")
struct TextBoundTests {
    /// Time limits here only guard against a hang (minutes of shaping); the bounded length is the test.
    @Test(.timeLimit(.minutes(5))) func hugeTextIsCutAndMarksDropped() {
        let marks = "a" + String(repeating: "\u{301}", count: 1_000_000)
        let bounded = TextLayoutKey.bounded(marks)
        #expect(bounded.unicodeScalars.count == 32)
        #expect(TextLayoutKey.bounded(String(repeating: "ab ", count: 10_000)).unicodeScalars.count == 20_000)
        #expect(TextLayoutKey.bounded("naïve 👩‍👩‍👧‍👦") == "naïve 👩‍👩‍👧‍👦")
    }

    @Test(.timeLimit(.minutes(5))) func aLetterWithAMillionAccentsRenders() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 1, background: .black))
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        text.string = "a" + String(repeating: "\u{301}", count: 1_000_000)
        scene.rootLayer.addSublayer(text)
        _ = try renderScene(scene)
        // What the renderer shapes for it is bounded (a letter and its first 31 accents).
        let state = try scene.compile().presentation(at: 0).sublayers[0].state
        #expect(TextLayoutKey(state, size: 12, width: 40, height: 30).string.unicodeScalars.count == 32)
    }
}
