import Foundation

/// A bitmap image: what layer `contents` hold. Immutable after creation, so one image is loaded
/// once and shared by every frame and every thread.
///
/// An image is either decoded pixels, or a drawing (`displayList`): what a layer's `display()`
/// makes from `draw(in:)`, or `CGContext.makeImage()`. The renderer replays a drawn image's
/// recording at the device resolution it is shown at; its `pixels` are rasterised only when
/// asked for (once, by the rasteriser ReelRender installs), for code that reads pixels.
public final class CGImage: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: decoded pixels are written only while the image is made; a drawn image's
    // pixels are made once, under `lock`, and never written afterwards.
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Where the image came from (a file path), for messages and `inspect`.
    public let source: String?
    /// The recording a drawn image replays; nil for decoded images.
    public let displayList: DisplayList?

    /// Decoded pixels: read without a lock (the renderer reads them per particle, on every thread).
    private let decoded: PixelBuffer?
    private let lock = NSLock()
    private var rasterised: PixelBuffer?

    /// Wraps decoded pixels. The buffer must not be written afterwards.
    public init(pixels: PixelBuffer, source: String? = nil) {
        decoded = pixels
        width = pixels.width
        height = pixels.height
        self.source = source
        displayList = nil
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
    }

    /// The pixels, premultiplied BGRA. A drawn image is rasterised on first use.
    public var pixels: PixelBuffer {
        if let decoded { return decoded }
        return lock.withLock {
            if let rasterised { return rasterised }
            guard let displayList, let rasterize = DisplayListRasterizer.installed else {
                preconditionFailure("the pixels of a drawn image need a renderer: import ReelRender (or Reel) and make a FrameRenderer first")
            }
            let made = rasterize(displayList, width, height)
            rasterised = made
            return made
        }
    }

    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String {
        "CGImage(\(width)×\(height)\(source.map { ", \($0)" } ?? "")\(displayList != nil ? ", drawn" : ""))"
    }
}

/// Where ReelCore finds a rasteriser for drawn images (ReelCore cannot draw; ReelRender installs
/// one when a renderer is made), used only when code asks a drawn image for its pixels.
public enum DisplayListRasterizer {
    public typealias Function = @Sendable (DisplayList, _ width: Int, _ height: Int) -> PixelBuffer
    private static let lock = NSLock()
    nonisolated(unsafe) private static var function: Function?

    /// The rasteriser in use, nil before one is installed.
    public static var installed: Function? { lock.withLock { function } }

    /// Installs `rasterize` (the last installed wins; ReelRender's is the only one).
    public static func install(_ rasterize: @escaping Function) { lock.withLock { function = rasterize } }
}
