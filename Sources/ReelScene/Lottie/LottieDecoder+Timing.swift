import Foundation
import ReelCore
import ReelLottie

// MARK: - Precomp timing
extension LottieDecoder {
    /// A precomp layer's time stretch (`sr`) and time remapping (`tm`). Only precomps have a
    /// time of their own: lottie-ios's Core Animation engine reads neither elsewhere.
    func decodeTiming(_ fields: [String: SceneNode], _ path: String, into layer: inout LottieLayer) {
        if let node = fields["sr"], let stretch = number(node, "\(path).sr") {
            if stretch > 0 {
                layer.timeStretch = stretch
            } else {
                warn(path, "time stretch ('sr') must be above 0; played at normal speed", at: node)
            }
        }
        if let node = fields["tm"] { layer.timeRemap = animatable(node, "\(path).tm", default: 0, number) }
    }
}
