import CCairo
import Foundation
import ReelCore

/// Layer contents: an image placed in the bounds by contentsGravity, cropped to contentsRect,
/// at contentsScale pixels per point for the gravities that keep the natural size.
enum ContentsDrawing {
    static func hasContent(_ s: LayerState) -> Bool {
        shows(s.contents, s) || (s.contentsFade.map { shows($0.from, s) } ?? false)
    }

    private static func shows(_ image: CGImage?, _ s: LayerState) -> Bool {
        guard let image else { return false }
        if let list = image.displayList, list.isEmpty { return false }
        return image.width > 0 && image.height > 0 && s.contentsRect.width > 0 && s.contentsRect.height > 0
    }

    /// The image's size in pixels: a drawn image's exact backing-store size (its pixel count is
    /// that rounded up), so a layer's drawing maps exactly onto the bounds it was drawn for.
    static func pixelSize(of image: CGImage) -> CGSize {
        if let list = image.displayList { return list.size }
        if let vector = image.vector { return vector.size }
        return CGSize(width: image.width, height: image.height)
    }

    /// The area an image covers in the layer's bounds space (cropped for resizeAspectFill).
    static func coverage(of image: CGImage, _ s: LayerState) -> CGRect {
        let r = s.contentsRect
        let pixels = pixelSize(of: image)
        let size = CGSize(width: r.width * pixels.width, height: r.height * pixels.height)
        let dest = destination(s, imageSize: size)
        return s.contentsGravity == .resizeAspectFill ? dest.intersection(s.bounds) : dest
    }

    /// Every image the layer shows now: its contents, and while they cross-dissolve the old ones.
    static func images(_ s: LayerState) -> [CGImage] {
        [s.contents, s.contentsFade?.from].compactMap { $0 }.filter { shows($0, s) }
    }

    /// Where the (cropped) image goes in the layer's bounds space.
    static func destination(_ s: LayerState, imageSize: CGSize) -> CGRect {
        let scale = s.contentsScale > 0 ? Double(s.contentsScale) : 1
        let natural = CGSize(width: imageSize.width / scale, height: imageSize.height / scale)
        return s.contentsGravity.rect(placing: natural, in: s.bounds)
    }

    /// Draws the image. A downscaled image is first resampled (with a filter that averages every
    /// source pixel) to about the size it covers on the device — kept in `cache` — and that copy
    /// is drawn with a bilinear filter: as sharp as filtering the original every frame, but a
    /// spinning or sliding image costs a bilinear pass instead of a wide convolution.
    static func draw(_ s: LayerState, _ cr: CairoContext, alpha: Double, cache: RenderCache?, context: RenderContext) {
        guard let fade = s.contentsFade else {
            if let image = s.contents, shows(image, s) {
                draw(image, s, cr, alpha: alpha, cache: cache, context: context)
            }
            return
        }
        // Cross-dissolve: old × (1 − p) + new × p, summed (ADD) in a group so that two opaque
        // images stay opaque all the way through, then painted with the layer's alpha. The group
        // is bounded (on an unbounded recording surface it would have no extent) by a clip on
        // whole device pixels: an exact clip would cut the images' edge pixels a second time
        // when the group is painted.
        let area = images(s).reduce(CGRect.null) { $0.union(coverage(of: $1, s)) }
        guard !area.isNull, area.width > 0, area.height > 0 else { return }
        cr.withSavedState {
            LayerExtent.clip(cr, to: area)
            cr.withGroupAsSource { cr in
                if let old = fade.from, shows(old, s) {
                    draw(old, s, cr, alpha: 1 - fade.progress, cache: cache, context: context)
                }
                cr.setOperator(CAIRO_OPERATOR_ADD)
                if let new = s.contents, shows(new, s) {
                    draw(new, s, cr, alpha: fade.progress, cache: cache, context: context)
                }
            }
            cr.paint(alpha: alpha)
        }
    }

    private static func draw(
        _ image: CGImage, _ s: LayerState, _ cr: CairoContext, alpha: Double, cache: RenderCache?,
        context: RenderContext
    ) {
        // The part of the image shown, in pixels.
        let r = s.contentsRect
        let pixels = pixelSize(of: image)
        let source = CGRect(
            x: r.minX * pixels.width, y: r.minY * pixels.height,
            width: r.width * pixels.width, height: r.height * pixels.height)
        let dest = destination(s, imageSize: source.size)
        guard dest.width > 0, dest.height > 0 else { return }
        cr.save()
        defer { cr.restore() }
        if s.contentsGravity == .resizeAspectFill {
            // The filled image is cropped to the bounds.
            cr.rectangle(s.bounds.minX, s.bounds.minY, s.bounds.width, s.bounds.height)
            cr.clip()
        }
        cr.rectangle(dest.minX, dest.minY, dest.width, dest.height)
        cr.clip()
        cr.translate(dest.minX, dest.minY)
        if let list = image.displayList {
            drawScalable(list.size, of: image, source: source, dest: dest, cr, alpha: alpha, cache: cache) {
                DisplayListReplay.raster(list, width: $0, height: $1, scale: $2, context: context)
            } direct: {
                DisplayListReplay.draw(list, $0, alpha: alpha, context: context)
            }
            return
        }
        if let artwork = image.vector as? SVGArtwork {
            drawScalable(artwork.size, of: image, source: source, dest: dest, cr, alpha: alpha, cache: cache) {
                artwork.raster(width: $0, height: $1, scale: $2)
            } direct: { cr in
                cr.withGroupAsSource { artwork.draw($0) }
                cr.paint(alpha: alpha)
            }
            return
        }
        if let size = preparedSize(cr, source: source, dest: dest) {
            let key = PreparedImageKey(image: image, source: source, width: size.width, height: size.height)
            let make = { prepare(image, source: source, width: size.width, height: size.height) }
            guard let prepared = cache.map({ $0.preparedImage(for: key, make: make) }) ?? make() else { return }
            cr.scale(dest.width / Double(size.width), dest.height / Double(size.height))
            prepared.withSource { cr.setSource($0, 0, 0) }
            finish(cr, filter: CAIRO_FILTER_BILINEAR, alpha: alpha)
            return
        }
        cr.scale(dest.width / source.width, dest.height / source.height)
        cr.setSource(CairoSurface(pixelsOf: image), -source.minX, -source.minY)
        finish(cr, filter: CAIRO_FILTER_GOOD, alpha: alpha)
    }

