import CCairo
import Foundation
import ReelCore

/// Draws presentation trees with Cairo, in Core Animation's order for each layer: shadow,
/// background, contents (image), the class's own drawing (shape, text, gradient), sublayers (or a
/// replicator's instances), border — with anchor-point transforms, group opacity, masks and
/// clipping.
///
/// A renderer holds no per-frame state, so frames render in any order and on any thread with
/// identical results.
public struct FrameRenderer: Sendable {
    /// The canvas frames are drawn for: pixel size and scale.
    public let canvas: Canvas
    /// Rasters of unchanging content, shared by every copy of this renderer (and so by the
    /// threads rendering one timeline); nil draws everything directly every frame.
    public let cache: RenderCache?
    /// The scene's fonts and drawn images' pixels.
    public let context: RenderContext

    /// A renderer for `canvas`; `caching` keeps rasters of content that does not change.
    /// `context` is the scene's (a job makes one for all its renderers); nil makes one for
    /// `canvas.fonts`.
    public init(canvas: Canvas, caching: Bool = true, context: RenderContext? = nil) {
        self.canvas = canvas
        self.cache = caching ? RenderCache() : nil
        self.context = context ?? RenderContext(canvas: canvas)
    }

    /// A new buffer of the canvas's pixel size.
    public func makeBuffer() -> PixelBuffer {
        PixelBuffer(width: max(canvas.pixelWidth, 1), height: max(canvas.pixelHeight, 1))
    }

    /// Renders `tree` into `buffer` (cleared first), scaled by `canvas.scale`.
    public func render(_ tree: PresentationLayer, into buffer: PixelBuffer) {
        cache?.frameStarted()
        let cairo = CairoCanvas(buffer: buffer)
        let cr = cairo.context
        var tree = tree
        if let background = Self.opaqueBackground(of: tree, canvas: canvas) {
            // The usual frame: the root's opaque background covers it. Filling with it replaces
            // clearing and then painting it (one pass over the frame instead of two: profiled,
            // the clear was a tenth of a 1080p frame's drawing).
            Geometry.setSource(cr, background, alpha: 1)
            cr.setOperator(CAIRO_OPERATOR_SOURCE)
            cr.paint()
            cr.setOperator(CAIRO_OPERATOR_OVER)
            var state = tree.state
            state.backgroundColor = nil
            tree = tree.with(state: state)
        } else {
            buffer.clear()
        }
        cr.setAntialias(CAIRO_ANTIALIAS_GRAY)
        cr.scale(canvas.scale, canvas.scale)
        LayerPainter(cache: cache, budget: DrawBudget(), context: context).draw(tree, cr)
        cairo.surface.flush()
    }

    /// The root's background colour when it alone covers the frame, opaque: the root fills the
    /// canvas untransformed, fully visible, square-cornered, with no transition.
    static func opaqueBackground(of root: PresentationLayer, canvas: Canvas) -> CGColor? {
        let s = root.state
        guard let color = s.backgroundColor, color.alpha >= 1, s.opacity >= 1, !s.isHidden, root.transition == nil,
            s.transform.isIdentity, s.cornerRadius <= 0 || s.maskedCorners.isEmpty, root.mask == nil,
            s.compositingFilter == nil, s.filters?.isEmpty != false,
            s.frame.minX <= 0, s.frame.minY <= 0, s.frame.maxX >= canvas.size.width, s.frame.maxY >= canvas.size.height
        else { return nil }
        return color
    }

    /// Renders the timeline's frame at scene time `t`, through the canvas's shutter when it has
    /// a `motionBlur`.
    public func render(_ timeline: Timeline, at t: Double, into buffer: PixelBuffer) {
        if let blur = canvas.motionBlur, blur.samples > 1 {
            return renderBlurred(timeline, at: t, blur: blur, into: buffer)
        }
        render(timeline.drawnPresentation(at: t), into: buffer)
    }
}

/// The per-layer drawing rules.
struct LayerPainter {
    let cache: RenderCache?
    /// Layers (and replicator copies) left to draw in this frame.
    let budget: DrawBudget
    /// The scene's fonts and drawn images' pixels.
    let context: RenderContext

