import Foundation
import ReelCore

/// Builds a text layer's content as lottie-ios's Core Animation engine shows it: one text
/// document, set with Core Text from the layer's origin, the first line's baseline at y 0 (or,
/// in a paragraph box, the capitals' height below its top), each line `lineHeight` below the
/// one before, justified on x 0 (or in the box's width).
///
/// When the file carries the outlines of every character (`chars`, the font's own glyphs, as
/// Bodymovin exports them) they are drawn: the same shapes Core Text draws from that font. Other
/// text is set in the font through the font catalogue (`CATextLayer`); a font that is not
/// available is drawn in Helvetica's stand-in, as Core Text does with a name it does not know,
/// and without the font's kerning, as lottie-ios sets it.
struct LottieTextBuilder {
    let document: LottieDocument
    /// Measures fonts (nil: Reel's default proportions are assumed).
    let fonts: SceneFontCatalog?

    /// The layers drawing `text`, in the coordinates of the text layer.
    func layers(for text: LottieText) -> [CALayer] {
        let font = document.fonts[text.fontName]
        if let glyphs = document.glyphs(for: text) {
            let lines = text.boxSize.map { wrapped(glyphs, text, width: $0.width) } ?? glyphs
            return outlineLayers(text, glyphs: lines, font: font)
        }
        return fontLayers(text, font: font)
    }

    /// Where line `n`'s baseline starts, and the fraction of the line's width left of it
    /// (0 left-justified, 1 right, ½ centred).
    private func origin(of n: Int, _ text: LottieText, font: LottieFont?) -> (point: CGPoint, fraction: Double) {
        let fraction: Double =
            switch text.justification {
            case .left: 0
            case .right: 1
            case .center: 0.5
            }
        var point = CGPoint(x: 0, y: Double(n) * text.lineHeight)
        if let size = text.boxSize {
            let box = text.boxPosition ?? .zero
            // Core Text sets box text from its top: the first baseline is the capitals' height down.
            let capitals = (font?.ascent ?? Self.capitalHeight * 100) / 100 * text.size
            point.x += box.x + size.width * fraction
            point.y += box.y + capitals
        }
        return (point, fraction)
    }

    /// Lines broken between words to fit `width` (Core Text's word wrapping of box text): a
    /// word goes to the next line when it would pass the width, the space before it dropped; a
    /// word longer than the width stays whole on a line of its own.
    private func wrapped(_ lines: [[LottieGlyph]], _ text: LottieText, width: Double) -> [[LottieGlyph]] {
        let scale = text.size / 100
        let tracking = text.tracking * text.size / 1000
        var result: [[LottieGlyph]] = []
        for (glyphs, characters) in zip(lines, text.lines.map(Array.init)) {
            var line: [LottieGlyph] = []
            var lineWidth = 0.0
            var start = 0
            // Words with the spaces before them.
            while start < glyphs.count {
                var end = start
                while end < glyphs.count, characters[end] == " " { end += 1 }
                let spaces = end
                while end < glyphs.count, characters[end] != " " { end += 1 }
                let advance = glyphs[start..<end].reduce(0) { $0 + $1.advance * scale + tracking }
                if !line.isEmpty, lineWidth + advance > width {
                    result.append(line)
                    line = Array(glyphs[spaces..<end])
                    lineWidth = line.reduce(0) { $0 + $1.advance * scale + tracking }
                } else {
                    line += glyphs[start..<end]
                    lineWidth += advance
                }
                start = end
            }
            result.append(line)
        }
        return result
    }

    /// Capitals' height per point of size when the file does not give the font's `ascent`.
    static let capitalHeight = 0.72

    /// One shape layer of every glyph's outline, scaled from size 100, advanced by its width
    /// and the tracking; the stroke under the fill unless `strokeOverFill`.
    private func outlineLayers(_ text: LottieText, glyphs: [[LottieGlyph]], font: LottieFont?) -> [CALayer] {
        let scale = text.size / 100
        let tracking = text.tracking * text.size / 1000
        let outline = CGMutablePath()
        for (n, line) in glyphs.enumerated() {
            let width = line.reduce(0) { $0 + $1.advance * scale + tracking }
            let (origin, fraction) = origin(of: n, text, font: font)
            var x = origin.x - width * fraction
            for glyph in line {
                outline.addPath(
                    glyph.outline,
                    transform: CATransform3DConcat(
                        CATransform3DMakeScale(scale, scale, 1), CATransform3DMakeTranslation(x, origin.y, 0)))
                x += glyph.advance * scale + tracking
            }
        }
        var made: [CALayer] = []
        if let color = text.fillColor {
            let fill = CAShapeLayer()
            fill.path = outline
            fill.fillColor = color
            fill.strokeColor = nil
            made.append(fill)
        }
        if let color = text.strokeColor, text.strokeWidth > 0 {
            let stroke = CAShapeLayer()
            stroke.path = outline
            stroke.fillColor = nil
            stroke.strokeColor = color
            // lottie-ios hands `sw` to Core Text's stroke width, which reads it in percent of the
            // font size.
            stroke.lineWidth = text.strokeWidth * text.size / 100
            stroke.lineJoin = .round
            made.insert(stroke, at: text.strokeOverFill ? made.count : 0)
        }
        return made
    }

    /// A `CATextLayer` per line, anchored on its baseline's start. Tracking and strokes, which
    /// `CATextLayer` does not draw, are left out.
    private func fontLayers(_ text: LottieText, font: LottieFont?) -> [CALayer] {
        // A size of 0 or less draws nothing (and would put the anchor at a division by zero).
        guard let color = text.fillColor, text.size > 0 else { return [] }
        let name =
            fonts.map { document.availableFontName(for: text, in: $0) ?? "Helvetica" }
            ?? document.fontNames(for: text)[0]
        let ascent = fonts?.ascent(ofFont: name, files: document.fontFiles) ?? 1
        return text.lines.enumerated().compactMap { n, line in
            guard !line.isEmpty else { return nil }
            let (origin, fraction) = origin(of: n, text, font: font)
            let layer = CATextLayer()
            layer.string = line
            layer.font = name
            layer.fontSize = text.size
            // lottie-ios sets Core Text's kern attribute to the tracking, which replaces the
            // font's own kerning: its text is set unkerned.
            layer.isKerned = false
            layer.foregroundColor = color
            layer.alignmentMode = fraction == 0 ? .left : fraction == 1 ? .right : .center
            // Wide enough for any line (unwrapped text is aligned within the bounds' width).
            let bounds = CGSize(width: text.size * Double(line.count + 1) * 2, height: text.size * 2)
            layer.bounds = CGRect(origin: .zero, size: bounds)
            layer.anchorPoint = CGPoint(x: fraction, y: ascent * text.size / bounds.height)
            layer.position = origin
            return layer
        }
    }
}
