import Foundation

/// Reads font files and knows the installed families, so the decoder can check `canvas.fonts`
/// and warn about font names that are not available. Reel's implementation uses fontconfig
/// (`FontCatalog` in ReelRender); without one, fonts are not checked.
public protocol SceneFontCatalog: Sendable {
    /// The families a font file holds, or an error saying why it is not a font file.
    func families(inFile path: String) throws -> [String]
    /// The family text is drawn in when `name` is neither installed nor one of `sceneFamilies`
    /// (nil when it is available, or mapped on purpose: Helvetica, Menlo, serif…).
    func substitute(for name: String, sceneFamilies: [String]) -> String?
    /// How far a `CATextLayer`'s first baseline is below its top, per point of font size, in
    /// font `name`, with the scene's font `files` added to the installed fonts (nil when the
    /// catalogue cannot measure it).
    func ascent(ofFont name: String, files: [String]) -> Double?
    /// A font file the user installed (outside Reel's own font set) whose PostScript, full or
    /// family name is `name`, as iOS finds an app's registered fonts by name; nil when none is.
    func installedFile(named name: String) -> String?
    /// The stand-in `name` is drawn in when it names an iOS family Linux lacks (nil when it does
    /// not, or when `sceneFamilies` or the user's own font files have it).
    func standIn(for name: String, sceneFamilies: [String]) -> FontStandIn?
}

extension SceneFontCatalog {
    public func ascent(ofFont name: String, files: [String]) -> Double? { nil }
    public func installedFile(named name: String) -> String? { nil }
    public func standIn(for name: String, sceneFamilies: [String]) -> FontStandIn? { nil }
}

/// The font files Reel reads, by extension: TrueType and OpenType, collections too.
public let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc"]
