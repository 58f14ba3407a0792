import Foundation
import Reel

extension UIView {
    /// How a view lays out its content in its bounds: UIKit's names for the layer's
    /// `contentsGravity` (UIKit's y axis points down, as Reel's does, so `.top` is the top).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity UIKit sets for the mode (`redraw` scales, as `scaleToFill` does).
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }

    /// The layer's `contentsGravity` in UIKit's terms; `.scaleToFill` by default, as in UIKit.
    public var contentMode: ContentMode {
        get { ContentMode.allGravities.first { $0.gravity == layer.contentsGravity } ?? .scaleToFill }
        set { layer.contentsGravity = newValue.gravity }
    }
}

extension UIView.ContentMode {
    /// Every mode but `redraw` (which shares `scaleToFill`'s gravity), to read a gravity back.
    static let allGravities: [UIView.ContentMode] = [
        .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .top, .bottom,
        .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight
    ]
}

/// A view that shows an image: its layer's `contents` is the image's `cgImage`, laid out by
/// `contentMode`. Changing `image` never animates by itself (as in UIKit); add a `CATransition`
/// to the layer to cross-fade, push or flip to the new image.
open class UIImageView: UIView {
    /// The image shown; nil shows nothing.
    public var image: UIImage? {
        didSet { layer.contents = image?.cgImage }
    }

    /// An image view whose frame is `frame` and whose image is nil.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// An image view sized to the image (in points), at the origin, as UIKit's `init(image:)`.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.cgImage
    }
}
