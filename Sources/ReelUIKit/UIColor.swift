import Foundation
import Reel

/// A colour with UIKit's initialisers and named colours, bridging to Reel's `CGColor`.
///
/// Components are sRGB, 0…1, straight alpha — what `CGColor` holds, so `UIColor(cgColor:)` and
/// `.cgColor` convert without loss. Layer properties take a `CGColor`: write
/// `layer.backgroundColor = UIColor.systemBlue.cgColor` as on iOS. There are no dynamic (dark
/// mode) colours: the system colours are iOS's light-mode values.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour as a Core Graphics colour, for layer properties.
    public let cgColor: CGColor

    /// A colour from a Core Graphics colour.
    public init(cgColor: CGColor) { self.cgColor = cgColor }

    /// A colour from sRGB components in 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness (HSB, also called HSV), each 0…1; a hue of
    /// 1 is red again, as 0 is.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = brightness
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Reel's convenience (UIKit has none): a colour from a 24-bit `0xRRGGBB` value, as design
    /// tools write them — `UIColor(hex: 0x3478F6)`.
    public convenience init(hex: UInt32, alpha: CGFloat = 1) {
        self.init(
            red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
            blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
    }

    /// Reel's convenience (UIKit has none): a colour from `"#RRGGBB"`, `"#RRGGBBAA"`, `"#RGB"` or
    /// `"#RGBA"` (the `#` optional); nil when the text is not one of those.
    public convenience init?(hex text: String) {
        var digits = text.trimmingCharacters(in: .whitespaces)
        if digits.hasPrefix("#") { digits.removeFirst() }
        guard let color = CGColor(cssString: "#" + digits) else { return nil }
        self.init(cgColor: color)
    }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(cgColor: cgColor.copy(alpha: alpha)) }

    /// The sRGB components; true, as every colour here is RGB.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = cgColor.red; green?.pointee = cgColor.green; blue?.pointee = cgColor.blue;
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Hue, saturation and brightness (HSB) and alpha; true, as every colour here converts.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let (r, g, b) = (cgColor.red, cgColor.green, cgColor.blue)
        let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
        var h: CGFloat = 0
        if delta > 0 {
            if maxC == r {
                h = (g - b) / delta
            } else if maxC == g {
                h = 2 + (b - r) / delta
            } else {
                h = 4 + (r - g) / delta
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maxC == 0 ? 0 : delta / maxC
        brightness?.pointee = maxC
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// The grey level (the mean of the components, exact for greys) and alpha; true when the
    /// colour is a grey, as UIKit answers only for greyscale colours.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (cgColor.red + cgColor.green + cgColor.blue) / 3
        alpha?.pointee = cgColor.alpha
        return cgColor.red == cgColor.green && cgColor.green == cgColor.blue
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
    public var description: String { "UIColor(\(cgColor))" }
}
