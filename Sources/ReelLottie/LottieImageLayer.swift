import Foundation
import ReelCore

/// The layer an image layer (`ty: 2`) draws, as lottie-ios's Core Animation engine makes it: the
/// image as `contents`, bounds of the asset's `w × h` from the layer's origin, and Core
/// Animation's default gravity (`resize`), so the image fills those bounds.
enum LottieImageLayer {
    static func make(_ asset: LottieImageAsset) -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 0, y: 0, width: asset.width, height: asset.height)
        layer.contents = asset.image
        return layer
    }
}
