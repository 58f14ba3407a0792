import Foundation
import ReelCore

/// A flat 2-D drawing for review pictures (timing diagrams, value plots): rectangles, lines,
/// circles and text in points. One description is written both as SVG text and drawn with Cairo
/// (`svg()`, `render(scale:)`), so the two outputs cannot disagree.
public struct Diagram: Sendable {
    /// Size in points.
    public var width: Double
    public var height: Double
    public var background: DiagramColor
    public var elements: [DiagramElement] = []
    /// Extra attributes of the SVG root, for pages that embed the drawing (the preview studio
    /// reads a timing diagram's time scale from `data-x0`, `data-x1` and `data-duration`).
    public var rootAttributes: [(name: String, value: String)] = []

    public init(width: Double, height: Double, background: DiagramColor) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// Appends an element (drawn over those before it).
    public mutating func add(_ element: DiagramElement) { elements.append(element) }

    /// The family text is drawn in: shipped with the toolchain's fonts on Linux, named with
    /// fallbacks in SVG so browsers without it still lay the picture out about the same.
    static let fontFamily = "DejaVu Sans"
    static let monoFontFamily = "DejaVu Sans Mono"
}

/// An sRGB colour with alpha, each 0…1.
public struct DiagramColor: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// `0xRRGGBB` with an alpha.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255,
            alpha: alpha)
    }

    /// The same colour with another alpha.
    public func opacity(_ alpha: Double) -> DiagramColor {
        DiagramColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Mixed with `other` by `amount` (0: self, 1: other).
    public func mixed(with other: DiagramColor, _ amount: Double) -> DiagramColor {
        func m(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
        return DiagramColor(
            red: m(red, other.red), green: m(green, other.green), blue: m(blue, other.blue),
            alpha: m(alpha, other.alpha))
    }

    public static let white = DiagramColor(red: 1, green: 1, blue: 1)
}

/// Stroke settings.
public struct DiagramStroke: Hashable, Sendable {
    public var color: DiagramColor
    public var width: Double
    /// Dash and gap lengths; empty for a solid line.
    public var dash: [Double]

    public init(_ color: DiagramColor, width: Double = 1, dash: [Double] = []) {
        self.color = color
        self.width = width
        self.dash = dash
    }
}

/// How text sits on its anchor point (the baseline's start, middle or end).
public enum DiagramTextAnchor: String, Sendable {
    case start, middle, end
}

/// Text style.
public struct DiagramFont: Hashable, Sendable {
    public var size: Double
    public var bold: Bool
    public var monospaced: Bool

    public init(size: Double, bold: Bool = false, monospaced: Bool = false) {
        self.size = size
        self.bold = bold
        self.monospaced = monospaced
    }

    var family: String { monospaced ? Diagram.monoFontFamily : Diagram.fontFamily }
}

/// One thing drawn.
public enum DiagramElement: Sendable {
    /// A rectangle with optionally rounded corners.
    case rect(
        x: Double, y: Double, width: Double, height: Double, radius: Double = 0, fill: DiagramColor?,
        stroke: DiagramStroke? = nil)
    /// Connected line segments; `closed` joins the last point to the first; a fill fills the shape.
    case polyline([CGPoint], stroke: DiagramStroke?, fill: DiagramColor? = nil, closed: Bool = false)
    case circle(x: Double, y: Double, radius: Double, fill: DiagramColor?, stroke: DiagramStroke? = nil)
    /// Text on one line; `y` is its baseline.
    case text(String, x: Double, y: Double, font: DiagramFont, color: DiagramColor, anchor: DiagramTextAnchor = .start)
    /// Elements drawn clipped to a rectangle.
    case clipped(x: Double, y: Double, width: Double, height: Double, [DiagramElement])
    /// Elements with a description: an SVG `<title>` (a tooltip in browsers); pixels ignore it.
    case titled(String, [DiagramElement])
}
