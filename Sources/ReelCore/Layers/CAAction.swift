import Foundation

/// What a layer does when one of its properties changes or it enters or leaves the tree
/// (Core Animation's `CAAction`): animations are actions (they add themselves to the layer),
/// `NSNull` is the action that does nothing, and any object can be one.
public protocol CAAction: AnyObject {
    /// Runs the action for `event` (a property name, `onOrderIn`, `onOrderOut`) on `anObject`,
    /// the layer.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAnimation: CAAction {
    /// Adds (a copy of) the animation to the layer under `event`, as Core Animation does.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

extension NSNull: CAAction {
    /// Nothing: `NSNull` in `actions` (or from a delegate) stops the search for an action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Core Animation's `CALayerDelegate`: chooses actions (see `CALayer.action(forKey:)`) and may
/// draw the layer (see `CALayer.display()`). Every method has a default, as Apple's are optional.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: an action, `NSNull()` for none (the search stops), or
    /// nil to let the layer go on looking (its `actions`, `style`, class default).
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Makes the layer's contents instead of the layer's drawing (`CALayer.display()`); the
    /// default draws, as when the delegate has no `display(_:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content (called by `CALayer.draw(in:)`); the default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called just before the layer draws.
    func layerWillDraw(_ layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func display(_ layer: CALayer) { layer.displayByDrawing() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
}

/// Core Animation's names for the tree actions.
public let kCAOnOrderIn = "onOrderIn"
public let kCAOnOrderOut = "onOrderOut"
/// The key transitions are added under.
public let kCATransition = "transition"

extension CALayer {
    /// The action for `event`, looked up as Core Animation does: the delegate's
    /// `action(for:forKey:)`, then `actions`, then `style["actions"]`, then the class's
    /// `defaultAction(forKey:)`, then the implicit animation of an animatable property (a
    /// `CABasicAnimation` of that key). `NSNull` at any step means no action: nil.
    public func action(forKey event: String) -> CAAction? {
        let found = explicitAction(forKey: event) ?? Self.implicitAction(forKey: event)
        return found is NSNull ? nil : found
    }

    /// The first action the delegate, `actions`, `style` or the class gives (NSNull included).
    func explicitAction(forKey event: String) -> CAAction? {
        if let action = delegate?.action(for: self, forKey: event) { return action }
        if let action = actions?[event] { return action }
        if let styleActions = style?["actions"] as? [String: CAAction], let action = styleActions[event] {
            return action
        }
        return type(of: self).defaultAction(forKey: event)
    }

    /// The animation Core Animation makes for a change of an animatable property.
    static func implicitAction(forKey event: String) -> CAAction? {
        guard let property = LayerProperty(rawValue: event), property.isImplicitlyAnimated else { return nil }
        return CABasicAnimation(keyPath: event)
    }
}
