import Foundation

/// The model (or presentation) values of one layer: a plain value, cheap to copy, so the
/// compiled timeline can keep a snapshot per change and frames can be evaluated on any thread.
///
/// Defaults are Core Animation's.
public struct LayerState: Hashable, Sendable {
    /// The layer's own coordinate space; its origin shifts the content, not the frame.
    public var bounds: CGRect = .zero
    /// Where the anchor point sits in the superlayer's coordinate space.
    public var position: CGPoint = .zero
    /// Stacking order among siblings (higher is in front); ties keep insertion order.
    public var zPosition: CGFloat = 0
    /// The point about which transforms happen, in unit coordinates of the bounds.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor's z coordinate.
    public var anchorPointZ: CGFloat = 0
    /// The layer's transform, applied about the anchor point.
    public var transform: CATransform3D = .identity
    /// A transform applied to the sublayers, about the centre of the bounds.
    public var sublayerTransform: CATransform3D = .identity
    /// Hidden layers and their sublayers are not drawn.
    public var isHidden = false
    /// Opacity of the layer and its subtree, composited as a group.
    public var opacity: CGFloat = 1
    /// Fill of the bounds (rounded by `cornerRadius`); nil draws nothing.
    public var backgroundColor: CGColor? = nil
    /// Radius of the rounded corners of background, border and (with `masksToBounds`) the clip.
    public var cornerRadius: CGFloat = 0
    /// Width of the border, drawn inside the bounds above the sublayers.
    public var borderWidth: CGFloat = 0
    /// Colour of the border (opaque black by default, as in Core Animation).
    public var borderColor: CGColor? = .black
    /// Clips sublayers to the (rounded) bounds.
    public var masksToBounds = false
    /// Layer timing: its beginTime, speed and timeOffset apply to its animations and sublayers.
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0

    public init() {}

    /// The frame in the superlayer's space, ignoring the transform:
    /// `position − anchorPoint × bounds.size`.
    public var frame: CGRect {
        CGRect(x: position.x - anchorPoint.x * bounds.size.width,
               y: position.y - anchorPoint.y * bounds.size.height,
               width: bounds.size.width, height: bounds.size.height)
    }

    /// Sets bounds size and position so that `frame` (untransformed) becomes `rect`.
    public mutating func setFrame(_ rect: CGRect) {
        bounds.size = rect.size
        position = CGPoint(x: rect.origin.x + anchorPoint.x * rect.size.width,
                           y: rect.origin.y + anchorPoint.y * rect.size.height)
    }

    /// Maps this layer's local time from its parent's time.
    @inlinable public func localTime(parentTime: Double) -> Double {
        TimingEvaluator.localTime(parentTime: parentTime, beginTime: beginTime, speed: speed, timeOffset: timeOffset)
    }
}
