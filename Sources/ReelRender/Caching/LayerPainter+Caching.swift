import CCairo
import Foundation
import ReelCore

/// Drawing through the raster cache: a layer's own content (and a leaf layer's shadow) as rasters
/// made once per (content, device transform) and composited at whole device pixels.
extension LayerPainter {
    /// Layers whose content is worth a raster: drawn classes, images and shadows, unless an
    /// animation is changing the content now.
    static func isCacheable(_ layer: PresentationLayer) -> Bool {
        let s = layer.state
        // (A shadow keeps its raster: the cached path casts it from the raster's alpha.)
        if isScaleAnimated(layer) && !ShadowDrawing.isVisible(s) { return false }
        switch layer.kind {
        case .shape, .text, .gradient: return !isContentAnimated(layer)
        case .layer, .replicator, .scroll, .emitter: return ContentsDrawing.hasContent(s) || ShadowDrawing.isVisible(s)
        case .transformLayer: return false
        }
    }

    /// Whether animations scale the layer (its own transform) away from its model: a raster is
    /// made at the device scale, so such a layer — a halo breathing, a photo slowly zooming —
    /// made a new one every frame, drawn, copied and composited once (the title sequence's
    /// breathing halo: two thirds of its drawing, callgrind). Drawn directly, it is one pass.
    /// Turns keep their raster (`TurnedPlacement` turns it); so does a constant scale.
    static func isScaleAnimated(_ layer: PresentationLayer) -> Bool {
        guard !layer.animationKeys.isEmpty else { return false }
        func scales(_ t: CATransform3D) -> (Double, Double) { (hypot(t.m11, t.m12), hypot(t.m21, t.m22)) }
        return scales(layer.state.transform) != scales(layer.model.transform)
    }

    /// Whether animations give the layer other content than its model's now. Such content is
    /// new in almost every frame, so a raster of it is drawn, copied and composited once and
    /// never reused: drawing it directly is one pass instead of three (a Lottie's animated
    /// gradients and paths; making their rasters was two fifths of issue_1717's drawing). A
    /// function of the presentation layer alone, so a frame's pixels still do not depend on
    /// which frames came before.
    static func isContentAnimated(_ layer: PresentationLayer) -> Bool {
        !layer.animationKeys.isEmpty && contentKey(layer.state, border: true) != contentKey(layer.model, border: true)
    }

    /// A plain layer (a background, a border) drawn turned. Cairo fills its turned outline with a
    /// scan converter that costs ~12 instructions a pixel of the card (callgrind, typical bench
    /// scene: twelve wobbling cards were half the frame); turned from an upright raster whose flat
    /// inside is copied, not filtered (`FlatInterior`), it costs about half.
    /// Small layers (under 48 pixels a side) keep the exact path: there the fill is cheap, and a
    /// turned raster's resampled edges are most of the layer (a spinner's dots softened visibly).
    static func isTurnedPlainLayer(_ layer: PresentationLayer, _ turn: TurnedPlacement?) -> Bool {
        guard layer.kind == .layer, isPlain(layer.state), let turn else { return false }
        let size = layer.state.bounds.size
        return abs(size.width) * turn.scaleX >= smallSide && abs(size.height) * turn.scaleY >= smallSide
    }

    /// Device pixels a side under which a turned layer keeps its exact path.
    static let smallSide = 48.0

    /// A layer whose only paint is a background and a border.
    static func isPlain(_ s: LayerState) -> Bool {
        (hasBackground(s) || hasBorder(s)) && !ContentsDrawing.hasContent(s)
    }

