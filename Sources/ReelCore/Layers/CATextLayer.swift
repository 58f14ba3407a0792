import Foundation

/// Draws a string, laid out and shaped with Pango (Unicode, bidi, CJK through installed fonts).
open class CATextLayer: CALayer {
    open override class var kind: LayerKind { .text }

    public var string: String? {
        get { model.string }
        set { change(.string) { $0.string = newValue } }
    }
    /// The font family name; nil is Reel's default font.
    public var font: String? {
        get { model.font }
        set { change(.font) { $0.font = newValue } }
    }
    public var fontSize: CGFloat {
        get { model.fontSize }
        set { change(.fontSize) { $0.fontSize = newValue } }
    }
    public var foregroundColor: CGColor? {
        get { model.foregroundColor }
        set { change(.foregroundColor) { $0.foregroundColor = newValue } }
    }
    public var alignmentMode: CATextLayerAlignmentMode {
        get { model.alignmentMode }
        set { change(.alignmentMode) { $0.alignmentMode = newValue } }
    }
    public var isWrapped: Bool {
        get { model.isWrapped }
        set { change(.wrapped) { $0.isWrapped = newValue } }
    }
    public var truncationMode: CATextLayerTruncationMode {
        get { model.truncationMode }
        set { change(.truncationMode) { $0.truncationMode = newValue } }
    }
}
