import Foundation

/// Shows a part of its sublayers: scrolling moves its `bounds.origin` (which offsets the
/// sublayers of every layer), so a change in a transaction animates implicitly like any bounds
/// change. It draws like a CALayer; set `masksToBounds` to hide what is scrolled out.
open class CAScrollLayer: CALayer {
    open override class var kind: LayerKind { .scroll }

    /// The directions `scroll(to:)` moves in (both by default).
    public var scrollMode: CAScrollLayerScrollMode {
        get { modelState.scrollMode }
        set { change(.scrollMode) { $0.scrollMode = newValue } }
    }

    /// Scrolls so that `p` (in the layer's coordinate space) is at the top-left of the bounds,
    /// along the axes `scrollMode` allows.
    public func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .horizontally || scrollMode == .both { origin.x = p.x }
        if scrollMode == .vertically || scrollMode == .both { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds = CGRect(origin: origin, size: bounds.size)
    }

    /// Scrolls as little as needed for `r` (in the layer's coordinate space) to be visible: its
    /// top-left edge first when it is larger than the bounds.
    public func scroll(to r: CGRect) {
        let b = bounds, r = r.standardized
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ viewLo: CGFloat, _ length: CGFloat) -> CGFloat {
            if lo < viewLo || hi - lo > length { return lo }
            if hi > viewLo + length { return hi - length }
            return viewLo
        }
        scroll(to: CGPoint(x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
    }
}

extension CALayer {
    /// The closest CAScrollLayer above this layer (itself included), if any.
    var enclosingScrollLayer: CAScrollLayer? {
        var layer: CALayer? = self
        while let l = layer {
            if let scroll = l as? CAScrollLayer { return scroll }
            layer = l.superlayer
        }
        return nil
    }

    /// Scrolls the closest CAScrollLayer above this layer so that `p` (in this layer's space) is at its top-left.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the closest CAScrollLayer above this layer so that `r` (in this layer's space) is visible.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The part of this layer's bounds its closest CAScrollLayer shows, in this layer's space
    /// (the whole bounds without one).
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroller.bounds, from: scroller))
    }
}