    /// Draws a layer without visible sublayers or mask entirely from rasters (content with its
    /// border, then its shadow under it). false when the layer is not such a leaf.
    func drawCachedLeaf(
        _ layer: PresentationLayer, _ cr: CairoContext, cache: RenderCache, opacity: Double, shadow: Bool
    ) -> Bool {
        // Read once: whether the device transform turns the layer decides two things below.
        let turned = TurnedPlacement(cr)
        guard Self.isCacheable(layer) || Self.isTurnedPlainLayer(layer, turned), layer.mask == nil,
            !layer.sublayers.contains(where: Self.isVisible),
            layer.kind != .replicator, !EmitterDrawing.hasContent(layer)
        else { return false }
        let s = layer.state
        let shape = shadow ? ShadowShape.of(layer, context) : nil
        // A turning layer (whose shadow does not need its own alpha): its raster is made once,
        // upright, and turned when composited; it holds the bounds clip itself. Not text nor
        // shapes: Core Animation draws glyphs and paths through the transform, where turning a
        // raster resamples a thin stroke into a wider, fainter one.
        let turn = (!shadow || shape != nil) && layer.kind != .text && layer.kind != .shape ? turned : nil
        if turn == nil, s.masksToBounds {
            Geometry.roundedBounds(cr, s)
            cr.clip()
        }
        let place = DevicePlacement(layer, cr)
        let contentKey = Self.contentKey(s, border: true)
        var tooLarge = false
        // A shadow cast from the raster's alpha needs all of it, visible or not.
        let window = shadow && shape == nil ? nil : RasterWindow.visible(layer, cr, place: place, context: context)
        let raster =
            turn.map { Self.turnedRaster(layer, $0, cache: cache, context: context, tooLarge: &tooLarge) }
            ?? Self.contentRaster(
                layer, key: contentKey, place: place, window: window, border: true, cache: cache, context: context,
                tooLarge: &tooLarge)
        // Too large for a raster: the uncached path draws it, clipped to the frame.
        guard let content = raster else { return !tooLarge }
        if shadow, turn == nil, !ShadowRaster.fits(shape: shape, content: content, state: s, place: place) {
            return false
        }
        // Content and shadow at `alpha`: the layer's opacity, or 1 in the group that applies it.
        func composite(_ cr: CairoContext, alpha: Double) {
            if shadow {
                if let shape {
                    // The content raster goes over it at the same alpha, upright or turned.
                    drawShadow(
                        of: shape, s, cr, cache: cache, alpha: alpha,
                        cover: turn == nil ? ShadowCover(s, cr, alpha: alpha) : nil)
                } else {
                    var shadowKey = contentKey
                    shadowKey.shadowRadius = s.shadowRadius
                    if let mask = cache.raster(
                        for: place.key(.shadow, layer.kind, shadowKey),
                        make: {
                            ShadowRaster.make(shape: nil, content: content, state: s, place: place)
                        })
                    {
                        ShadowRaster.composite(mask, state: s, cr, place: place, alpha: alpha)
                    }
                }
            }
            if let turn {
                turn.composite(content, cr, alpha: alpha)
            } else {
                content.composite(cr, tx: place.tx, ty: place.ty, alpha: alpha)
            }
        }
        if shadow && opacity < 1 {
            cr.withSavedState {
                if let extent = LayerExtent.of(layer, shadow: true, context) { LayerExtent.clip(cr, to: extent) }
                cr.withGroupAsSource { cr in composite(cr, alpha: 1) }
                cr.paint(alpha: opacity)
            }
        } else {
            composite(cr, alpha: opacity)
        }
        return true
    }