    /// A drawn or vector image: its recording (or SVG document) rasterised at the power of two
    /// of backing-store pixels per device pixel at or above what the layer shows now (kept in
    /// `cache`, so a drawing is replayed once per size it is seen at), then drawn as an image with
    /// a bilinear filter. Sharp at any canvas scale or zoom, like a vector; yet a layer that
    /// moves, turns or stretches composites a bitmap per frame, as Core Animation does, instead
    /// of replaying (measured, debug build, 30 frames of a moving, turning 160-point pie chart
    /// with a shadow at scale 2: 28.8 ms a frame replayed each frame, 7.4 ms from the raster —
    /// one replay included — against 3.5 ms for the same picture as a decoded image). Too large
    /// a raster is drawn `direct`ly, clipped to the frame. The raster's size follows the device
    /// size, not the size the artwork declares: an SVG with a huge viewBox shown small is cheap.
    private static func drawScalable(
        _ size: CGSize, of image: CGImage, source: CGRect, dest: CGRect, _ cr: CairoContext, alpha: Double,
        cache: RenderCache?, raster: @escaping (Int, Int, Double) -> Raster?, direct: (CairoContext) -> Void
    ) {
        let m = cr.matrix
        let sx = (m.xx * m.xx + m.yx * m.yx).squareRoot() * dest.width / source.width
        let sy = (m.xy * m.xy + m.yy * m.yy).squareRoot() * dest.height / source.height
        cr.scale(dest.width / source.width, dest.height / source.height)
        let level = recordingLevel(max(sx, sy))
        let w = Double(size.width) * level, h = Double(size.height) * level
        guard level > 0, w >= 0.5, h >= 0.5, w < 32768, h < 32768, (w + 1) * (h + 1) <= Double(Raster.maxPixels) else {
            cr.translate(-source.minX, -source.minY)
            direct(cr)
            return
        }
        let width = Int(w.rounded(.up)), height = Int(h.rounded(.up))
        let key = PreparedImageKey(
            image: image, source: CGRect(origin: .zero, size: size), width: width, height: height)
        let make = { raster(width, height, level) }
        guard let raster = cache.map({ $0.preparedImage(for: key, make: make) }) ?? make() else { return }
        cr.scale(1 / level, 1 / level)
        raster.withSource { cr.setSource($0, -source.minX * level, -source.minY * level) }
        finish(cr, filter: CAIRO_FILTER_BILINEAR, alpha: alpha)
    }

    /// The power of two at or above `scale` (a hair above one counts as one): how many raster
    /// pixels a recording gets per backing-store pixel. 0 when the scale is unusable.
    static func recordingLevel(_ scale: Double) -> Double {
        guard scale.isFinite, scale > 1e-6 else { return 0 }
        return pow(2, (log2(scale) - 1e-6).rounded(.up))
    }

    /// Pads the source so edge pixels don't fade into transparency when scaled, and paints.
    private static func finish(_ cr: CairoContext, filter: cairo_filter_t, alpha: Double) {
        cr.setSourceExtend(CAIRO_EXTEND_PAD)
        cr.setSourceFilter(filter)
        cr.paint(alpha: alpha)
    }

    /// The pixel size to resample the source to when the device shows it smaller than its pixels
    /// (along either of the image's axes, whatever the rotation); nil when it is not downscaled.
    static func preparedSize(_ cr: CairoContext, source: CGRect, dest: CGRect) -> (width: Int, height: Int)? {
        let m = cr.matrix
        // Device pixels per source pixel along the image's x and y axes.
        let sx = (m.xx * m.xx + m.yx * m.yx).squareRoot() * dest.width / source.width
        let sy = (m.xy * m.xy + m.yy * m.yy).squareRoot() * dest.height / source.height
        guard sx < 0.99 || sy < 0.99 else { return nil }
        let width = max(Int(saturating: (source.width * min(sx, 1)).rounded(.up)), 1)
        let height = max(Int(saturating: (source.height * min(sy, 1)).rounded(.up)), 1)
        return (width, height)
    }

    /// The shown part of `image` resampled to width × height pixels.
    static func prepare(_ image: CGImage, source: CGRect, width: Int, height: Int) -> Raster? {
        guard width < 32768, height < 32768 else { return nil }
        let target = CairoSurface(CAIRO_FORMAT_ARGB32, width: width, height: height)
        target.withContext { c in
            c.scale(Double(width) / source.width, Double(height) / source.height)
            c.setSource(CairoSurface(pixelsOf: image), -source.minX, -source.minY)
            c.setOperator(CAIRO_OPERATOR_SOURCE)
            finish(c, filter: CAIRO_FILTER_GOOD, alpha: 1)
        }
        target.flush()
        return Raster(surface: target, originX: 0, originY: 0)
    }
}
