import Foundation
import ReelCore

/// A text layer's document (`t.d`): the text and how it is set. lottie-ios's Core Animation
/// engine shows one document (the first keyframe's); the text is a plain value here so that
/// text replacement only has to change `text`.
public struct LottieText {
    /// How lines sit on the layer's origin (`j`): `left` starts there, `right` ends there,
    /// `center` is centred on it.
    public enum Justification {
        case left, right, center
    }

    /// `t`: lines end at `\r` (After Effects' paragraph break), `\n` or `\u{3}`.
    public var text: String
    /// `f`: the font's name, looked up in the document's `fonts`.
    public var fontName: String
    /// `s`: the font size in points.
    public var size: Double
    /// `lh`: from one baseline to the next, in points.
    public var lineHeight: Double
    /// `tr`: extra space after each character, in thousandths of the font size.
    public var tracking: Double
    public var justification: Justification
    /// `fc`, `sc`: nil draws no fill or stroke.
    public var fillColor: CGColor?
    public var strokeColor: CGColor?
    /// `sw`: the stroke's width (see `LottieTextBuilder` for how Core Text reads it).
    public var strokeWidth: Double
    /// `of`: the stroke is drawn over the fill.
    public var strokeOverFill: Bool
    /// `sz`, `ps`: a paragraph box (size, and its top-left corner); nil for point text.
    public var boxSize: CGSize?
    public var boxPosition: CGPoint?
    /// `ls`: the baseline moved up by this many points. lottie-ios's Core Animation engine does
    /// not apply it, so neither does Reel; kept for keypath overrides and reports.
    public var baselineShift: Double

    public init(
        text: String, fontName: String, size: Double, lineHeight: Double, tracking: Double = 0,
        justification: Justification = .left, fillColor: CGColor? = .black, strokeColor: CGColor? = nil,
        strokeWidth: Double = 0, strokeOverFill: Bool = false, boxSize: CGSize? = nil, boxPosition: CGPoint? = nil,
        baselineShift: Double = 0
    ) {
        self.text = text
        self.fontName = fontName
        self.size = size
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.justification = justification
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.strokeWidth = strokeWidth
        self.strokeOverFill = strokeOverFill
        self.boxSize = boxSize
        self.boxPosition = boxPosition
        self.baselineShift = baselineShift
    }

    /// The lines of `text`, split at `\r`, `\r\n`, `\n` and `\u{3}`.
    public var lines: [String] {
        text.replacingOccurrences(of: "\r\n", with: "\r").split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
        ).map(String.init)
    }
}

/// An entry of the document's `fonts.list`.
public struct LottieFont: Hashable {
    /// `fName`, which text documents name in `f`.
    public var name: String
    /// `fFamily` and `fStyle` (`Avenir Next`, `Medium`).
    public var family: String
    public var style: String
    /// `ascent`: the height of the font's capitals above the baseline, in percent of its size.
    public var ascent: Double?

    public init(name: String, family: String, style: String, ascent: Double? = nil) {
        self.name = name
        self.family = family
        self.style = style
        self.ascent = ascent
    }
}

/// One glyph of the document's `chars`: its outline at font size 100, for one character of one
/// font family and style.
public struct LottieGlyph {
    /// A glyph is found by its character, font family and style, as Bodymovin writes them.
    public struct Key: Hashable {
        public var character: Character
        public var family: String
        public var style: String

        public init(character: Character, family: String, style: String) {
            self.character = character
            self.family = family
            self.style = style
        }
    }

    /// `w`: the advance at font size 100.
    public var advance: Double
    /// The outline at font size 100, the baseline at y 0 (y grows downwards).
    public var outline: CGPath
    /// The outline's vertices and their tangents, as paths' points are counted against limits.
    public var pointCount: Int

    public init(advance: Double, outline: CGPath, pointCount: Int = 0) {
        self.advance = advance
        self.outline = outline
        self.pointCount = pointCount
    }
}

/// A drop shadow (effect `ty: 25`, or layer style `ty: 1`) as Core Animation's layer shadow.
public struct LottieDropShadow {
    public var color: LottieAnimatable<CGColor>
    /// 0…1.
    public var opacity: LottieAnimatable<Double>
    /// Core Animation's `shadowRadius`.
    public var radius: LottieAnimatable<Double>
    /// Core Animation's `shadowOffset`.
    public var offset: LottieAnimatable<CGSize>

    public init(
        color: LottieAnimatable<CGColor>, opacity: LottieAnimatable<Double>, radius: LottieAnimatable<Double>,
        offset: LottieAnimatable<CGSize>
    ) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }

    /// The offset of a shadow cast `distance` points towards `angle` degrees, measured clockwise
    /// on screen from the x axis (so 90° is straight down), as lottie-ios turns angle and
    /// distance into `shadowOffset`.
    public static func offset(angle: Double, distance: Double) -> CGSize {
        let radians = angle * .pi / 180
        return CGSize(width: distance * cos(radians), height: distance * sin(radians))
    }

    /// The offset at each keyframe of `angle` and `distance` (see `offset(angle:distance:)`).
    public static func offset(angle: LottieAnimatable<Double>, distance: LottieAnimatable<Double>)
        -> LottieAnimatable<CGSize>
    {
        LottieShapePath.combined([angle.map { CGPoint(x: $0, y: 0) }, distance.map { CGPoint(x: $0, y: 0) }]) {
            offset(angle: $0[0].x, distance: $0[1].x)
        }
    }
}

extension LottieDocument {
    /// The glyphs of every character of `text`'s lines, from `chars`; nil when one is missing
    /// (the text is then set in its font).
    public func glyphs(for text: LottieText) -> [[LottieGlyph]]? {
        guard !glyphs.isEmpty else { return nil }
        let font = fonts[text.fontName]
        let family = font?.family ?? "", style = font?.style ?? ""
        var result: [[LottieGlyph]] = []
        for line in text.lines {
            var row: [LottieGlyph] = []
            for character in line {
                guard let glyph = glyphs[.init(character: character, family: family, style: style)] else { return nil }
                row.append(glyph)
            }
            result.append(row)
        }
        return result
    }
}
