import Foundation

extension CALayer {
    /// How the layer and its sublayers, as a group, combine with what is beneath them: a
    /// filter's name (`"multiplyBlendMode"`, …; see ``CACompositingFilter``). Other values (Core
    /// Image filter objects, names Reel does not draw) are ignored: the layer draws normally and
    /// this reads back nil.
    public var compositingFilter: Any? {
        get { modelState.compositingFilter?.rawValue }
        set {
            change(.compositingFilter) {
                $0.compositingFilter = (newValue as? String).flatMap(CACompositingFilter.init)
            }
        }
    }
}
