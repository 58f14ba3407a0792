import Foundation
import ReelCore

extension SceneDecoder {
    /// The font file extensions `canvas.fonts` accepts.
    static let fontExtensions = fontFileExtensions

    /// `canvas.fonts`: font files next to the scene, each checked to be a font; their families
    /// join those text layers may name.
    func decodeFonts(_ node: SceneNode) -> [String] {
        guard case .sequence(let items, _) = node else {
            diagnostics.error(
                "'fonts' must be a list of font files (TrueType or OpenType: .ttf, .otf, .ttc), found \(node.kindDescription)",
                at: node.location)
            return []
        }
        var paths: [String] = []
        for item in items {
            guard let written = values.string(item, what: "a font file") else { continue }
            guard Self.fontExtensions.contains(URL(fileURLWithPath: written).pathExtension.lowercased()) else {
                diagnostics.error(
                    "font file '\(written)': Reel reads TrueType and OpenType fonts, named .ttf, .otf or .ttc",
                    at: item.location)
                continue
            }
            switch SceneFile.resolve(
                written, what: "font file", plural: "fonts", base: images.baseDirectory,
                limits: limits)
            {
            case .failure(let problem):
                diagnostics.error(problem.message, at: item.location)
            case .success(let path):
                if let fonts {
                    do {
                        let families = try fonts.families(inFile: path)
                        guard !families.isEmpty else { throw SceneFile.Problem(message: "it holds no font") }
                        sceneFontFamilies += families
                    } catch {
                        diagnostics.error("font file '\(written)' cannot be used: \(error)", at: item.location)
                        continue
                    }
                }
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    /// Warns when a layer names a font that is neither installed nor shipped with the scene,
    /// naming the family text is drawn in instead; an iOS family's stand-in once per family.
    func checkFontName(_ name: String, at location: SourcePosition) {
        if let standIn = fonts?.standIn(for: name, sceneFamilies: sceneFontFamilies) {
            // Once per family: a scene naming Helvetica a hundred times needs to hear it once.
            guard warnedStandIns.insert(standIn.original).inserted else { return }
            if limits.strict {
                diagnostics.error("\(standIn.warning(for: name)) (--strict)", at: location)
            } else {
                diagnostics.warning(standIn.warning(for: name), at: location)
            }
            return
        }
        guard let fonts, let substitute = fonts.substitute(for: name, sceneFamilies: sceneFontFamilies) else { return }
        diagnostics.warning(
            "font '\(name)' is not available; text is drawn in '\(substitute)' instead ('reel fonts' lists the families; ship a font file with canvas.fonts)",
            at: location)
    }
}
