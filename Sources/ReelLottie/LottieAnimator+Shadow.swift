import Foundation
import ReelCore

extension LottieAnimator {
    /// A drop shadow as the layer's shadow: colour, opacity, radius and offset, each animated
    /// when it has keyframes (as lottie-ios's Core Animation engine adds them).
    func apply(_ shadow: LottieDropShadow, to layer: CALayer, offset: Double) {
        apply(shadow.color, to: layer, keyPath: "shadowColor", offset: offset) { $0 }
        apply(shadow.opacity, to: layer, keyPath: "shadowOpacity", offset: offset) { $0 }
        apply(shadow.radius, to: layer, keyPath: "shadowRadius", offset: offset) { $0 }
        apply(shadow.offset, to: layer, keyPath: "shadowOffset", offset: offset) { $0 }
    }
}
