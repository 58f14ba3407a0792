import CPango
import Foundation
import ReelCore

/// The families iOS code names that Linux lacks, each drawn in one installed family chosen here,
/// not by fontconfig's aliases (which differ between machines): the metric-compatible clone
/// where Debian ships one, so text wraps at the same words as on iOS, else the closest look.
///
/// | iOS family | drawn in | why |
/// |---|---|---|
/// | Helvetica, Helvetica Neue | Nimbus Sans (fonts-urw-base35) | Helvetica's widths (Neue's differ slightly) |
/// | Arial | Liberation Sans (fonts-liberation2) | Arial's widths |
/// | Times | Nimbus Roman | Times' widths |
/// | Times New Roman | Liberation Serif | Times New Roman's widths |
/// | Courier | Nimbus Mono PS | Courier's widths |
/// | Courier New | Liberation Mono | Courier New's widths |
/// | Menlo | DejaVu Sans Mono (fonts-dejavu-core) | Menlo is DejaVu Sans Mono's derivative, same widths |
/// | SF Mono, Monaco | DejaVu Sans Mono | closest look |
/// | SF Pro, SF Pro Text/Rounded, the system font | Inter (fonts-inter) | closest look |
/// | SF Pro Display | Inter Display | closest look, display cut |
/// | Georgia, New York | Noto Serif | closest look (Debian has no Gelasio) |
/// | Avenir, Avenir Next, Futura | URW Gothic | closest look, geometric |
/// | PingFang SC/TC/HK, Hiragino Sans/Mincho, Songti | Noto Sans/Serif CJK | same scripts |
/// | Apple Color Emoji | Noto Color Emoji | same characters |
enum FontStandIns {
    /// By normalised family name (`FontLibrary.normalized`).
    static let table: [String: FontStandIn] = {
        var table: [String: FontStandIn] = [:]
        func add(_ originals: [String], _ family: String, metric: Bool = false) {
            for original in originals {
                table[FontLibrary.normalized(original)] = FontStandIn(
                    original: original, family: family, isMetricCompatible: metric)
            }
        }
        add(["Helvetica"], "Nimbus Sans", metric: true)
        add(["Helvetica Neue"], "Nimbus Sans")
        add(["Arial"], "Liberation Sans", metric: true)
        add(["Times", "Times Roman"], "Nimbus Roman", metric: true)
        add(["Times New Roman"], "Liberation Serif", metric: true)
        add(["Courier"], "Nimbus Mono PS", metric: true)
        add(["Courier New"], "Liberation Mono", metric: true)
        add(["Menlo"], "DejaVu Sans Mono", metric: true)
        add(["SF Mono", "Monaco"], "DejaVu Sans Mono")
        add(
            [
                "SF Pro", "SF Pro Text", "SF Pro Rounded", "SF UI Text", "SF UI", ".SF UI Text", "San Francisco",
                "System", "System Font", ".AppleSystemUIFont"
            ], "Inter")
        add(["SF Pro Display", "SF UI Display", ".SF UI Display"], "Inter Display")
        add(["Georgia", "New York"], "Noto Serif")
        add(["Avenir", "Avenir Next", "Futura"], "URW Gothic")
        add(["PingFang SC", "PingFang", "Heiti SC", "STHeiti"], "Noto Sans CJK SC")
        add(["PingFang TC", "Heiti TC"], "Noto Sans CJK TC")
        add(["PingFang HK"], "Noto Sans CJK HK")
        add(["Hiragino Sans", "Hiragino Kaku Gothic ProN", "Hiragino Kaku Gothic Pro"], "Noto Sans CJK JP")
        add(["Hiragino Mincho ProN", "Hiragino Mincho Pro"], "Noto Serif CJK JP")
        add(["Songti SC", "STSong"], "Noto Serif CJK SC")
        add(["Apple Color Emoji"], "Noto Color Emoji")
        return table
    }()

