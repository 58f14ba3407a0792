/// A decoded bitmap image: what layer `contents` hold. Immutable after creation, so one image
/// is loaded once and shared by every frame and every thread.
public final class CGImage: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `pixels` is written only while the image is made, never after.
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, premultiplied BGRA.
    public let pixels: PixelBuffer
    /// Where the image came from (a file path), for messages and `inspect`.
    public let source: String?

    /// Wraps decoded pixels. The buffer must not be written afterwards.
    public init(pixels: PixelBuffer, source: String? = nil) {
        self.pixels = pixels
        self.width = pixels.width
        self.height = pixels.height
        self.source = source
    }

    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "CGImage(\(width)×\(height)\(source.map { ", \($0)" } ?? ""))" }
}
