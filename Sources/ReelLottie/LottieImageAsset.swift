import Foundation
import ReelCore

/// An image asset (`assets[]` with `p`): its size in points and the decoded image, nil when it
/// could not be loaded (warned about when decoded; its layers then draw nothing, as in lottie-ios).
public struct LottieImageAsset {
    /// `w`, `h`: the size the image layer gives it, whatever the image's own pixel size.
    public var width: Double
    public var height: Double
    public var image: CGImage?

    public init(width: Double, height: Double, image: CGImage?) {
        self.width = width
        self.height = height
        self.image = image
    }
}
