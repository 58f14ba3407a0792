import CPango
import Foundation

/// The fonts text is set in, and how a layer's `font` name picks one.
///
/// Frames must come out the same on every machine, so text does not see the machine's fonts or
/// its fontconfig settings: Reel builds a private fontconfig configuration holding only the font
/// directories `tools/setup` installs (Noto, and the stand-ins of iOS's families) and none of the system's
/// rules (hinting, aliases, preferred families). An extra font on a user's machine can then
/// neither replace a family nor change which font a missing glyph falls back to.
///
/// When those directories are missing (another distribution, macOS), text falls back to
/// fontconfig's own configuration: it still draws, but is no longer machine-independent.
final class FontLibrary: @unchecked Sendable {
    // @unchecked: everything is immutable after init, and the FcConfig is only read (fontconfig
    // is thread-safe since 2.10.91), so one library serves every rendering thread of its scene.

    /// The installed fonts alone: what text is drawn in when a scene ships none, and what the
    /// scene checks and `reel fonts` list. A scene's own font files (`canvas.fonts`) make a library
    /// of their own (`init(directories:files:)`), so a family one scene ships is never seen by
    /// another rendered in the same process.
    static let installed = FontLibrary(directories: directories)

    /// Where Debian's fonts-noto-core (TrueType) and fonts-noto-cjk (OpenType collections) live,
    /// then the stand-ins for iOS's families (`FontStandIns`): fonts-urw-base35,
    /// fonts-liberation2, fonts-inter, and fonts-dejavu-core of which only DejaVu Sans Mono is
    /// taken (`dejaVuMonoOnly`).
    static let directories = [
        "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto", "/usr/share/fonts/opentype/urw-base35",
        "/usr/share/fonts/truetype/liberation2", "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/dejavu"
    ]

    /// The font of text layers whose `font` is nil: Core Animation's default, Helvetica (Apple's
    /// CATextLayer documentation, developer.apple.com/documentation/quartzcore/catextlayer/font:
    /// "Defaults to Helvetica"; …/fontsize: "Defaults to 36.0"). It is
    /// resolved as a named Helvetica is, so it draws in Helvetica's metric-compatible stand-in
    /// (`FontStandIns`), or in Helvetica itself when a scene ships it.
    static let defaultFont = "Helvetica"

    /// The family a name Reel does not know is drawn in (with a warning from the scene checks).
    static let fallbackFamily = "Noto Sans"

    /// Families tried, in this order, for characters the layer's font lacks. Naming them keeps
    /// fallback explicit: Latin, Greek and Cyrillic from Noto Sans, Han (simplified Chinese
    /// forms), kana and Hangul from Noto Sans CJK SC, then the common right-to-left and Indic
    /// scripts, then emoji in colour (fonts-noto-color-emoji, drawn by Cairo from its bitmaps). Anything else goes to fontconfig's ordering of the private set, still the same
    /// on every machine.
    static let fallbackFamilies = [
        "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
        "Noto Sans Thai", "Noto Color Emoji"
    ]

    /// Generic families as the installed families that stand in for them (the private
    /// configuration has none of the system's alias rules); iOS's families are `FontStandIns`.
    /// Other unknown families get Noto Sans too, with a warning from the scene checks.
    static let aliases: [String: String] = [
        "serif": "Noto Serif", "monospace": "Noto Sans Mono CJK SC", "mono": "Noto Sans Mono CJK SC",
        "sans": "Noto Sans", "sansserif": "Noto Sans"
    ]

    /// The configuration text is set with; nil when fontconfig's current one is used.
    let config: OpaquePointer?
    /// Whether `config` is the private, machine-independent one.
    let isPrivate: Bool
    /// Normalised family name (see `normalized`) → the family as fontconfig spells it.
    private let families: [String: String]
    /// Normalised full or PostScript name ("Noto Sans Bold", "NotoSans-Bold") → that face.
    private let faces: [String: FontFace]

