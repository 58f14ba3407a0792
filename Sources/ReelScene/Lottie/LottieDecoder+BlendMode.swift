import Foundation
import ReelCore
import ReelLottie

// MARK: - Blend modes
extension LottieDecoder {
    /// Lottie's blend modes (`bm` 1…15) as the compositing filters lottie-ios's Core Animation
    /// engine sets (Core Image's blend filters, by name); 0 is normal.
    static let compositingFilters: [CACompositingFilter] = [
        .multiplyBlendMode, .screenBlendMode, .overlayBlendMode, .darkenBlendMode, .lightenBlendMode,
        .colorDodgeBlendMode, .colorBurnBlendMode, .hardLightBlendMode, .softLightBlendMode, .differenceBlendMode,
        .exclusionBlendMode, .hueBlendMode, .saturationBlendMode, .colorBlendMode, .luminosityBlendMode
    ]

    /// The compositing filter of blend mode `node`, nil for normal.
    func decodeBlendMode(_ node: SceneNode, _ path: String) -> String? {
        guard let mode = number(node, "\(path).bm"), mode != 0 else { return nil }
        guard mode == mode.rounded(), mode >= 1, Int(mode) <= Self.compositingFilters.count else {
            warn(path, "'bm' \(JSONValue.format(mode)) is not a Lottie blend mode; drawn normally", at: node)
            return nil
        }
        return Self.compositingFilters[Int(mode) - 1].rawValue
    }
}
