import Foundation

/// UIKit's dynamic system colours by name, in their light and dark variants: the one table the
/// scene format and ReelUIKit's `UIColor.systemBlue` & co. read.
///
/// Sources (sRGB, 0–255):
/// - the standard colours (`systemRed` … `systemGray6`): Apple's Human Interface Guidelines,
///   "Color", the iOS system colours table (default light and dark, the iOS 15–17 values);
/// - the element colours (`label` … `link`): the values UIKit resolves them to for the light and
///   dark trait collections, as listed in Noah Gilmore's "Backwards compatibility for iOS 13
///   system colors" (noahgilmore.com, 2019). The label and fill colours are translucent: their
///   alpha is part of the colour (`secondaryLabel` is (60, 60, 67) at 60 % in light).
public enum SystemColors {
    /// Which variant of a dynamic colour applies (UIKit's `userInterfaceStyle`).
    public enum Appearance: String, CaseIterable, Sendable {
        case light, dark
    }

    /// One variant: sRGB components 0–255 and an alpha 0–1.
    public struct Variant: Sendable, Hashable {
        public let red: UInt8, green: UInt8, blue: UInt8
        public let alpha: Double

        /// The variant as a colour.
        public var color: CGColor {
            CGColor(
                red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: CGFloat(alpha))
        }
    }

    /// The colour named `name` (UIKit's spelling, without "Color") in `appearance`; nil for
    /// another name.
    public static func color(named name: String, appearance: Appearance) -> CGColor? {
        guard let entry = table[name] else { return nil }
        return (appearance == .light ? entry.light : entry.dark).color
    }

    /// Every name, sorted.
    public static let names = table.keys.sorted()

    private static func v(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) -> Variant {
        Variant(red: r, green: g, blue: b, alpha: a)
    }

    /// Name → (light, dark).
    public static let table: [String: (light: Variant, dark: Variant)] = [
        // Standard colours (HIG).
        "systemRed": (v(255, 59, 48), v(255, 69, 58)),
        "systemOrange": (v(255, 149, 0), v(255, 159, 10)),
        "systemYellow": (v(255, 204, 0), v(255, 214, 10)),
        "systemGreen": (v(52, 199, 89), v(48, 209, 88)),
        "systemMint": (v(0, 199, 190), v(99, 230, 226)),
        "systemTeal": (v(48, 176, 199), v(64, 200, 224)),
        "systemCyan": (v(50, 173, 230), v(100, 210, 255)),
        "systemBlue": (v(0, 122, 255), v(10, 132, 255)),
        "systemIndigo": (v(88, 86, 214), v(94, 92, 230)),
        "systemPurple": (v(175, 82, 222), v(191, 90, 242)),
        "systemPink": (v(255, 45, 85), v(255, 55, 95)),
        "systemBrown": (v(162, 132, 94), v(172, 142, 104)),
        "systemGray": (v(142, 142, 147), v(142, 142, 147)),
        "systemGray2": (v(174, 174, 178), v(99, 99, 102)),
        "systemGray3": (v(199, 199, 204), v(72, 72, 74)),
        "systemGray4": (v(209, 209, 214), v(58, 58, 60)),
        "systemGray5": (v(229, 229, 234), v(44, 44, 46)),
        "systemGray6": (v(242, 242, 247), v(28, 28, 30)),
        // Element colours (UIKit's resolved values).
        "label": (v(0, 0, 0), v(255, 255, 255)),
        "secondaryLabel": (v(60, 60, 67, 0.6), v(235, 235, 245, 0.6)),
        "tertiaryLabel": (v(60, 60, 67, 0.3), v(235, 235, 245, 0.3)),
        "quaternaryLabel": (v(60, 60, 67, 0.18), v(235, 235, 245, 0.16)),
        "placeholderText": (v(60, 60, 67, 0.3), v(235, 235, 245, 0.3)),
        "systemFill": (v(120, 120, 128, 0.2), v(120, 120, 128, 0.36)),
        "secondarySystemFill": (v(120, 120, 128, 0.16), v(120, 120, 128, 0.32)),
        "tertiarySystemFill": (v(118, 118, 128, 0.12), v(118, 118, 128, 0.24)),
        "quaternarySystemFill": (v(116, 116, 128, 0.08), v(118, 118, 128, 0.18)),
        "systemBackground": (v(255, 255, 255), v(0, 0, 0)),
        "secondarySystemBackground": (v(242, 242, 247), v(28, 28, 30)),
        "tertiarySystemBackground": (v(255, 255, 255), v(44, 44, 46)),
        "systemGroupedBackground": (v(242, 242, 247), v(0, 0, 0)),
        "secondarySystemGroupedBackground": (v(255, 255, 255), v(28, 28, 30)),
        "tertiarySystemGroupedBackground": (v(242, 242, 247), v(44, 44, 46)),
        "separator": (v(60, 60, 67, 0.29), v(84, 84, 88, 0.6)),
        "opaqueSeparator": (v(198, 198, 200), v(56, 56, 58)),
        "link": (v(0, 122, 255), v(9, 132, 255)),
        "lightText": (v(255, 255, 255, 0.6), v(255, 255, 255, 0.6)),
        "darkText": (v(0, 0, 0), v(0, 0, 0)),
        // The tint of controls: systemBlue.
        "tintColor": (v(0, 122, 255), v(10, 132, 255))
    ]
}
