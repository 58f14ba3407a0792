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

// MARK: - System colours: their light variants, from the table the scene format reads too

/// The system colours are dynamic on iOS (light and dark); a UIColor here is one fixed colour, so
/// these are the light variants (`SystemColors` has both, and the values' sources). A scene file
/// picks the variant with `canvas.appearance`.
extension UIColor {
    private static func system(_ name: String) -> UIColor {
        UIColor(cgColor: SystemColors.color(named: name, appearance: .light)!)
    }

    /// UIKit's `systemRed` (light).
    public static let systemRed = system("systemRed")
    /// UIKit's `systemOrange` (light).
    public static let systemOrange = system("systemOrange")
    /// UIKit's `systemYellow` (light).
    public static let systemYellow = system("systemYellow")
    /// UIKit's `systemGreen` (light).
    public static let systemGreen = system("systemGreen")
    /// UIKit's `systemMint` (light).
    public static let systemMint = system("systemMint")
    /// UIKit's `systemTeal` (light).
    public static let systemTeal = system("systemTeal")
    /// UIKit's `systemCyan` (light).
    public static let systemCyan = system("systemCyan")
    /// UIKit's `systemBlue` (light).
    public static let systemBlue = system("systemBlue")
    /// UIKit's `systemIndigo` (light).
    public static let systemIndigo = system("systemIndigo")
    /// UIKit's `systemPurple` (light).
    public static let systemPurple = system("systemPurple")
    /// UIKit's `systemPink` (light).
    public static let systemPink = system("systemPink")
    /// UIKit's `systemBrown` (light).
    public static let systemBrown = system("systemBrown")
    /// UIKit's `systemGray` (light).
    public static let systemGray = system("systemGray")
    /// UIKit's `systemGray2` (light).
    public static let systemGray2 = system("systemGray2")
    /// UIKit's `systemGray3` (light).
    public static let systemGray3 = system("systemGray3")
    /// UIKit's `systemGray4` (light).
    public static let systemGray4 = system("systemGray4")
    /// UIKit's `systemGray5` (light).
    public static let systemGray5 = system("systemGray5")
    /// UIKit's `systemGray6` (light).
    public static let systemGray6 = system("systemGray6")
    /// UIKit's `tintColor` (light).
    public static let tintColor = system("tintColor")
    /// UIKit's `label` (light).
    public static let label = system("label")
    /// UIKit's `secondaryLabel` (light).
    public static let secondaryLabel = system("secondaryLabel")
    /// UIKit's `tertiaryLabel` (light).
    public static let tertiaryLabel = system("tertiaryLabel")
    /// UIKit's `quaternaryLabel` (light).
    public static let quaternaryLabel = system("quaternaryLabel")
    /// UIKit's `placeholderText` (light).
    public static let placeholderText = system("placeholderText")
    /// UIKit's `systemFill` (light).
    public static let systemFill = system("systemFill")
    /// UIKit's `secondarySystemFill` (light).
    public static let secondarySystemFill = system("secondarySystemFill")
    /// UIKit's `tertiarySystemFill` (light).
    public static let tertiarySystemFill = system("tertiarySystemFill")
    /// UIKit's `quaternarySystemFill` (light).
    public static let quaternarySystemFill = system("quaternarySystemFill")
    /// UIKit's `systemBackground` (light).
    public static let systemBackground = system("systemBackground")
    /// UIKit's `secondarySystemBackground` (light).
    public static let secondarySystemBackground = system("secondarySystemBackground")
    /// UIKit's `tertiarySystemBackground` (light).
    public static let tertiarySystemBackground = system("tertiarySystemBackground")
    /// UIKit's `systemGroupedBackground` (light).
    public static let systemGroupedBackground = system("systemGroupedBackground")
    /// UIKit's `secondarySystemGroupedBackground` (light).
    public static let secondarySystemGroupedBackground = system("secondarySystemGroupedBackground")
    /// UIKit's `tertiarySystemGroupedBackground` (light).
    public static let tertiarySystemGroupedBackground = system("tertiarySystemGroupedBackground")
    /// UIKit's `separator` (light).
    public static let separator = system("separator")
    /// UIKit's `opaqueSeparator` (light).
    public static let opaqueSeparator = system("opaqueSeparator")
    /// UIKit's `link` (light).
    public static let link = system("link")
    /// UIKit's `lightText` (light).
    public static let lightText = system("lightText")
    /// UIKit's `darkText` (light).
    public static let darkText = system("darkText")
}
