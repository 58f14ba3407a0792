import Foundation
import ReelCore

/// What a scene's frames are drawn with besides the scene itself: the fonts its text is set in
/// (the installed ones and its own `canvas.fonts`), and the pixels of its drawn images.
///
/// A job makes one for its scene and hands it to every renderer of that scene, so two scenes in
/// one process — a preview server, a batch worker reused for another job, a Swift program —
/// never see each other's fonts. One context serves any number of threads.
///
/// ```swift
/// let context = RenderContext(canvas: timeline.canvas)
/// let renderer = FrameRenderer(canvas: timeline.canvas, context: context)
/// ```
public final class RenderContext: @unchecked Sendable {
    // @unchecked: the pool locks itself; `drawnPixels` is only touched under `lock`.

    /// The scene's font files, as given.
    public let fontFiles: [String]
    /// Pango engines over the scene's fonts.
    let text: TextEnginePool
    private let lock = NSLock()
    /// Drawn images' pixels, made once each.
    private var drawnPixels: [CGImage: PixelBuffer] = [:]

    /// A context whose text can use the installed fonts and the font files `fonts` (TrueType
    /// or OpenType, already checked: a scene's `canvas.fonts`).
    public init(fonts: [String] = []) {
        fontFiles = fonts
        text = TextEnginePool.with(files: fonts)
    }

    /// The context for a scene drawn on `canvas`: its `canvas.fonts`.
    public convenience init(canvas: Canvas) { self.init(fonts: canvas.fonts) }

    /// The family text whose `font` is `name` is drawn in here (`reel inspect`'s `renderedFont`).
    public func family(for name: String?) -> String { text.fonts.face(named: name).family }

    /// An image's pixels, premultiplied BGRA: a decoded image's own, or a drawn image's
    /// recording (a vector image's document) rasterised at its pixel size with this context's fonts (once; every thread then
    /// shares the result). This is how code reads the pixels of `CGContext.makeImage()` or of
    /// a layer's drawing.
    public func pixels(of image: CGImage) -> PixelBuffer {
        let make: () -> PixelBuffer
        if let list = image.displayList {
            make = { DisplayListReplay.rasterize(list, width: image.width, height: image.height, context: self) }
        } else if let artwork = image.vector as? SVGArtwork {
            make = { artwork.rasterize(width: image.width, height: image.height) }
        } else {
            return image.pixels
        }
        if let made = lock.withLock({ drawnPixels[image] }) { return made }
        let made = make()
        // Two threads may have rasterised it at once: both keep the first stored.
        return lock.withLock {
            if let first = drawnPixels[image] { return first }
            drawnPixels[image] = made
            return made
        }
    }
}
