import Foundation

/// A bitmap image: what layer `contents` hold. Immutable after creation, so one image is loaded
/// once and shared by every frame and every thread.
///
/// An image is either decoded pixels, or a drawing (`displayList`): what a layer's `display()`
/// makes from `draw(in:)`, or `CGContext.makeImage()`. The renderer replays a drawn image's
/// recording at the device resolution it is shown at; ReelCore cannot draw, so code that reads
/// a drawn image's pixels asks the scene's renderer for them (ReelRender's
/// `RenderContext.pixels(of:)`, which sets its text in the scene's fonts).
public final class CGImage: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: decoded pixels are written only while the image is made.
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Where the image came from (a file path), for messages and `inspect`.
    public let source: String?
    /// The recording a drawn image replays; nil for decoded images.
    public let displayList: DisplayList?
    /// The artwork a vector image (an SVG file) draws at the resolution it is shown at; nil otherwise.
    public let vector: VectorArtwork?

    /// Decoded pixels: read without a lock (the renderer reads them per particle, on every thread).
    private let decoded: PixelBuffer?

    /// Wraps decoded pixels. The buffer must not be written afterwards.
    public init(pixels: PixelBuffer, source: String? = nil) {
        decoded = pixels
        width = pixels.width
        height = pixels.height
        self.source = source
        displayList = nil
        vector = nil
    }

    /// A drawn image: `displayList.size` rounded up to whole pixels. nil when it has no area.
    public init?(displayList: DisplayList) {
        let w = displayList.size.width.rounded(.up), h = displayList.size.height.rounded(.up)
        guard w >= 1, h >= 1, w < 1_048_576, h < 1_048_576 else { return nil }
        width = Int(w)
        height = Int(h)
        source = nil
        decoded = nil
        self.displayList = displayList
        vector = nil
    }

    /// A vector image: `vector.size` rounded up to whole pixels. nil when it has no area.
    public init?(vector: VectorArtwork, source: String? = nil) {
        let w = vector.size.width.rounded(.up), h = vector.size.height.rounded(.up)
        guard w >= 1, h >= 1, w < 1_048_576, h < 1_048_576 else { return nil }
        width = Int(w)
        height = Int(h)
        self.source = source
        decoded = nil
        displayList = nil
        self.vector = vector
    }

    /// The decoded pixels, premultiplied BGRA. A drawn image has none of its own: ask the
    /// renderer (`RenderContext.pixels(of:)` in ReelRender).
    public var pixels: PixelBuffer {
        guard let decoded else {
            preconditionFailure(
                "a drawn image's pixels come from a renderer: RenderContext.pixels(of:) in ReelRender (or Reel)")
        }
        return decoded
    }

    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String {
        "CGImage(\(width)×\(height)\(source.map { ", \($0)" } ?? "")\(displayList != nil ? ", drawn" : vector != nil ? ", vector" : ""))"
    }
}