    /// Draws a layer (and its subtree) into its parent's space. `parentSublayer` is the parent's
    /// sublayerTransform (and a replicator's instance transform), about the parent's centre.
    /// `seams`: edges of its bounds that a sibling in perspective shares (see `SharedEdges`).
    func draw(
        _ layer: PresentationLayer, _ cr: CairoContext, parentSublayer: CATransform3D? = nil, seams: QuadEdges = []
    ) {
        // One level of the recursion over the tree: deep trees move to fresh stacks.
        DeepStack.level { drawLevel(layer, cr, parentSublayer: parentSublayer, seams: seams) }
    }

    private func drawLevel(
        _ layer: PresentationLayer, _ cr: CairoContext, parentSublayer: CATransform3D?, seams: QuadEdges
    ) {
        guard budget.take() else { return }
        let s = layer.state
        let opacity = min(max(Double(s.opacity), 0), 1)
        guard !s.isHidden, opacity > 0, Geometry.isDrawable(s) else { return }
        let full = s.transformToSuperlayer(parentSublayer: parentSublayer)
        guard let mode = s.compositingFilter?.blendMode, mode != .normal else {
            return placeFiltered(layer, full: full, cr, opacity: opacity, seams: seams)
        }
        // The layer and its sublayers as one group, combined with what is beneath it (Cairo's
        // blend operators use the W3C compositing formulas, as Core Image's blend filters do).
        cr.save()
        clip(cr, toWhere: layer, placedBy: full)
        let inGroup = cr.pushGroup()
        placeFiltered(layer, full: full, inGroup, opacity: opacity, seams: seams)
        let group = cr.popGroup(inGroup)
        cr.restore()
        cr.save()
        cr.setSource(group)
        cr.setOperator(DisplayListReplay.cairoOperator(mode))
        cr.paint()
        cr.restore()
    }

    /// `place`, through the layer's filters when it has any.
    private func placeFiltered(
        _ layer: PresentationLayer, full: CATransform3D, _ cr: CairoContext, opacity: Double, seams: QuadEdges
    ) {
        guard let filters = layer.state.filters, !filters.isEmpty else {
            return place(layer, full: full, cr, opacity: opacity, seams: seams)
        }
        drawFiltered(layer, filters, full: full, cr) {
            place(layer, full: full, $0, opacity: opacity, seams: seams)
        }
    }

    /// Draws a visible layer whose transform to its superlayer is `full`.
    @inline(__always)
    private func place(
        _ layer: PresentationLayer, full: CATransform3D, _ cr: CairoContext, opacity: Double, seams: QuadEdges
    ) {
        let s = layer.state
        if layer.kind == .transformLayer {
            drawTransformLayer(layer, full: full, cr, opacity: opacity)
            return
        }
        let toParent = Homography(full)
        // A layer turned away from the viewer shows its back, unless it is single-sided.
        if !s.isDoubleSided, full.showsBack(of: s.bounds) { return }
        cr.save()
        defer { cr.restore() }
        if toParent.isAffine {
            guard let m = Geometry.cairoMatrix(full) else { return }
            cr.transform(m)
            paint(layer, cr)
        } else {
            Flattening.draw(layer, toParent: toParent, cr, painter: self, seams: seams)
        }
    }

    /// A CATransformLayer: its transform goes on to each sublayer (which keeps its 3D, and hides
    /// its back on its own), sublayers in depth order, its opacity applied to each.
    private func drawTransformLayer(
        _ layer: PresentationLayer, full: CATransform3D, _ cr: CairoContext, opacity: Double
    ) {
        let toChildren = layer.state.sublayerTransformAboutCentre.map { $0.concatenating(full) } ?? full
        let children = layer.sublayers.filter(Self.isVisible).map { child -> (PresentationLayer, Double) in
            // Depth of the sublayer's centre after every transform (larger z is nearer).
            let c = child.state
            let local = CATransform3DMakeTranslation(c.position.x, c.position.y, c.zPosition).concatenating(toChildren)
            return (child, Double(local.m43))
        }
        let ordered = children.enumerated().sorted { a, b in
            a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset < b.offset
        }.map(\.element.0)
        let seams = SharedEdges.find(ordered, parentSublayer: toChildren)
        for (child, seams) in zip(ordered, seams) {
            draw(child, cr, parentSublayer: toChildren, alpha: opacity, seams: seams)
        }
    }

