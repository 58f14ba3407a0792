import Foundation

/// A layer whose sublayers stay in 3D: unlike a CALayer, which flattens its sublayers into its
/// own plane, a transform layer passes its transform on to each sublayer, so a card's front and
/// back (single-sided) or a cube's faces turn together and hide their backs correctly. It draws
/// nothing itself — background, contents, border, mask and shadow are ignored — and its opacity
/// applies to each sublayer separately; sublayers are drawn back to front by depth.
open class CATransformLayer: CALayer {
    open override class var kind: LayerKind { .transformLayer }
}
