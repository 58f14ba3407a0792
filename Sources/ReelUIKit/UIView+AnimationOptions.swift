import Reel

extension UIView {
    /// Options of `UIView.animate(…)`, with UIKit's raw values. Reel acts on the curve,
    /// `repeat`, `autoreverse`, `beginFromCurrentState` and the `overrideInherited…` options of
    /// nested blocks; the rest are accepted and have nothing to act on (there is no touch
    /// handling or layout pass).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Accepted; Reel has no layout pass.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Accepted; Reel has no touches.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the presentation value (Reel does so whenever an animation of the property
        /// is running, as UIKit's additive animations look since iOS 8).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever (`repeatCount = .infinity`): the completion never runs.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Play forward then back; at the end the property shows its new value, as on iOS.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// In a nested block: use this block's duration, not the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// In a nested block: use this block's curve, not the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Accepted; Reel draws contents as they are.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Accepted; view transitions are not bridged.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// In a nested block: use this block's repeat and autoreverse options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Ease in and out (0.42, 0, 0.58, 1), the default.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in (0.42, 0, 1, 1).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out (0, 0, 0.58, 1).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The timing function the curve bits (16–19) choose.
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: CAMediaTimingFunction(name: .easeIn)
            case 2: CAMediaTimingFunction(name: .easeOut)
            case 3: CAMediaTimingFunction(name: .linear)
            default: CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }
}