    /// Paints a layer in its own plane (the current user space is its bounds space): shadow,
    /// contents, sublayers, border, mask and opacity — or its transition.
    func paint(_ layer: PresentationLayer, _ cr: CairoContext) {
        let s = layer.state
        let opacity = min(max(Double(s.opacity), 0), 1)
        if let transition = layer.transition {
            TransitionDrawing.draw(layer.withoutTransition, transition, cr, painter: self)
            return
        }
        if let filters = s.backgroundFilters, !filters.isEmpty { drawBackdrop(s, filters, cr) }
        let paints = Self.paintCount(layer)
        let shadow = ShadowDrawing.isVisible(s)
        guard paints > 0 else {
            // Core Animation casts a shadowPath's shadow whatever the layer holds: an otherwise
            // empty layer with a shadowPath is the cheap way to give a shape a shadow.
            if shadow, let path = s.shadowPath { paintShadowOnly(layer, .path(path), cr, opacity: opacity) }
            return
        }
        if let cache, drawCachedLeaf(layer, cr, cache: cache, opacity: opacity, shadow: shadow) { return }
        // A group is needed to apply a mask, to take the layer's alpha for its shadow, or to
        // apply opacity to more than one paint at once (opacity is a group effect).
        // A shadow whose shape is known needs no offscreen pass over the layer (see `ShadowShape`).
        let shape = shadow ? ShadowShape.of(layer, context) : nil
        let needsAlpha = shadow && shape == nil
        let grouped = layer.mask != nil || needsAlpha || (opacity < 1 && paints + (shadow ? 1 : 0) > 1)
        if !grouped {
            if let shape {
                drawShadow(of: shape, s, cr, cache: cache, alpha: opacity, cover: ShadowCover(s, cr, alpha: opacity))
            }
            drawBody(layer, cr, alpha: opacity)
            return
        }
        if s.masksToBounds {
            // Nothing can show outside the bounds.
            Geometry.roundedBounds(cr, s)
            cr.clip()
        }
        // The group's buffer covers only what the layer can paint (the clip is undone before
        // the shadow, which reaches further).
        // (Pushed and popped by hand: closures here would add stack at every level of the tree.)
        cr.save()
        if let extent = LayerExtent.of(layer, shadow: false, context) { LayerExtent.clip(cr, to: extent) }
        let inGroup = cr.pushGroup()
        drawBody(layer, inGroup, alpha: 1)
        var content = cr.popGroup(inGroup)
        if let mask = layer.mask {
            // Masked straight onto the target: a third group, filled and then painted, gave the
            // same pixels (a Lottie's masks and mattes made one per masked layer every frame).
            if !shadow && opacity >= 1 { return paintMasked(content, by: mask, cr) }
            content = applyMask(mask, to: content, cr)
        }
        cr.restore()
        func shadowAndContent(_ cr: CairoContext) {
            if let shape {
                // The content goes over it at full alpha (in the group when there is opacity), unless a mask cuts it.
                drawShadow(
                    of: shape, s, cr, cache: cache, alpha: 1,
                    cover: layer.mask == nil ? ShadowCover(s, cr, alpha: 1) : nil)
            } else if shadow {
                ShadowDrawing.draw(s, shape: nil, content: content, cr, alpha: 1)
            }
            cr.setSource(content)
        }
        if shadow && opacity < 1 {
            // The group covers only what the layer and its shadow can paint: a card fading in
            // pushed and painted a whole frame's buffer.
            cr.save()
            if let extent = LayerExtent.of(layer, shadow: true, context) { LayerExtent.clip(cr, to: extent) }
            cr.setSource(
                cr.withGroup { cr in
                    shadowAndContent(cr)
                    cr.paint()
                })
            cr.paint(alpha: opacity)
            cr.restore()
            return
        }
        shadowAndContent(cr)
        cr.paint(alpha: opacity)
    }

    /// The shadow of a layer that paints nothing else, masked by the layer's mask like any paint.
    private func paintShadowOnly(_ layer: PresentationLayer, _ shape: ShadowShape, _ cr: CairoContext, opacity: Double)
    {
        guard let mask = layer.mask else {
            drawShadow(of: shape, layer.state, cr, cache: cache, alpha: opacity)
            return
        }
        let shadow = cr.withGroup { cr in drawShadow(of: shape, layer.state, cr, cache: cache, alpha: 1) }
        let content = applyMask(mask, to: shadow, cr)
        cr.setSource(content)
        cr.paint(alpha: opacity)
    }

