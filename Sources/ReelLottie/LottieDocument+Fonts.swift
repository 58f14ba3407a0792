import Foundation
import ReelCore

extension LottieDocument {
    /// The names `text`'s font is looked up by, in the order iOS finds a font: `fName`, the
    /// PostScript name lottie-ios hands to `CTFontCreateWithName`; then the family with its
    /// style (`Avenir Next Medium`), then the family alone. After Effects exports often pad the
    /// family with spaces, which no font's name has.
    public func fontNames(for text: LottieText) -> [String] {
        guard let font = fonts[text.fontName] else { return [text.fontName] }
        let family = font.family.trimmingCharacters(in: .whitespaces)
        let style = font.style.trimmingCharacters(in: .whitespaces)
        var names: [String] = []
        for name in [font.name, style.isEmpty ? family : "\(family) \(style)", family]
        where !name.isEmpty && !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// The first of `fontNames(for:)` that `catalog` has, with the document's own font files
    /// (`fontFamilies`); nil when none is, and the text is drawn in Helvetica's stand-in.
    public func availableFontName(for text: LottieText, in catalog: SceneFontCatalog) -> String? {
        fontNames(for: text).first { catalog.substitute(for: $0, sceneFamilies: fontFamilies) == nil }
    }
}
