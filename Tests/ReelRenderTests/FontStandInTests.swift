import CPango
import Foundation
import ReelCore
import ReelScene
import Testing

@testable import ReelRender

/// iOS's font families drawn in their stand-ins: names (PostScript ones too) pick the family,
/// weight and slant; the metric-compatible stand-ins advance every glyph by the original's
/// published width, so a paragraph wraps at the same words as on iOS.
///
/// Widths are Adobe's Core 14 AFM files as distributed with PDF libraries (Helvetica.afm,
/// "Copyright (c) 1985, 1987, 1989, 1990, 1997 Adobe Systems Incorporated", `C … ; WX …` lines),
/// in thousandths of the font size. Arial was drawn to Helvetica's widths, so the same table
/// checks Liberation Sans; Courier.afm gives every character 600.
@Suite("Font stand-ins")
struct FontStandInTests {
    /// Helvetica.afm's advance widths of the pangrams' characters (this one's, and TextTests').
    static let helveticaWidths: [Character: Double] = [
        " ": 278, "T": 611, "a": 556, "b": 556, "c": 500, "d": 556, "e": 556, "f": 278, "g": 556, "h": 556,
        "i": 222, "j": 222, "k": 500, "l": 222, "m": 833, "n": 556, "o": 556, "p": 556, "q": 556, "r": 333,
        "s": 500, "t": 278, "u": 556, "v": 500, "w": 722, "x": 500, "y": 500, "z": 500, ",": 278, ".": 278
    ]
    static let pangram = "The quick brown fox jumps over the lazy dog"

    let engine = TextEngine(fonts: .installed)

    /// The layout of `string` in `font` (nil: CATextLayer's default, Helvetica) at `size`, unkerned
    /// (AFM advance widths are the glyphs' own; kerning pairs are a separate table), wrapped at
    /// `width` when given.
    func layout(_ string: String, font: String?, size: Double, width: Double? = nil) -> TextLayout {
        var s = LayerState()
        s.string = string
        s.font = font
        s.isKerned = false
        s.isWrapped = width != nil
        return engine.layout(for: TextLayoutKey(s, size: size, width: width ?? 0, height: 0))
    }