    /// The layer's own paints and sublayers, at `alpha` (1 inside a group).
    private func drawBody(_ layer: PresentationLayer, _ cr: CairoContext, alpha: Double) {
        let s = layer.state
        let cached = cache != nil && Self.isCacheable(layer)
        if cached {
            // Background and the class's drawing as one raster (the border goes above sublayers).
            compositeContent(layer, cr, includeBorder: false, alpha: alpha)
        } else if Self.hasBackground(s), let color = s.backgroundColor {
            Geometry.roundedBounds(cr, s)
            Geometry.setSource(cr, color, alpha: alpha)
            cr.fill()
        }
        let clips = s.masksToBounds
        if clips {
            cr.save()
            Geometry.roundedBounds(cr, s)
            cr.clip()
        }
        if !cached { Self.drawOwnContent(layer, cr, alpha: alpha, cache: cache, context: context) }
        drawSublayers(layer, cr, alpha: alpha)
        if clips { cr.restore() }
        if Self.hasBorder(s) { Self.drawBorder(s, cr, alpha: alpha) }
        if layer.kind == .emitter { drawParticles(layer, cr, alpha: alpha) }
    }

    /// An emitter's particles: above its background and border (as in Core Animation), inside
    /// its bounds when it clips.
    private func drawParticles(_ layer: PresentationLayer, _ cr: CairoContext, alpha: Double) {
        let s = layer.state
        cr.save()
        if s.masksToBounds {
            Geometry.roundedBounds(cr, s)
            cr.clip()
        }
        EmitterDrawing.draw(layer, cr, alpha: alpha, budget: budget, context: context)
        cr.restore()
    }

    /// Contents and the class's own drawing (shape, text, gradient), inside any bounds clip.
    static func drawOwnContent(
        _ layer: PresentationLayer, _ cr: CairoContext, alpha: Double, cache: RenderCache?,
        context: RenderContext
    ) {
        let s = layer.state
        if ContentsDrawing.hasContent(s) { ContentsDrawing.draw(s, cr, alpha: alpha, cache: cache, context: context) }
        switch layer.kind {
        case .shape: ShapeDrawing.draw(s, cr, alpha: alpha)
        case .text: if TextDrawing.hasContent(s) { TextDrawing.draw(s, cr, alpha: alpha, context: context) }
        case .gradient: if GradientDrawing.hasContent(s) { GradientDrawing.draw(s, cr, alpha: alpha) }
        case .layer, .replicator, .transformLayer, .scroll, .emitter: break
        }
    }

    static func drawBorder(_ s: LayerState, _ cr: CairoContext, alpha: Double) {
        guard let color = s.borderColor else { return }
        Geometry.border(
            cr, s.bounds, radius: s.cornerRadius, corners: s.maskedCorners, curve: s.cornerCurve, width: s.borderWidth)
        Geometry.setSource(cr, color, alpha: alpha)
        cr.fill()
        cr.setFillRule(CAIRO_FILL_RULE_WINDING)
    }

    private func drawSublayers(_ layer: PresentationLayer, _ cr: CairoContext, alpha: Double) {
        let s = layer.state
        let visible = layer.sublayers.contains { Self.isVisible($0) }
        guard visible else { return }
        let sublayer = s.sublayerTransformAboutCentre
        if layer.kind == .replicator {
            ReplicatorDrawing.draw(layer, cr, alpha: alpha, budget: budget, context: context) {
                children, instance, cr in
                let combined = instance.map { i in sublayer.map { $0.concatenating(i) } ?? i } ?? sublayer
                drawChildren(children, cr, alpha: 1, parentSublayer: combined)
            }
        } else {
            drawChildren(layer.sublayers, cr, alpha: alpha, parentSublayer: sublayer)
        }
    }

    /// Sublayers back to front; at `alpha` < 1 (a layer whose only paint is its sublayers) each
    /// is composited as a group so the opacity applies to it as a whole.
    func drawChildren(
        _ children: [PresentationLayer], _ cr: CairoContext, alpha: Double, parentSublayer: CATransform3D? = nil
    ) {
        let ordered = Self.zOrdered(children.filter(Self.isVisible))
        let seams = SharedEdges.find(ordered, parentSublayer: parentSublayer)
        for (child, seams) in zip(ordered, seams) {
            draw(child, cr, parentSublayer: parentSublayer, alpha: alpha, seams: seams)
        }
    }