    /// Draws the shadow cast by `shape` from a cached mask that depends only on the shape, the
    /// blur and the device transform's linear part — not on where the layer is — placed at a
    /// phase as fine as the blur shows (`ShadowDrawing.phaseStep`): a shadowed card that moves
    /// reuses its mask. Too large a mask is drawn uncached, cropped to the frame.
    /// `cover`: where the layer's opaque background goes over it (see `ShadowCover`).
    func drawShadow(
        of shape: ShadowShape, _ s: LayerState, _ cr: CairoContext, cache: RenderCache?, alpha: Double,
        cover: ShadowCover? = nil
    ) {
        // The offset is part of the placement: the mask is made at the offset's sub-pixel phase
        // and composited at whole pixels. (Composited at a fractional offset, pixman resampled
        // the whole mask through its general path: a card springing in with shadowOffset 18
        // cost 26 M instructions a frame — callgrind, celebration bench scene.)
        var offset = (dx: Double(s.shadowOffset.width), dy: Double(s.shadowOffset.height))
        cr.userToDeviceDistance(&offset.dx, &offset.dy)
        var place = DevicePlacement(cr, shift: offset)
        guard let cache, ShadowRaster.fits(shape: shape, content: nil, state: s, place: place) else {
            ShadowDrawing.draw(s, shape: shape, content: nil, cr, alpha: alpha)
            return
        }
        place.quantize(step: ShadowDrawing.phaseStep(sigma: ShadowDrawing.blur(s, linear: place.linear).sigma))
        var key = LayerState()
        key.shadowPath = s.shadowPath
        key.shadowRadius = s.shadowRadius
        if case .roundedRect(let rect, let radius, let corners, let curve) = shape, s.shadowPath == nil {
            (key.bounds, key.cornerRadius, key.maskedCorners, key.cornerCurve) = (rect, CGFloat(radius), corners, curve)
        }
        if let mask = cache.raster(
            for: place.key(.shadow, .layer, key),
            make: {
                ShadowRaster.make(shape: shape, content: nil, state: s, place: place)
            })
        {
            ShadowRaster.composite(mask, state: s, cr, place: place, alpha: alpha, offset: false, cover: cover)
        }
    }

    /// Composites the layer's background and own content (optionally the border) from the cache.
    func compositeContent(_ layer: PresentationLayer, _ cr: CairoContext, includeBorder: Bool, alpha: Double) {
        guard let cache else { return }
        let place = DevicePlacement(layer, cr)
        var tooLarge = false
        if let raster = Self.contentRaster(
            layer, key: Self.contentKey(layer.state, border: includeBorder), place: place,
            window: RasterWindow.visible(layer, cr, place: place, context: context), border: includeBorder,
            cache: cache, context: context, tooLarge: &tooLarge)
        {
            raster.composite(cr, tx: place.tx, ty: place.ty, alpha: alpha)
        } else if tooLarge {
            // Drawn directly, clipped to the frame by Cairo (through a group for the alpha).
            cr.withGroupAsSource { cr in
                Self.drawContentForRaster(layer, cr, border: includeBorder, cache: cache, context: context)
            }
            cr.paint(alpha: alpha)
        }
    }

    /// The layer's background and own content (and the border, if asked) as a raster at this
    /// placement (only its `window`, when given), from the cache or drawn into it.
    private static func contentRaster(
        _ layer: PresentationLayer, key: LayerState, place: DevicePlacement, window: RasterWindow?, border: Bool,
        cache: RenderCache, context: RenderContext, tooLarge: inout Bool
    ) -> Raster? {
        var rasterKey = place.key(.content, layer.kind, key)
        rasterKey.window = window
        return cache.raster(for: rasterKey) {
            Raster.make(linear: place.linear, fx: place.fx, fy: place.fy, window: window, tooLarge: &tooLarge) { rc in
                drawContentForRaster(layer, rc, border: border, cache: cache, context: context)
            }
        }
    }

    /// The layer's content and border drawn upright at the turn's scale, from the cache or drawn
    /// into it (clipped to the bounds when the layer clips, so compositing needs no clip).
    private static func turnedRaster(
        _ layer: PresentationLayer, _ turn: TurnedPlacement, cache: RenderCache, context: RenderContext,
        tooLarge: inout Bool
    ) -> Raster? {
        var key = DevicePlacement.upright(scaleX: turn.scaleX, scaleY: turn.scaleY).key(
            .content, layer.kind, contentKey(layer.state, border: true))
        key.turned = true
        return cache.raster(for: key) {
            let raster = Raster.make(
                linear: cairo_matrix_t(xx: turn.scaleX, yx: 0, xy: 0, yy: turn.scaleY, x0: 0, y0: 0), fx: 0, fy: 0,
                tooLarge: &tooLarge
            ) { rc in
                drawContentForRaster(layer, rc, border: true, cache: cache, context: context)
            }
            let s = layer.state
            if let raster, layer.kind == .layer, isPlain(s) {
                raster.flat = FlatInterior.of(
                    raster, bounds: s.bounds,
                    radius: s.cornerCurve.extent(
                        radius: s.cornerRadius, shorterSide: min(abs(s.bounds.width), abs(s.bounds.height))),
                    border: hasBorder(s) ? s.borderWidth : 0,
                    scaleX: turn.scaleX, scaleY: turn.scaleY)
            }
            return raster
        }
    }

