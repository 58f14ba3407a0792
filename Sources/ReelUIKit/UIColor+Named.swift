import Foundation
import Reel

// MARK: - UIKit's fixed colours (exact component values from UIColor.h)

extension UIColor {
    /// White 0.
    public static let black = UIColor(white: 0, alpha: 1)
    /// White 1/3.
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// White 2/3.
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// White 1.
    public static let white = UIColor(white: 1, alpha: 1)
    /// White 0.5.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// (1, 0, 0).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// White 0, alpha 0.
    public static let clear = UIColor(white: 0, alpha: 0)
}

// MARK: - System colours: iOS 15+ light-mode sRGB values (Apple's Human Interface Guidelines)

extension UIColor {
    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    /// (255, 59, 48).
    public static let systemRed = rgb(255, 59, 48)
    /// (255, 149, 0).
    public static let systemOrange = rgb(255, 149, 0)
    /// (255, 204, 0).
    public static let systemYellow = rgb(255, 204, 0)
    /// (52, 199, 89).
    public static let systemGreen = rgb(52, 199, 89)
    /// (0, 199, 190).
    public static let systemMint = rgb(0, 199, 190)
    /// (48, 176, 199) — iOS 15's value (iOS 13–14 had (90, 200, 250)).
    public static let systemTeal = rgb(48, 176, 199)
    /// (50, 173, 230).
    public static let systemCyan = rgb(50, 173, 230)
    /// (0, 122, 255).
    public static let systemBlue = rgb(0, 122, 255)
    /// (88, 86, 214).
    public static let systemIndigo = rgb(88, 86, 214)
    /// (175, 82, 222).
    public static let systemPurple = rgb(175, 82, 222)
    /// (255, 45, 85).
    public static let systemPink = rgb(255, 45, 85)
    /// (162, 132, 94).
    public static let systemBrown = rgb(162, 132, 94)
    /// (142, 142, 147).
    public static let systemGray = rgb(142, 142, 147)
    /// (174, 174, 178).
    public static let systemGray2 = rgb(174, 174, 178)
    /// (199, 199, 204).
    public static let systemGray3 = rgb(199, 199, 204)
    /// (209, 209, 214).
    public static let systemGray4 = rgb(209, 209, 214)
    /// (229, 229, 234).
    public static let systemGray5 = rgb(229, 229, 234)
    /// (242, 242, 247).
    public static let systemGray6 = rgb(242, 242, 247)

    /// The tint of controls: systemBlue.
    public static let tintColor = systemBlue
    /// Text: black.
    public static let label = rgb(0, 0, 0)
    /// Secondary text: (60, 60, 67) at 60 %.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// Screen background: white.
    public static let systemBackground = rgb(255, 255, 255)
    /// Grouped content: (242, 242, 247).
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// Hairlines: (60, 60, 67) at 29 %.
    public static let separator = rgb(60, 60, 67, 0.29)
}