    /// Draws a layer composited at `alpha` as a whole (a group), or directly when opaque.
    private func draw(
        _ child: PresentationLayer, _ cr: CairoContext, parentSublayer: CATransform3D?, alpha: Double, seams: QuadEdges
    ) {
        guard alpha < 1 else { return draw(child, cr, parentSublayer: parentSublayer, seams: seams) }
        // (Pushed and popped by hand: closures here would add stack at every level of the tree.)
        cr.save()
        clip(cr, toWhere: child, placedBy: child.state.transformToSuperlayer(parentSublayer: parentSublayer))
        let inGroup = cr.pushGroup()
        draw(child, inGroup, parentSublayer: parentSublayer, seams: seams)
        let group = cr.popGroup(inGroup)
        cr.restore()
        cr.setSource(group)
        cr.paint(alpha: alpha)
    }

    /// Clips to where `layer`, placed in its superlayer by `toSuperlayer`, can paint (its shadow
    /// included), when that is known cheaply.
    private func clip(_ cr: CairoContext, toWhere layer: PresentationLayer, placedBy toSuperlayer: CATransform3D) {
        guard let extent = LayerExtent.of(layer, shadow: true, context), let m = LayerExtent.affine(toSuperlayer)
        else { return }
        LayerExtent.clip(cr, to: LayerExtent.transformed(extent, m))
    }

    /// `content` masked by the alpha of `mask` (drawn in this layer's space).
    private func applyMask(_ mask: PresentationLayer, to content: CairoPattern, _ cr: CairoContext) -> CairoPattern {
        let alpha = maskAlpha(mask, cr)
        return cr.withGroup { cr in
            cr.setSource(content)
            cr.mask(alpha)
        }
    }

    /// Paints `content` masked by the alpha of `mask` onto the target, and restores the state
    /// `paint` saved. (Not inlined: `paint`'s frame is on the stack at every level of the tree.)
    @inline(never)
    private func paintMasked(_ content: CairoPattern, by mask: PresentationLayer, _ cr: CairoContext) {
        let alpha = maskAlpha(mask, cr)
        cr.setSource(content)
        cr.mask(alpha)
        cr.restore()
    }

    /// The mask layer drawn (in this layer's space) into a group whose alpha masks.
    private func maskAlpha(_ mask: PresentationLayer, _ cr: CairoContext) -> CairoPattern {
        cr.withGroup { cr in draw(mask, cr) }
    }

    // MARK: What a layer paints

    static func isVisible(_ layer: PresentationLayer) -> Bool { !layer.state.isHidden && layer.state.opacity > 0 }

    static func hasBackground(_ s: LayerState) -> Bool {
        (s.backgroundColor?.alpha ?? 0) > 0 && s.bounds.width > 0 && s.bounds.height > 0
    }

    static func hasBorder(_ s: LayerState) -> Bool {
        s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0 && s.bounds.width > 0 && s.bounds.height > 0
    }

    /// How many separate paints the layer makes (a single paint can take the opacity directly).
    static func paintCount(_ layer: PresentationLayer) -> Int {
        let s = layer.state
        var n = (hasBackground(s) ? 1 : 0) + (hasBorder(s) ? 1 : 0) + (ContentsDrawing.hasContent(s) ? 1 : 0)
        switch layer.kind {
        case .shape: n += (ShapeDrawing.fills(s) ? 1 : 0) + (ShapeDrawing.strokes(s) ? 1 : 0)
        case .text: n += TextDrawing.hasContent(s) ? 1 : 0
        case .gradient: n += GradientDrawing.hasContent(s) ? 1 : 0
        case .replicator: n += s.instanceCount > 1 && layer.sublayers.contains(where: isVisible) ? 2 : 0
        case .emitter: n += EmitterDrawing.hasContent(layer) ? 1 : 0
        case .layer, .transformLayer, .scroll: break
        }
        return n + layer.sublayers.filter(isVisible).count
    }

    /// Siblings back to front by zPosition; equal zPositions keep their order (a stable sort).
    static func zOrdered(_ layers: [PresentationLayer]) -> [PresentationLayer] {
        guard layers.contains(where: { $0.state.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted { a, b in
            a.element.state.zPosition != b.element.state.zPosition
                ? a.element.state.zPosition < b.element.state.zPosition : a.offset < b.offset
        }.map(\.element)
    }
}
