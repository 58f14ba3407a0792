import CCairo
import Foundation
import ReelCore

/// Where a layer can paint: a conservative rectangle in its own bounds space, or nil when that is
/// not known cheaply (text, replicas, transitions, 3D sublayers). Groups (for opacity, masks and
/// shadows) are clipped to it, so fading a card costs a card-sized buffer, not a whole frame.
enum LayerExtent {
    /// The rectangle holding everything the layer and its sublayers paint; with `shadow`, its
    /// own shadow too (text measured in `context`'s fonts).
    static func of(_ layer: PresentationLayer, shadow: Bool, _ context: RenderContext) -> CGRect? {
        extent(of: layer, shadow: shadow, levels: maxLevels, context)
    }

    /// Where the sublayers paint, drawn once in the layer's space (a replicator's first
    /// instance), shadows included; `.null` when none shows, nil when not known cheaply.
    static func sublayers(of layer: PresentationLayer, _ context: RenderContext) -> CGRect? {
        sublayersExtent(of: layer.sublayers, sublayer: sublayerTransform(layer), levels: maxLevels, context)
    }

    /// Levels of sublayers looked into: the extent is asked for at every level of a tree, so a
    /// deeper subtree (rare, and unbounded through the Swift API) is "not known cheaply" rather
    /// than a quadratic walk on a deep stack.
    static let maxLevels = 24

    // The recursion (`extent`, `masked`) keeps only small values in its frames: what reads a
    // layer's state (a large struct, copied into every debug frame that touches it) is in
    // helpers that return before the next level starts. With the state in the recursing frames,
    // 24 levels took 535 KB of a debug build's stack, on threads that may have 1 MB.
    private static func extent(of layer: PresentationLayer, shadow: Bool, levels: Int, _ context: RenderContext)
        -> CGRect?
    {
        guard !hasTransition(layer) else { return nil }
        // Whatever the content, nothing shows outside the bounds (and there is no shadow).
        if let bounds = clippingBounds(layer) { return masked(bounds, by: layer, levels: levels, context) }
        guard var box = ownPaint(layer, context) else { return nil }
        if !layer.sublayers.isEmpty {
            guard levels > 0, let inner = replicasExtent(of: layer, levels: levels, context) else { return nil }
            box = box.union(inner)
        }
        // The shadow is cast by the masked content, so it may reach past the mask.
        box = masked(box, by: layer, levels: levels, context)
        return filtered(shadow ? withShadow(box, layer) : box, layer)
    }

    /// `box` grown by the reach of the layer's blurs, and holding the bounds a background
    /// filter redraws.
    @inline(never)
    private static func filtered(_ box: CGRect, _ layer: PresentationLayer) -> CGRect {
        let s = layer.state
        var box = box
        if s.backgroundFilters?.isEmpty == false { box = box.union(s.bounds) }
        guard let filters = s.filters, !filters.isEmpty else { return box }
        let reach = filters.reduce(0) { $0 + 3 * ($1.blurRadius ?? 0) + 2 }
        return box.isNull ? box : box.insetBy(dx: -reach, dy: -reach)
    }

    /// The sublayers' extents in the layer's space (`.null` when none shows): for a replicator
    /// whose instances are moved (not turned or scaled), those of every instance (see
    /// `ReplicatorDrawing`), so a card holding replicated grid lines still casts its rounded
    /// rectangle's shadow rather than an offscreen pass of its alpha.
    private static func replicasExtent(of layer: PresentationLayer, levels: Int, _ context: RenderContext) -> CGRect? {
        let sublayer = sublayerTransform(layer)
        guard isReplicating(layer) else {
            return sublayersExtent(of: layer.sublayers, sublayer: sublayer, levels: levels, context)
        }
        guard let replicas = ReplicatorDrawing.instances(layer, limit: maxInstances) else { return nil }
        var box = CGRect.null
        for (children, instance) in replicas {
            let combined = instance.map { i in sublayer.map { $0.concatenating(i) } ?? i } ?? sublayer
            guard let inner = sublayersExtent(of: children, sublayer: combined, levels: levels, context) else {
                return nil
            }
            box = box.union(inner)
        }
        return box
    }

    /// Most replicator instances measured one by one; more are "not known cheaply".
    static let maxInstances = 64

    /// The extents of `children` placed with `sublayer` (`.null` when none shows).
    private static func sublayersExtent(
        of children: [PresentationLayer], sublayer: CATransform3D?, levels: Int, _ context: RenderContext
    ) -> CGRect? {
        var box = CGRect.null
        for child in children where LayerPainter.isVisible(child) {
            guard let inner = extent(of: child, shadow: true, levels: levels - 1, context),
                let placed = placed(inner, child, parentSublayer: sublayer)
            else { return nil }
            box = box.union(placed)
        }
        return box
    }

    /// A replicator of several instances each moved by a translation (other instance
    /// transforms are not measured).
    @inline(never)
    private static func isReplicating(_ layer: PresentationLayer) -> Bool {
        guard layer.kind == .replicator, layer.state.instanceCount > 1 else { return false }
        let t = layer.state.instanceTransform
        return t.m11 == 1 && t.m12 == 0 && t.m13 == 0 && t.m14 == 0 && t.m21 == 0 && t.m22 == 1 && t.m23 == 0
            && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0 && t.m44 == 1
    }

    @inline(never)
    private static func hasTransition(_ layer: PresentationLayer) -> Bool { layer.hasTransition }

    /// The bounds, when the layer clips to them.
    @inline(never)
    private static func clippingBounds(_ layer: PresentationLayer) -> CGRect? {
        layer.state.masksToBounds ? layer.state.bounds : nil
    }

