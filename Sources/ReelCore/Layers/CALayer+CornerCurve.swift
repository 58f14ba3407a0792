import Foundation

extension CALayer {
    /// The curve of the rounded corners: `.circular` (the default) or `.continuous`, the iOS
    /// squircle. It shapes the background, the border, the `masksToBounds` clip and the shadow
    /// cast from them. Not animatable, as in Core Animation: a change takes effect at once.
    public var cornerCurve: CALayerCornerCurve {
        get { modelState.cornerCurve }
        set { change(.cornerCurve) { $0.cornerCurve = newValue } }
    }

    /// How much larger than `cornerRadius` a corner of `curve` is along each side: 1 for
    /// circular corners, 1.528… for continuous ones (``ContinuousCorner/expansion``).
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? ContinuousCorner.expansion : 1
    }
}