    /// nil: a layer without a font is Core Animation's default, Helvetica, so it advances by
    /// Helvetica's widths too.
    @Test(arguments: ["Helvetica", "Arial", nil] as [String?])
    func advanceWidthsAreTheOriginalsPublishedMetrics(font: String?) throws {
        // At size 1000 a width in points is the AFM's figure.
        for character in Set(Self.pangram) {
            let line = try #require(layout(String(character), font: font, size: 1000).lines.first)
            let expected = try #require(Self.helveticaWidths[character])
            #expect(
                abs(line.width - expected) < 0.5,
                "'\(character)' in \(font ?? "the default"): \(line.width), AFM \(expected)")
        }
        let whole = try #require(layout(Self.pangram, font: font, size: 1000).lines.first)
        let sum = Self.pangram.reduce(0) { $0 + Self.helveticaWidths[$1]! }
        // Each glyph within the AFM's rounding to thousandths (Liberation's units are 2048ths).
        #expect(
            abs(whole.width - sum) < 0.5 * Double(Self.pangram.count),
            "\(font ?? "the default"): \(whole.width), AFM sum \(sum)")
    }

    @Test(arguments: ["Courier", "Courier New", "Menlo"])
    func monospacedStandInsKeepOneAdvance(font: String) throws {
        // Courier.afm and Courier New: 600 per character (Courier New's own units are 1229 of
        // 2048, which Liberation Mono keeps); Menlo (derived from Bitstream Vera
        // Sans Mono, as DejaVu Sans Mono is): 1233 of 2048 units per em.
        let advance = font == "Menlo" ? 1233 / 2048 * 1000 : 600.0
        let line = try #require(layout(Self.pangram, font: font, size: 1000).lines.first)
        let count = Double(Self.pangram.count)
        #expect(abs(line.width - advance * count) < 0.5 * count, "\(font): \(line.width)")
    }

    /// The lines of a paragraph wrapped at `width` points, by Helvetica's AFM widths: a word
    /// goes to the next line when it and the space before it would pass the width.
    static func helveticaLines(_ text: String, size: Double, width: Double) -> [String] {
        func advance(_ s: Substring) -> Double { s.reduce(0) { $0 + helveticaWidths[$1]! } * size / 1000 }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : "\(line) \(word)"
            if !line.isEmpty, advance(Substring(candidate)) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        return lines + [line]
    }

    @Test(arguments: ["Helvetica", nil] as [String?])
    func aParagraphWrapsAtTheSameWordsAsInHelvetica(font: String?) throws {
        let text = "The quick brown fox jumps over the lazy dog and the lazy dog sleeps by the quiet brook"
        let width = 150.0
        let expected = Self.helveticaLines(text, size: 20, width: width)
        let layout = layout(text, font: font, size: 20, width: width)
        let bytes = Array(text.utf8)
        let lines = layout.lines.map { line in
            let start = Int(line.line.pointee.start_index), length = Int(line.line.pointee.length)
            return String(decoding: bytes[start..<start + length], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        #expect(lines == expected)
        #expect(expected.count >= 4, "a paragraph of several lines: \(expected)")
    }

    @Test func postScriptNamesGiveFamilyWeightAndSlant() {
        let fonts = FontLibrary.installed
        let regular = PANGO_WEIGHT_NORMAL.rawValue, bold = PANGO_WEIGHT_BOLD.rawValue
        let semibold = PANGO_WEIGHT_SEMIBOLD.rawValue, light = PANGO_WEIGHT_LIGHT.rawValue
        let upright = PANGO_STYLE_NORMAL.rawValue, italic = PANGO_STYLE_ITALIC.rawValue
        let oblique = PANGO_STYLE_OBLIQUE.rawValue
        let cases: [(String, String, UInt32, UInt32)] = [
            ("HelveticaNeue-Bold", "Nimbus Sans", bold, upright),
            ("HelveticaNeue-BoldItalic", "Nimbus Sans", bold, italic),
            ("HelveticaNeue-Light", "Nimbus Sans", light, upright),
            ("Helvetica-Oblique", "Nimbus Sans", regular, oblique),
            ("Helvetica Neue Bold Italic", "Nimbus Sans", bold, italic),
            ("SFProText-Semibold", "Inter", semibold, upright),
            ("SF Pro Display", "Inter Display", regular, upright),
            ("SFProDisplay-SemiboldItalic", "Inter Display", semibold, italic),
            ("Arial-BoldMT", "Liberation Sans", bold, upright),
            ("ArialMT", "Liberation Sans", regular, upright),
            ("TimesNewRomanPSMT", "Liberation Serif", regular, upright),
            ("TimesNewRomanPS-BoldItalicMT", "Liberation Serif", bold, italic),
            ("Times-Roman", "Nimbus Roman", regular, upright),
            ("CourierNewPS-BoldMT", "Liberation Mono", bold, upright),
            ("Courier-BoldOblique", "Nimbus Mono PS", bold, oblique),
            ("Menlo-Regular", "DejaVu Sans Mono", regular, upright),
            ("Georgia-Bold", "Noto Serif", bold, upright),
            ("AvenirNext-DemiBold", "URW Gothic", semibold, upright),
            ("PingFangSC-Regular", "Noto Sans CJK SC", regular, upright),
            ("AppleColorEmoji", "Noto Color Emoji", regular, upright)
        ]
        for (name, family, weight, style) in cases {
            let face = fonts.face(named: name)
            #expect(
                face.family == family && face.weight == weight && face.style == style,
                "\(name): \(face.family) \(face.weight) \(face.style)")
        }
    }

    @Test func everyStandInIsInstalledAndDrawsItsOwnGlyphs() {
        for standIn in Set(FontStandIns.table.values.map(\.family)) {
            #expect(FontLibrary.installed.hasFamily(standIn), "\(standIn) is not installed (tools/setup --deps)")
        }
        for name in ["Helvetica", "Arial", "Times New Roman", "Courier", "Menlo", "SF Pro", "Futura"] {
            var s = LayerState()
            s.string = "Hamburg"
            s.font = name
            let runs = engine.layout(for: TextLayoutKey(s, size: 20, width: 0, height: 0)).runFamilies
            #expect(runs == [FontStandIns.face(for: name)!.standIn.family], "\(name): \(runs)")
        }
    }

    @Test func unkernedTextIgnoresTheFontsKerningPairs() throws {
        // Helvetica.afm: KPX A V -70, so "AV" is 667 + 667 - 70 kerned and 1334 unkerned.
        var s = LayerState()
        s.string = "AV"
        s.font = "Helvetica"
        let kerned = try #require(engine.layout(for: TextLayoutKey(s, size: 1000, width: 0, height: 0)).lines.first)
        s.isKerned = false
        let plain = try #require(engine.layout(for: TextLayoutKey(s, size: 1000, width: 0, height: 0)).lines.first)
        #expect(abs(plain.width - 1334) < 0.5, "\(plain.width)")
        #expect(abs(kerned.width - (1334 - 70)) < 3, "\(kerned.width)")
    }

    @Test func aStandInIsAWarningOncePerFamilyAndAnErrorUnderStrict() throws {
        let scene = """
            reel: 1
            canvas: { size: [200, 100], duration: 1 }
            layers:
              - { name: a, class: text, frame: [0, 0, 200, 30], string: "A", font: "HelveticaNeue-Bold" }
              - { name: b, class: text, frame: [0, 30, 200, 30], string: "B", font: "Helvetica Neue" }
              - { name: c, class: text, frame: [0, 60, 200, 30], string: "C", font: "Menlo" }
            """
        let loaded = try SceneLoader.decode(text: scene, file: "s.yaml", fonts: FontCatalog())
        #expect(
            loaded.warnings.map(\.description) == [
                "s.yaml:4:72: warning: font 'HelveticaNeue-Bold' (Helvetica Neue) is not available on Linux; text is drawn in 'Nimbus Sans' (closest look, other widths); ship the font file with canvas.fonts to draw it as iOS does",
                "s.yaml:6:73: warning: font 'Menlo' is not available on Linux; text is drawn in 'DejaVu Sans Mono' (metric-compatible: same advance widths); ship the font file with canvas.fonts to draw it as iOS does"
            ])
        var limits = SceneLimits()
        limits.strict = true
        #expect(throws: SceneLoadError.self) {
            try SceneLoader.decode(text: scene, file: "s.yaml", limits: limits, fonts: FontCatalog())
        }
    }
}
