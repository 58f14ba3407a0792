import CCairo
import ReelCore

/// Draws a CATextLayer's string into its bounds. (Interface used by FrameRenderer; the Pango
/// implementation is being written — until then text layers draw nothing.)
enum TextDrawing {
    /// Draws `state.string` with the layer's font, size, colour, alignment, wrapping and
    /// truncation into `state.bounds`, in the current user space of `cr`, at `alpha`.
    static func draw(_ state: LayerState, _ cr: OpaquePointer, alpha: Double) {}

    /// Whether the layer has anything to draw (so empty text layers cost nothing).
    static func hasContent(_ state: LayerState) -> Bool {
        guard let s = state.string, !s.isEmpty else { return false }
        return (state.foregroundColor?.alpha ?? 0) > 0 && state.fontSize > 0
    }
}
