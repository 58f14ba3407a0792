import Foundation

/// Draws a string, laid out and shaped with Pango (Unicode, bidi, CJK through installed fonts).
open class CATextLayer: CALayer {
    open override class var kind: LayerKind { .text }

    public var string: String? {
        get { modelState.string }
        set { change(.string) { $0.string = newValue } }
    }
    /// The font family name; nil is Core Animation's default, Helvetica (drawn in its
    /// metric-compatible stand-in, Nimbus Sans, unless the scene ships Helvetica).
    public var font: String? {
        get { modelState.font }
        set { change(.font) { $0.font = newValue } }
    }
    /// The size of the text in points; 36 by default, as in Core Animation.
    public var fontSize: CGFloat {
        get { modelState.fontSize }
        set { change(.fontSize) { $0.fontSize = newValue } }
    }
    public var foregroundColor: CGColor? {
        get { modelState.foregroundColor }
        set { change(.foregroundColor) { $0.foregroundColor = newValue } }
    }
    public var alignmentMode: CATextLayerAlignmentMode {
        get { modelState.alignmentMode }
        set { change(.alignmentMode) { $0.alignmentMode = newValue } }
    }
    public var isWrapped: Bool {
        get { modelState.isWrapped }
        set { change(.wrapped) { $0.isWrapped = newValue } }
    }
    public var truncationMode: CATextLayerTruncationMode {
        get { modelState.truncationMode }
        set { change(.truncationMode) { $0.truncationMode = newValue } }
    }
    /// Whether the font's kerning applies (see `LayerState.isKerned`); set while a tree is built,
    /// before it is rendered, so it is no animatable property.
    package var isKerned: Bool {
        get { modelState.isKerned }
        set { modelState.isKerned = newValue }
    }
}
