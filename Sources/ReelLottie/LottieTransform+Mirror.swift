import Foundation
import ReelCore

extension LottieTransform {
    /// Whether a negative x scale meets an animated rotation. lottie-ios mirrors with a half turn
    /// on `transform.rotation.y`; Core Animation keeps that mirror when a `transform.rotation.z`
    /// animation turns the layer, but a half turn about y decomposes into half turns about x and
    /// z, so setting z over it leaves an upside-down flip instead. Such a transform is drawn as
    /// one matrix (mirrored, then turned), the picture Core Animation shows.
    var mirrorsUnderAnimatedTurn: Bool {
        rotation.isAnimated && scale.keyframes.contains { $0.value.x < 0 }
    }
}
