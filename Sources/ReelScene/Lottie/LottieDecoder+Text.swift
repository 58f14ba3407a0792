import Foundation
import ReelCore
import ReelLottie

// MARK: - Text layers, fonts and glyphs
extension LottieDecoder {
    /// A text layer's content (`ty: 5`): its first text document, as lottie-ios's Core Animation
    /// engine shows it; nothing when it has none.
    func decodeText(_ fields: [String: SceneNode], _ path: String, at node: SceneNode) -> LottieLayer.Content {
        guard let t = fields["t"].flatMap({ object($0, "\(path).t") }),
            let d = t["d"].flatMap({ object($0, "\(path).t.d") }), let k = d["k"],
            case .sequence(let keys, _) = k, let first = keys.first,
            let key = object(first, "\(path).t.d.k[0]"), let s = key["s"],
            let document = object(s, "\(path).t.d.k[0].s")
        else {
            warn(path, "the text layer has no text document ('t.d.k[0].s'); not drawn", at: node)
            return .none
        }
        if keys.count > 1 {
            warn(path, "animated text documents are not supported; the first one is shown throughout", at: k)
        }
        if case .sequence(let animators, _)? = t["a"], !animators.isEmpty {
            warn(
                path,
                "text animators are not supported (nor by lottie-ios's Core Animation engine); drawn without them",
                at: t["a"]!)
        }
        let where_ = "\(path).t.d.k[0].s"
        guard let textNode = document["t"], let text = textNode.string else {
            warn(path, "the text document has no text ('t'); not drawn", at: s)
            return .none
        }
        guard text.unicodeScalars.count <= SceneLimits.maxTextCharacters else {
            diagnostics.error(
                "\(where_).t has \(text.unicodeScalars.count) characters; a text may have at most \(SceneLimits.maxTextCharacters)",
                at: textNode.location)
            return .none
        }
        let size = number(document["s"], "\(where_).s", default: 10)
        let justification: LottieText.Justification =
            switch number(document["j"], "\(where_).j", default: 0) {
            case 1: .right
            case 2: .center
            default: .left
            }
        func box(_ key: String) -> CGPoint? { document[key].flatMap { point($0, "\(where_).\(key)") } }
        let decoded = LottieText(
            text: text, fontName: document["f"]?.string ?? "", size: size,
            lineHeight: number(document["lh"], "\(where_).lh", default: size * 1.2),
            tracking: number(document["tr"], "\(where_).tr", default: 0), justification: justification,
            fillColor: document["fc"].flatMap { color($0, "\(where_).fc") },
            strokeColor: document["sc"].flatMap { color($0, "\(where_).sc") },
            strokeWidth: number(document["sw"], "\(where_).sw", default: 0),
            strokeOverFill: document["of"]?.bool ?? false,
            boxSize: box("sz").map { CGSize(width: $0.x, height: $0.y) }, boxPosition: box("ps"),
            baselineShift: number(document["ls"], "\(where_).ls", default: 0))
        texts.append((path, node, decoded))
        return .text(decoded)
    }

    /// Text drawn from glyph outlines counts against the paths' point limit (a long text of
    /// detailed glyphs repeats them); text set in a font warns about what it loses: a font that
    /// is not available, tracking and strokes.
    func checkTexts(in document: LottieDocument) {
        // Text set in a font is a layer per line.
        var lines = 0
        for (path, node, text) in texts {
            lines += text.lines.count
            guard lines <= SceneLimits.maxDrawnLayers else {
                diagnostics.error(
                    "\(path): the text layers have more than \(SceneLimits.maxDrawnLayers) lines in all, Reel's limit of layers",
                    at: node.location)
                return
            }
            guard let glyphs = document.glyphs(for: text) else {
                warnAboutFont(path, node, text, in: document)
                continue
            }
            pathPoints += glyphs.joined().reduce(0) { $0 + $1.pointCount }
            if pathPoints > SceneLimits.maxTotalPathPoints {
                diagnostics.error(
                    "\(path): with its text's glyph outlines the paths of this file have more than \(SceneLimits.maxTotalPathPoints) points in all, Reel's limit",
                    at: node.location)
                return
            }
        }
    }