    init(directories: [String], files: [String] = []) {
        let available = directories.filter { FileManager.default.fileExists(atPath: $0) }
        let own = available.isEmpty ? nil : Self.makeConfig(directories: available)
        isPrivate = own != nil
        // A scene's files go into a configuration of the library's own: added to fontconfig's
        // current one, they would reach every other scene of the process.
        config = own ?? (files.isEmpty ? nil : FcInitLoadConfigAndFonts())
        for file in files { _ = FcConfigAppFontAddFile(config, file) }
        var families: [String: String] = [:], faces: [String: FontFace] = [:]
        Self.forEachFont(in: config) { pattern in
            for family in Self.strings(pattern, FC_FAMILY) where families[Self.normalized(family)] == nil {
                families[Self.normalized(family)] = family
            }
            guard let face = FontFace(pattern: pattern) else { return }
            for name in Self.strings(pattern, FC_FULLNAME) + Self.strings(pattern, FC_POSTSCRIPT_NAME)
            where faces[Self.normalized(name)] == nil {
                faces[Self.normalized(name)] = face
            }
        }
        self.families = families
        self.faces = faces
    }

    deinit {
        // Pango's font maps hold references of their own (pango_fc_font_map_set_config).
        if let config { FcConfigDestroy(config) }
    }

    /// Whether `family` (any spelling fontconfig accepts) is installed.
    func hasFamily(_ family: String) -> Bool { families[Self.normalized(family)] != nil }

    /// The face a layer's `font` names. Core Animation takes a font name; Reel accepts, in this
    /// order: a family name ("Noto Serif"), a face's full or PostScript name ("Noto Serif Bold",
    /// "NotoSerif-Bold"), a generic or aliased family ("monospace", "Menlo"), then Pango's
    /// description syntax ("Noto Serif Bold Italic") or PostScript style ("Menlo-Bold"). Names
    /// are matched ignoring case, spaces, hyphens and underscores. nil (or blank) is Core
    /// Animation's default, Helvetica. Unknown families become `fallbackFamily` (keeping any
    /// weight or style the name gives).
    func face(named name: String?) -> FontFace { resolve(name).face }

    /// The face `name` gives (see `face(named:)`), and whether it is the one asked for: false
    /// when an unknown family was replaced by the default (aliases count as asked for).
    func resolve(_ name: String?) -> (face: FontFace, available: Bool) {
        guard let name, !name.trimmingCharacters(in: .whitespaces).isEmpty else { return resolve(Self.defaultFont) }
        let key = Self.normalized(name)
        if let family = families[key] { return (FontFace(family: family), true) }
        if let face = faces[key] { return (face, true) }
        if let family = Self.aliases[key] { return (FontFace(family: family), true) }
        if let (_, face) = FontStandIns.face(for: name) { return (face, true) }
        // "Family-Style" as in PostScript names: read the style words (split "BoldItalic").
        var words = name
        if !name.contains(" "), let dash = name.lastIndex(of: "-") {
            let style = name[name.index(after: dash)...].replacingOccurrences(
                of: "([a-z])([A-Z])", with: "$1 $2", options: .regularExpression)
            words = "\(name[..<dash]) \(style)"
        }
        guard let description = pango_font_description_from_string(words) else {
            return (FontFace(family: Self.fallbackFamily), false)
        }
        defer { pango_font_description_free(description) }
        guard var face = FontFace(description: description) else {
            return (FontFace(family: Self.fallbackFamily), false)
        }
        let family = Self.normalized(face.family)
        let known = families[family] ?? Self.aliases[family] ?? (face.family.contains(",") ? face.family : nil)
        face.family = known ?? Self.nearest(to: family)
        return (face, known != nil)
    }

    /// The installed family most like an unknown one: monospaced for names that say so
    /// ("Noto Sans Mono", "Fira Code", "Courier Prime"), serif for serif names, else `fallbackFamily`.
    static func nearest(to family: String) -> String {
        if ["mono", "code", "courier", "console"].contains(where: family.contains) { return "Noto Sans Mono CJK SC" }
        if family.contains("serif"), !family.contains("sansserif") && !family.contains("sans") { return "Noto Serif" }
        return fallbackFamily
    }

    /// Every family, as fontconfig spells it, sorted.
    var familyNames: [String] { families.values.sorted() }

