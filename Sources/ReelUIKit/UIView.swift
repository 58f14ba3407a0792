import Foundation
import Reel

/// A view, just far enough to animate layers the UIKit way: each view owns a layer (`layer`),
/// its geometry and appearance are the layer's, and changes made inside
/// `UIView.animate(withDuration:…)` become animations of the layer.
///
/// As on iOS, a view's layer makes no implicit animations of its own: outside an animation block
/// a change to the view (or to `view.layer`) is immediate. Inside a block, the change animates
/// with the block's duration, delay and curve (see
/// `UIView.animate(withDuration:delay:options:animations:completion:)`). There is no event
/// handling, layout, drawing (`draw(_:)`) or view controller: put what a view draws in its layer
/// (`layer.contents`, a `CAShapeLayer` sublayer, or `layerClass`).
///
/// Put a view on screen by adding its layer to the scene: `scene.rootLayer.addSublayer(view.layer)`
/// (or `scene.addSubview(view)`). Reel keeps layers, not views: keep the view itself alive while
/// the scene runs (the `scene.at` closures that use it do), as a window would on iOS.
open class UIView: CALayerDelegate {
    /// The class of the layer a view makes; override to back a view with a `CAShapeLayer`,
    /// `CAGradientLayer`, ….
    open class var layerClass: CALayer.Type { CALayer.self }

    /// The view's layer. Its delegate is the view.
    public let layer: CALayer
    /// The view this view is a subview of: the view whose layer is this layer's superlayer.
    public var superview: UIView? { layer.superlayer?.delegate as? UIView }
    /// The subviews, back to front: the views whose layers are this layer's sublayers. The layer
    /// tree is the one record of the hierarchy, so compiling a scene (which restores the layers'
    /// initial state) restores the views' too.
    public var subviews: [UIView] { (layer.sublayers ?? []).compactMap { $0.delegate as? UIView } }
    /// Keeps added subviews alive, as a superview does in UIKit (layers hold their delegate weakly).
    private var retainedSubviews: [UIView] = []
    /// A number to find the view by (`viewWithTag(_:)`).
    public var tag = 0
    /// True while the view itself sets a layer property, so the delegate adds no second animation.
    private var isApplyingViewChange = false

    /// A view whose frame is `frame` (its bounds start at the origin).
    public init(frame: CGRect) {
        layer = Self.layerClass.init()
        layer.delegate = self
        layer.bounds = CGRect(origin: .zero, size: frame.size)
        layer.position = CGPoint(x: frame.midX, y: frame.midY)
    }

    /// A view with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    // MARK: - Geometry (the layer's)

    /// The view's rectangle in its superview: `layer.frame`. Setting it sets the bounds' size
    /// and the center, as UIKit does (with a non-identity transform, set bounds and center).
    public var frame: CGRect {
        get { layer.frame }
        set {
            bounds = CGRect(origin: bounds.origin, size: newValue.size)
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The view's own coordinate space: `layer.bounds`.
    public var bounds: CGRect {
        get { layer.bounds }
        set { set("bounds", .rect(newValue)) }
    }

    /// The middle of the frame in the superview: `layer.position` (the anchor point is the
    /// layer's centre).
    public var center: CGPoint {
        get { layer.position }
        set { set("position", .point(newValue)) }
    }

    /// A 2D transform about the center: `layer.transform` (its affine part).
    public var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { set("transform", .transform(CATransform3DMakeAffineTransform(newValue))) }
    }

    // MARK: - Appearance (the layer's)

    /// Opacity of the view and its subviews: `layer.opacity`.
    public var alpha: CGFloat {
        // The model's value, not `layer.opacity` (a Float): alpha = 0.1 reads back as 0.1.
        get { layer.modelState.opacity }
        set { set("opacity", .number(Double(newValue))) }
    }

    /// The fill behind the view's content: `layer.backgroundColor`.
    public var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { set("backgroundColor", .color(newValue?.cgColor)) }
    }

    /// Hides the view and its subviews: `layer.isHidden`. Never animated.
    public var isHidden: Bool {
        get { layer.isHidden }
        set { set("hidden", .bool(newValue)) }
    }

    /// Clips the subviews to the bounds: `layer.masksToBounds`.
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { set("masksToBounds", .bool(newValue)) }
    }

    // MARK: - Hierarchy

    /// Adds `view` in front of the other subviews (moving it from its old superview).
    public func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` among the subviews (clamped to the end).
    public func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        // The index counts subviews; sublayers that are not views' keep their places.
        let views = subviews
        let layerIndex: Int
        if index < views.count,
            let sibling = (layer.sublayers ?? []).firstIndex(where: { $0 === views[max(index, 0)].layer })
        {
            layerIndex = sibling
        } else {
            layerIndex = layer.sublayers?.count ?? 0
        }
        retainedSubviews.append(view)
        layer.insertSublayer(view.layer, at: UInt32(layerIndex))
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    /// Removes the view from its superview (and its layer from the superlayer).
    public func removeFromSuperview() {
        if let parent = superview { parent.retainedSubviews.removeAll { $0 === self } }
        layer.removeFromSuperlayer()
    }

    /// This view or the first subview (depth first) whose tag is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: - Animation

    /// Sets a layer property; inside an animation block, animates it from its old value.
    private func set(_ key: String, _ value: AnimatableValue) {
        guard let path = LayerKeyPath(key) else { preconditionFailure("unknown layer key path \(key)") }
        let old = layer.value(forKeyPath: path)
        isApplyingViewChange = true
        layer.setValue(value, forKeyPath: path)
        isApplyingViewChange = false
        guard old != value, let context = UIViewAnimationContext.current,
            LayerProperty(rawValue: key)?.isImplicitlyAnimated == true
        else { return }
        context.animate(layer, keyPath: path, key: key, from: old, to: value)
    }

    /// The layer's action for a change, as UIKit answers it: none outside an animation block
    /// (view-backed layers do not animate implicitly); inside one, an animation with the block's
    /// timing (from the presentation value to the new one) for animatable properties.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard !isApplyingViewChange, let context = UIViewAnimationContext.current,
            LayerProperty(rawValue: event)?.isImplicitlyAnimated == true
        else { return NSNull() }
        return context.action(for: layer, key: event)
    }
}
