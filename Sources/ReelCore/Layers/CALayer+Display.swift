import Foundation

/// Custom drawing, as in Core Animation: a layer that needs display (`setNeedsDisplay()`, or a
/// bounds change with `needsDisplayOnBoundsChange`) is displayed when the transaction commits —
/// in a scene, at the scene time of the change — and its drawing becomes its `contents`.
///
/// The drawing is a recording (`DisplayList`) wrapped in a `CGImage`, so it is what `contents`
/// holds and flows wherever contents go: contentsGravity stretches it while the bounds animate
/// (it is not redrawn per frame, as on iOS), contentsRect crops it, a `CATransition` or the
/// implicit `contents` animation dissolves between drawings. Setting `contents` from `display()`
/// is an ordinary change: on a layer already on screen it runs the `contents` action, the 0.25 s
/// cross-fade Core Animation makes too (disable it with `actions = ["contents": NSNull()]`).
extension CALayer {
    /// Marks the layer as needing display: it is displayed at the end of the transaction (or,
    /// outside a timeline, when the scene is compiled). As on iOS, a layer is never displayed
    /// unless something asks for it.
    public func setNeedsDisplay() {
        willMutate(self)  // the mark is part of what compiling restores
        needsDisplayFlag = true
        TimelineCompiler.current?.layerNeedsDisplay(self)
    }

    /// Marks the layer as needing display; Reel redraws the whole layer.
    public func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// Whether the layer is waiting to be displayed.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Displays the layer now if it needs it.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// The default display: records `draw(in:)` at the model bounds × contentsScale and sets the
    /// recording as `contents` (nil for empty bounds, which have no backing store).
    func displayByDrawing() {
        let b = modelState.bounds.standardized
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite, b.minX.isFinite, b.minY.isFinite else {
            contents = nil
            return
        }
        let ctx = CGContext(bounds: b, scale: modelState.contentsScale)
        delegate?.layerWillDraw(self)
        draw(in: ctx)
        contents = CGImage(displayList: ctx.displayList)
    }
}
