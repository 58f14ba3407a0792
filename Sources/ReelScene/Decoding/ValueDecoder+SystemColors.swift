import Foundation
import ReelCore

/// Which variant UIKit's dynamic colours (`systemBlue`, `label`, …) take in a scene:
/// `canvas.appearance`, light unless the canvas says dark (as an iPhone out of the box).
final class AppearanceSetting {
    var value: SystemColors.Appearance = .light
}

extension ValueDecoder {
    /// Every colour name a scene may use: CSS's and UIKit's system colours.
    static let colorNames = CGColor.cssNames.keys.sorted() + SystemColors.names
}

extension SceneDecoder {
    /// `canvas.appearance: light | dark`.
    func decodeAppearance(_ node: SceneNode) {
        if let v = values.choice(node, what: "appearance", among: SystemColors.Appearance.allCases.map(\.rawValue)),
            let appearance = SystemColors.Appearance(rawValue: v)
        {
            values.appearance.value = appearance
        }
    }
}