    /// The family list handed to Pango: the face's family, then the fallbacks.
    func familyList(for face: FontFace) -> String {
        ([face.family] + Self.fallbackFamilies.filter { Self.normalized($0) != Self.normalized(face.family) })
            .joined(separator: ",")
    }

    // MARK: - fontconfig

    /// A configuration with only `directories` and the cache locations (so fonts are not
    /// rescanned at every launch); no <include>, so none of the machine's rules apply.
    private static func makeConfig(directories: [String]) -> OpaquePointer? {
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(directories.map { "  <dir>\(escaped($0))</dir>" }.joined(separator: "\n"))
              <cachedir>/var/cache/fontconfig</cachedir>
              <cachedir prefix="xdg">fontconfig</cachedir>
            \(dejaVuMonoOnly)
            \(bitmapScaling)
            </fontconfig>
            """
        guard let config = FcConfigCreate() else { return nil }
        let loaded = xml.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigParseAndLoadFromMemory(config, $0, FcFalse) }
        }
        guard loaded == FcTrue, FcConfigBuildFonts(config) == FcTrue else {
            FcConfigDestroy(config)
            return nil
        }
        // An empty set (directories present but holding no fonts) would draw nothing at all:
        // fontconfig's own configuration is the better failure.
        var count: Int32 = 0
        forEachFont(in: config) { _ in count += 1 }
        guard count > 0 else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// Of fonts-dejavu-core only DejaVu Sans Mono, Menlo's stand-in: DejaVu Sans would
    /// otherwise answer for characters the Noto fallbacks are meant to draw.
    private static let dejaVuMonoOnly = """
          <selectfont>
            <acceptfont><glob>/usr/share/fonts/truetype/dejavu/DejaVuSansMono*</glob></acceptfont>
            <rejectfont><glob>/usr/share/fonts/truetype/dejavu/*</glob></rejectfont>
          </selectfont>
        """

    /// The one system rule text needs: a bitmap font (Noto Color Emoji has 109-pixel colour
    /// strikes only) is scaled to the size asked for, as fontconfig's 10-scale-bitmap-fonts.conf
    /// does; without it emoji are drawn at the strike's size whatever the font size.
    private static let bitmapScaling = """
          <alias binding="strong"><family>emoji</family><prefer><family>Noto Color Emoji</family></prefer></alias>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        """

    /// Every font of the configuration: the installed ones, then the files added to it.
    static func forEachFont(in config: OpaquePointer?, _ body: (OpaquePointer) -> Void) {
        for kind in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, kind), let fonts = set.pointee.fonts else { continue }
            for i in 0..<Int(set.pointee.nfont) {
                if let pattern = fonts[i] { body(pattern) }
            }
        }
    }

    /// All values of a string property (families and names come in several languages).
    static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var result: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            result.append(String(cString: value))
            n += 1
        }
        return result
    }

    /// Names compared the forgiving way fontconfig compares families, and hyphen-blind so that
    /// PostScript names ("NotoSans-Bold") meet full names ("Noto Sans Bold").
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" -_\t".unicodeScalars.contains($0) })
    }
}

/// A family with a weight, style and stretch (Pango's values).
struct FontFace: Hashable, Sendable {
    var family: String
    var weight = PANGO_WEIGHT_NORMAL.rawValue
    var style = PANGO_STYLE_NORMAL.rawValue
    var stretch = PANGO_STRETCH_NORMAL.rawValue

    init(family: String) { self.family = family }

    /// The face a Pango description names, or nil when it names no family.
    init?(description: OpaquePointer) {
        guard let family = pango_font_description_get_family(description) else { return nil }
        self.family = String(cString: family)
        weight = pango_font_description_get_weight(description).rawValue
        style = pango_font_description_get_style(description).rawValue
        stretch = pango_font_description_get_stretch(description).rawValue
    }

    /// The face of a fontconfig font, described the way Pango would.
    init?(pattern: OpaquePointer) {
        guard let description = pango_fc_font_description_from_pattern(pattern, 0) else { return nil }
        defer { pango_font_description_free(description) }
        self.init(description: description)
    }
}
