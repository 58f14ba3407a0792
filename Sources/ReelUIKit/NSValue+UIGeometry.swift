import Foundation
import Reel

// UIKit's names for boxing geometry (UIGeometry.h). Foundation on Linux boxes the same values
// under its macOS names (`NSValue(point:)`); these forward to them, and animations unbox them
// (`fromValue = NSValue(cgPoint: p)` works as `fromValue = p` does). `NSValue(caTransform3D:)`
// comes with Reel, as it comes with QuartzCore on iOS.
extension NSValue {
    /// A box holding a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A box holding a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A box holding a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// The boxed point.
    public var cgPointValue: CGPoint { pointValue }
    /// The boxed size.
    public var cgSizeValue: CGSize { sizeValue }
    /// The boxed rectangle.
    public var cgRectValue: CGRect { rectValue }
}