    /// The stand-in `name` names and the face to draw: a family ("Helvetica Neue"), a family
    /// with style words ("Helvetica Neue Bold Italic"), or a PostScript name
    /// ("HelveticaNeue-BoldItalic", "SFProText-Semibold", "Arial-BoldMT", "TimesNewRomanPSMT").
    static func face(for name: String) -> (standIn: FontStandIn, face: FontFace)? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let standIn = entry(trimmed) { return (standIn, FontFace(family: standIn.family)) }
        if !trimmed.contains(" "), let dash = trimmed.lastIndex(of: "-") {
            guard let standIn = entry(String(trimmed[..<dash])),
                let face = styled(standIn.family, trimmed[trimmed.index(after: dash)...])
            else { return nil }
            return (standIn, face)
        }
        guard let description = pango_font_description_from_string(trimmed) else { return nil }
        defer { pango_font_description_free(description) }
        guard var face = FontFace(description: description), let standIn = entry(face.family) else { return nil }
        face.family = standIn.family
        return (standIn, face)
    }

    /// The entry for a family name, also as PostScript spells it (`ArialMT`, `TimesNewRomanPS`).
    private static func entry(_ family: String) -> FontStandIn? {
        var key = FontLibrary.normalized(family)
        if let found = table[key] { return found }
        for suffix in ["mt", "ps"] where key.hasSuffix(suffix) {
            key.removeLast(suffix.count)
            if let found = table[key] { return found }
        }
        return nil
    }

    /// Pango's weights and styles by the words PostScript names use, longest first so that
    /// "semibold" is not read as "semi" + "bold".
    private static let styleWords: [(word: String, weight: PangoWeight?, style: PangoStyle?)] = [
        ("ultralight", PANGO_WEIGHT_ULTRALIGHT, nil), ("extralight", PANGO_WEIGHT_ULTRALIGHT, nil),
        ("semibold", PANGO_WEIGHT_SEMIBOLD, nil), ("demibold", PANGO_WEIGHT_SEMIBOLD, nil),
        ("extrabold", PANGO_WEIGHT_ULTRABOLD, nil), ("ultrabold", PANGO_WEIGHT_ULTRABOLD, nil),
        ("condensed", nil, nil), ("oblique", nil, PANGO_STYLE_OBLIQUE), ("regular", PANGO_WEIGHT_NORMAL, nil),
        ("italic", nil, PANGO_STYLE_ITALIC), ("medium", PANGO_WEIGHT_MEDIUM, nil), ("light", PANGO_WEIGHT_LIGHT, nil),
        ("heavy", PANGO_WEIGHT_HEAVY, nil), ("black", PANGO_WEIGHT_HEAVY, nil), ("roman", PANGO_WEIGHT_NORMAL, nil),
        ("thin", PANGO_WEIGHT_THIN, nil), ("book", PANGO_WEIGHT_BOOK, nil), ("bold", PANGO_WEIGHT_BOLD, nil),
        ("demi", PANGO_WEIGHT_SEMIBOLD, nil), ("ultra", PANGO_WEIGHT_ULTRABOLD, nil), ("it", nil, PANGO_STYLE_ITALIC),
        ("mt", nil, nil), ("ps", nil, nil)
    ]

    /// `family` in the weight and style a PostScript style ("BoldItalic", "SemiboldMT") names;
    /// nil when a word of it is none of `styleWords`.
    private static func styled(_ family: String, _ style: Substring) -> FontFace? {
        var face = FontFace(family: family)
        var rest = Substring(FontLibrary.normalized(String(style)))
        while !rest.isEmpty {
            guard let match = styleWords.first(where: { rest.hasPrefix($0.word) }) else { return nil }
            if let weight = match.weight { face.weight = weight.rawValue }
            if let slant = match.style { face.style = slant.rawValue }
            rest = rest.dropFirst(match.word.count)
        }
        return face
    }
}