    /// What a content raster holds: background, contents and class drawing (clipped to the bounds
    /// when the layer clips), and the border when asked.
    static func drawContentForRaster(
        _ layer: PresentationLayer, _ rc: CairoContext, border: Bool, cache: RenderCache?,
        context: RenderContext
    ) {
        let s = layer.state
        if hasBackground(s), let color = s.backgroundColor {
            Geometry.roundedBounds(rc, s)
            Geometry.setSource(rc, color, alpha: 1)
            rc.fill()
        }
        rc.save()
        if s.masksToBounds {
            Geometry.roundedBounds(rc, s)
            rc.clip()
        }
        drawOwnContent(layer, rc, alpha: 1, cache: cache, context: context)
        rc.restore()
        if border, hasBorder(s) { drawBorder(s, rc, alpha: 1) }
    }

    /// The state with only what the content raster depends on (so moving, fading or rotating
    /// a layer — handled at composite time — keeps its raster).
    static func contentKey(_ s: LayerState, border: Bool) -> LayerState {
        var k = s
        k.position = .zero
        k.anchorPoint = .zero
        k.anchorPointZ = 0
        k.zPosition = 0
        k.transform = .identity
        k.sublayerTransform = .identity
        k.opacity = 1
        k.isHidden = false
        k.beginTime = 0; k.speed = 1; k.timeOffset = 0
        k.shadowColor = nil; k.shadowOpacity = 0; k.shadowOffset = .zero; k.shadowRadius = 0; k.shadowPath = nil
        k.instanceCount = 1; k.instanceDelay = 0; k.instanceTransform = .identity; k.instanceColor = .white
        k.instanceRedOffset = 0; k.instanceGreenOffset = 0; k.instanceBlueOffset = 0; k.instanceAlphaOffset = 0
        if !border { k.borderWidth = 0; k.borderColor = nil }
        return k
    }
}

/// The device transform of the current user space, split into the linear part, whole pixels
/// of translation, and the sub-pixel remainder quantised to 1/64 px.
struct DevicePlacement {
    var linear: cairo_matrix_t
    var tx: Int, ty: Int
    var fx: Double, fy: Double

    /// `shift`: device pixels added to the translation (a shadow's offset, made part of the
    /// placement so its mask lands on whole pixels).
    init(_ cr: CairoContext, shift: (dx: Double, dy: Double) = (0, 0)) {
        var m = cr.matrix
        m.x0 += shift.dx
        m.y0 += shift.dy
        linear = m
        func split(_ v: Double) -> (Int, Double) {
            var whole = v.rounded(.down)
            var fraction = ((v - whole) * 64).rounded() / 64
            if fraction >= 1 { whole += 1; fraction = 0 }
            // Saturating: a layer moved to 1e300 lands far off canvas instead of trapping.
            return (Int(saturating: whole), fraction)
        }
        (tx, fx) = split(m.x0)
        (ty, fy) = split(m.y0)
    }

    /// The placement of `layer`'s content raster: text on a quarter-pixel grid, finer than
    /// glyph hinting shows and what subpixel text positioning commonly uses, so scrolling or
    /// sliding text is rasterised once per phase instead of once per frame (measured on
    /// tools/bench-scenes/article.yaml, a scrolling page of paragraphs: 6.6 → 4.9 ms a frame).
    init(_ layer: PresentationLayer, _ cr: CairoContext) {
        self.init(cr)
        if layer.kind == .text { quantize(step: 0.25) }
    }

    /// Moves the sub-pixel remainder to the nearest multiple of `step` (a power of two, at
    /// least 1/64 px), carrying into the whole pixels.
    mutating func quantize(step: Double) {
        func snap(_ whole: inout Int, _ fraction: inout Double) {
            fraction = (fraction / step).rounded() * step
            if fraction >= 1 { whole += 1; fraction -= 1 }
        }
        snap(&tx, &fx)
        snap(&ty, &fy)
    }

