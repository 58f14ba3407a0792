import Reel

extension Scene {
    /// Puts a view on screen: adds its layer to the root layer, in front
    /// (`rootLayer.addSublayer(view.layer)`). Keep the view alive while the scene runs.
    public func addSubview(_ view: UIView) { rootLayer.addSublayer(view.layer) }
}