    private func warnAboutFont(_ path: String, _ node: SceneNode, _ text: LottieText, in document: LottieDocument) {
        if let fonts, let name = document.availableFontName(for: text, in: fonts) {
            // An iOS family drawn in its stand-in: once per family, as in scene files.
            if let standIn = fonts.standIn(for: name, sceneFamilies: document.fontFamilies),
                warnedStandIns.insert(standIn.original).inserted
            {
                warn(path, standIn.warning(for: SceneNode.abbreviated(name)), at: node)
            }
        } else if let fonts {
            let name = document.fontNames(for: text)[0]
            let helvetica = fonts.standIn(for: "Helvetica", sceneFamilies: []).map { " '\($0.family)'" } ?? ""
            warn(
                path,
                "font '\(SceneNode.abbreviated(name))' is not available and 'chars' has no outlines for all of the text; drawn in Helvetica's stand-in\(helvetica), as iOS draws a font it does not know",
                at: node)
        }
        if text.tracking != 0 || (text.strokeColor != nil && text.strokeWidth > 0) {
            warn(
                path, "tracking and strokes of text are drawn only from glyph outlines ('chars'); drawn without them",
                at: node)
        }
    }

    /// `fonts.list` by `fName`.
    func decodeFonts(_ node: SceneNode?) -> [String: LottieFont] {
        guard let node, let fonts = object(node, "fonts"), case .sequence(let items, _)? = fonts["list"] else {
            return [:]
        }
        var result: [String: LottieFont] = [:]
        for (n, item) in items.enumerated() {
            guard let entry = object(item, "fonts.list[\(n)]"), let name = entry["fName"]?.string else { continue }
            result[name] = LottieFont(
                name: name, family: entry["fFamily"]?.string ?? name, style: entry["fStyle"]?.string ?? "",
                ascent: entry["ascent"].flatMap { number($0, "fonts.list[\(n)].ascent") })
        }
        return result
    }

    /// `chars`: each glyph's outline (its shapes' paths, at font size 100) and advance.
    func decodeGlyphs(_ node: SceneNode?) -> [LottieGlyph.Key: LottieGlyph] {
        guard let node else { return [:] }
        guard case .sequence(let items, _) = node else {
            diagnostics.error("chars must be a list of glyphs, found \(node.kindDescription)", at: node.location)
            return [:]
        }
        var glyphs: [LottieGlyph.Key: LottieGlyph] = [:]
        for (n, item) in items.enumerated() {
            let path = "chars[\(n)]"
            guard let fields = object(item, path), let text = fields["ch"]?.string, text.count == 1,
                let character = text.first
            else { continue }
            let outline = CGMutablePath()
            var points = 0
            if let data = fields["data"].flatMap({ object($0, "\(path).data") }), let shapes = data["shapes"] {
                points = Self.addPaths(of: decodeShapes(shapes, "\(path).data.shapes"), to: outline)
            }
            let key = LottieGlyph.Key(
                character: character, family: fields["fFamily"]?.string ?? "", style: fields["style"]?.string ?? "")
            glyphs[key] = LottieGlyph(
                advance: number(fields["w"], "\(path).w", default: 0), outline: outline, pointCount: points)
        }
        return glyphs
    }

    /// Adds the paths of a glyph's shapes (groups flattened: Bodymovin writes glyphs
    /// untransformed); returns their points, counted as the decoder counts paths'.
    private static func addPaths(of items: [LottieShapeItem], to outline: CGMutablePath) -> Int {
        var points = 0
        for item in items {
            switch item {
            case .group(_, let children, _): points += addPaths(of: children, to: outline)
            case .path(_, let bezier):
                outline.addPath(bezier.initial.cgPath)
                points += bezier.initial.vertices.count * 3
            default: break
            }
        }
        return points
    }
}
