import CPango
import Foundation
import ReelCore

/// The fonts text can use, for the scene checks and `reel fonts`: the families installed for
/// Reel, what a font file holds, and which family a name that is not available is drawn in.
public struct FontCatalog: SceneFontCatalog {
    public init() {}

    /// The families text layers can name (scene fonts aside), sorted.
    public static var installedFamilies: [String] { FontLibrary.installed.familyNames }

    /// The family CATextLayer's default font (`font` nil: Helvetica, as Core Animation documents)
    /// is drawn in: Helvetica's stand-in.
    public static var defaultFamily: String { FontLibrary.installed.face(named: nil).family }

    /// The families iOS code names, with the installed family each is drawn in, by name.
    public static var appleNames: [FontStandIn] {
        FontStandIns.table.values.filter { !$0.original.hasPrefix(".") }.sorted { $0.original < $1.original }
    }

    /// The family text whose `font` is `name` is drawn in.
    public static func family(for name: String?) -> String { FontLibrary.installed.face(named: name).family }

    /// The families in a font file (read by fontconfig on its own, not added to anything).
    public func families(inFile path: String) throws -> [String] {
        guard let config = FcConfigCreate() else { throw FontFileError(message: "fontconfig is not available") }
        defer { FcConfigDestroy(config) }
        guard FcConfigAppFontAddFile(config, path) == FcTrue else {
            throw FontFileError(message: "it is not a TrueType or OpenType font")
        }
        var families: [String] = []
        FontLibrary.forEachFont(in: config) { pattern in
            for family in FontLibrary.strings(pattern, FC_FAMILY) where !families.contains(family) {
                families.append(family)
            }
        }
        return families
    }

    /// nil when `name` is available (installed, mapped on purpose, or one of `sceneFamilies`,
    /// with or without style words), else the family it is drawn in instead.
    public func substitute(for name: String, sceneFamilies: [String]) -> String? {
        let key = FontLibrary.normalized(name)
        if sceneFamilies.contains(where: { key.hasPrefix(FontLibrary.normalized($0)) }) { return nil }
        let (face, available) = FontLibrary.installed.resolve(name)
        return available ? nil : face.family
    }

    /// The stand-in table's entry for `name`, unless one of the scene's own font files has the
    /// family (then iOS's font itself is drawn).
    public func standIn(for name: String, sceneFamilies: [String]) -> FontStandIn? {
        let key = FontLibrary.normalized(name)
        if sceneFamilies.contains(where: { key.hasPrefix(FontLibrary.normalized($0)) }) { return nil }
        if FontLibrary.installed.hasFamily(name) { return nil }
        return FontStandIns.face(for: name)?.standIn
    }

    /// Measured on a layout of one capital in `name`, as text layers set it.
    public func ascent(ofFont name: String, files: [String]) -> Double? {
        var state = LayerState()
        state.string = "X"
        state.font = name
        let key = TextLayoutKey(state, size: 100, width: 0, height: 0)
        return TextEnginePool.with(files: files).withEngine { $0.layout(for: key).lines.first?.baseline }.map {
            $0 / 100
        }
    }

    public func installedFile(named name: String) -> String? {
        Self.userFonts[FontLibrary.normalized(name.trimmingCharacters(in: .whitespaces))]
    }

    /// The fonts fontconfig's own configuration finds (the system's and the user's, such as
    /// `~/.local/share/fonts`) by normalised PostScript and full name, then family: read once,
    /// and only used for a name Reel's own set lacks, so they never replace a family or a
    /// fallback.
    private static let userFonts: [String: String] = {
        guard let config = FcInitLoadConfigAndFonts() else { return [:] }
        var byName: [String: String] = [:], byFamily: [String: String] = [:]
        FontLibrary.forEachFont(in: config) { pattern in
            guard let file = FontLibrary.strings(pattern, FC_FILE).first,
                fontFileExtensions.contains(URL(fileURLWithPath: file).pathExtension.lowercased())
            else { return }
            for name in FontLibrary.strings(pattern, FC_POSTSCRIPT_NAME) + FontLibrary.strings(pattern, FC_FULLNAME) {
                byName[FontLibrary.normalized(name)] = byName[FontLibrary.normalized(name)] ?? file
            }
            for family in FontLibrary.strings(pattern, FC_FAMILY) {
                byFamily[FontLibrary.normalized(family)] = byFamily[FontLibrary.normalized(family)] ?? file
            }
        }
        return byName.merging(byFamily) { name, _ in name }
    }()

    struct FontFileError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
