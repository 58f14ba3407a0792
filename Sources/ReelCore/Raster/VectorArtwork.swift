import Foundation

/// Resolution-independent artwork (an SVG document) that an image can hold instead of pixels.
/// ReelCore cannot draw it; the renderer that made it (ReelRender's `SVGArtwork`) draws it at
/// the device resolution the image is shown at, so it stays crisp at any `--scale` or zoom.
public protocol VectorArtwork: AnyObject, Sendable {
    /// The artwork's intrinsic size in pixels (an SVG's width and height, or its viewBox).
    var size: CGSize { get }
}