    @inline(never)
    private static func sublayerTransform(_ layer: PresentationLayer) -> CATransform3D? {
        layer.state.sublayerTransformAboutCentre
    }

    /// `box` (in `layer`'s space) in its superlayer's, when the placement is affine.
    @inline(never)
    private static func placed(_ box: CGRect, _ layer: PresentationLayer, parentSublayer: CATransform3D?) -> CGRect? {
        affine(layer.state.transformToSuperlayer(parentSublayer: parentSublayer)).map { transformed(box, $0) }
    }

    /// `box` and the layer's shadow, when it casts one.
    @inline(never)
    private static func withShadow(_ box: CGRect, _ layer: PresentationLayer) -> CGRect {
        let s = layer.state
        guard ShadowDrawing.isVisible(s) else { return box }
        let source = s.shadowPath?.boundingBox ?? box
        let reach = 3 * max(Double(s.shadowRadius), 0) + 2
        return box.union(
            source.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height).insetBy(dx: -reach, dy: -reach))
    }

    /// `box` cut to where the layer's mask paints: nothing of the layer shows elsewhere (a Lottie
    /// gradient padded 2000 points past its shape is masked by the shape, so its group, and the
    /// groups around it, are the shape's size rather than the frame's).
    private static func masked(_ box: CGRect, by layer: PresentationLayer, levels: Int, _ context: RenderContext)
        -> CGRect
    {
        guard let mask = layer.mask, levels > 0,
            let inner = extent(of: mask, shadow: true, levels: levels - 1, context),
            let placed = placed(inner, mask, parentSublayer: nil)
        else { return box }
        return box.intersection(placed)
    }

    /// What the layer itself paints (no sublayers, no shadow): its background, contents and
    /// class drawing, as its content raster holds them; `.null` for nothing, nil when not known.
    static func ownPaint(_ layer: PresentationLayer, _ context: RenderContext) -> CGRect? {
        let s = layer.state
        var box = CGRect.null
        if LayerPainter.hasBackground(s) || LayerPainter.hasBorder(s) { box = s.bounds }
        for image in ContentsDrawing.images(s) { box = box.union(ContentsDrawing.coverage(of: image, s)) }
        switch layer.kind {
        case .layer, .transformLayer, .scroll: break
        case .gradient: if GradientDrawing.hasContent(s) { box = box.union(s.bounds) }
        case .shape:
            guard let path = s.path, ShapeDrawing.fills(s) || ShapeDrawing.strokes(s) else { break }
            let reach =
                ShapeDrawing.strokes(s)
                ? Double(s.lineWidth) / 2
                    * strokeReach(join: s.lineJoin, cap: s.lineCap, miterLimit: Double(s.miterLimit), path: path) : 0
            // An infinite miter limit (from Swift) lets a miter reach anywhere.
            guard reach.isFinite else { return nil }
            box = box.union(path.boundingBox.insetBy(dx: -reach, dy: -reach))
        case .text:
            let ink = TextDrawing.inkExtent(s, context: context)
            // A text that cannot be laid out sensibly (infinite bounds) is not measured.
            guard ink.isNull || (ink.minX.isFinite && ink.maxX.isFinite && ink.minY.isFinite && ink.maxY.isFinite)
            else { return nil }
            box = box.union(ink)
        // Moved instances are measured as sublayers (`replicasExtent`); others are not known.
        case .replicator: if s.instanceCount > 1 && !isReplicating(layer) { return nil }
        case .emitter: box = box.union(EmitterDrawing.extent(layer))
        }
        return box
    }

    /// How far a stroke reaches from its path, in half line widths. Round and bevel joins and
    /// round and butt caps stay within half the width (so a round-joined check mark inside a card
    /// is known to stay inside it); a miter reaches up to the miter limit (Cairo bevels longer
    /// ones; with a NaN limit it bevels every join) — given the path, only as far as its sharpest
    /// mitred join, so a smooth curve (an arc) reaches half the width — a square cap's corner √2
    /// (1.5 leaves room for rounding).
    static func strokeReach(
        join: CAShapeLayerLineJoin, cap: CAShapeLayerLineCap, miterLimit: Double, path: CGPath? = nil
    ) -> Double {
        var miter = 1.0
        if join == .miter && !miterLimit.isNaN {
            let limit = max(miterLimit, 1)
            // An infinite limit is left unbounded: a near-reversal's miter is too long to trust.
            miter = limit.isFinite ? path?.miterReach(limit: limit) ?? limit : limit
        }
        return max(miter, cap == .square ? 1.5 : 1)
    }

    /// The transform as a Cairo matrix when it is affine (nil for perspective or a singular one).
    static func affine(_ t: CATransform3D) -> cairo_matrix_t? {
        Homography(t).isAffine ? Geometry.cairoMatrix(t) : nil
    }

    /// The bounding box of `r` under the affine matrix `m`.
    static func transformed(_ r: CGRect, _ m: cairo_matrix_t) -> CGRect {
        r.applying(CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
    }

    /// Clips `cr` to whole device pixels around `r` (in user space), one pixel wider on each side
    /// for antialiasing. A pixel-aligned rectangle clip changes no pixel inside it, so a group
    /// pushed after this holds exactly what it would unclipped, in a smaller buffer.
    static func clip(_ cr: CairoContext, to r: CGRect) {
        let m = cr.matrix
        let device = transformed(r.isNull ? .zero : r, m)
        let x0 = (device.minX - 1).rounded(.down), y0 = (device.minY - 1).rounded(.down)
        let x1 = (device.maxX + 1).rounded(.up), y1 = (device.maxY + 1).rounded(.up)
        cr.save()
        cr.identityMatrix()
        cr.rectangle(x0, y0, max(x1 - x0, 0), max(y1 - y0, 0))
        cr.restore()
        cr.clip()
    }
}