    /// A placement with no turn, no translation and scale (sx, sy).
    static func upright(scaleX: Double, scaleY: Double) -> DevicePlacement {
        DevicePlacement(
            linear: cairo_matrix_t(xx: scaleX, yx: 0, xy: 0, yy: scaleY, x0: 0, y0: 0), tx: 0, ty: 0, fx: 0, fy: 0)
    }

    private init(linear: cairo_matrix_t, tx: Int, ty: Int, fx: Double, fy: Double) {
        (self.linear, self.tx, self.ty, self.fx, self.fy) = (linear, tx, ty, fx, fy)
    }

    func key(_ part: RasterKey.Part, _ kind: LayerKind, _ state: LayerState) -> RasterKey {
        RasterKey(
            part: part, kind: kind, state: state, a: linear.xx, b: linear.yx, c: linear.xy, d: linear.yy,
            fx: Int(fx * 64), fy: Int(fy * 64))
    }
}

/// A leaf layer's shadow: its content raster's alpha (or its shadowPath), blurred, as an A8 mask.
enum ShadowRaster {
    /// Whether the shadow's mask stays within `Raster.maxPixels`. A cached mask covers the whole
    /// blurred shape, visible or not; a larger one is drawn by the uncached path, whose blur
    /// buffer is clipped to the frame plus the blur's margin.
    static func fits(shape: ShadowShape?, content: Raster?, state s: LayerState, place: DevicePlacement) -> Bool {
        let margin = Double(ShadowDrawing.blur(s, linear: place.linear).margin)
        var w = 0.0, h = 0.0
        if let shape {
            let box = LayerExtent.transformed(shape.boundingBox, place.linear)
            (w, h) = (box.isNull ? 0 : Double(box.width), box.isNull ? 0 : Double(box.height))
        } else if let content {
            (w, h) = (Double(content.surface.width), Double(content.surface.height))
        }
        // Kept at full resolution (see `make`), whatever the blur's reduction.
        return (w + 2 * margin + 2) * (h + 2 * margin + 2) <= Double(Raster.maxPixels)
    }

    /// The blurred mask of `shape`, or else of `content`'s alpha, at `place`.
    static func make(shape: ShadowShape?, content: Raster?, state s: LayerState, place: DevicePlacement) -> Raster? {
        let (sigma, margin) = ShadowDrawing.blur(s, linear: place.linear)
        let k = ShadowDrawing.reduction(sigma: sigma)
        var image: AlphaImage?
        if let shape {
            var m = place.linear
            m.x0 = place.fx
            m.y0 = place.fy
            // A context only for its transform: the shape is filled into the image by `filling`.
            image = CairoSurface(CAIRO_FORMAT_A8, width: 1, height: 1).withContext { rc in
                rc.setMatrix(m)
                return AlphaImage.filling(shape, cr: rc, margin: margin, reduction: k)
            }
        } else if let content {
            // The raster's pixels at its device origin, read in place (the raster is shared: its
            // surface is not changed, not even for a moment).
            image = AlphaImage.alpha(
                of: content.surface, at: (content.originX, content.originY), margin: margin, reduction: k)
        }
        guard var alpha = image else { return nil }
        alpha.blur(sigma: sigma / Double(k))
        // Kept at full resolution: a cached mask is composited every frame, and a plain A8 mask
        // takes pixman's fast path where a scaled one needs a bilinear fetch of every pixel.
        return Raster(surface: alpha.surface(scale: k), originX: alpha.originX, originY: alpha.originY)
    }

    /// Paints a cached mask at its placement (see `ShadowDrawing.paint` for `offset` and `cover`).
    static func composite(
        _ mask: Raster, state s: LayerState, _ cr: CairoContext, place: DevicePlacement, alpha: Double,
        offset: Bool = true, cover: ShadowCover? = nil
    ) {
        mask.withSource {
            ShadowDrawing.paint(
                $0, s, cr, x: place.tx + mask.originX, y: place.ty + mask.originY, alpha: alpha, offset: offset,
                cover: cover)
        }
    }
}
