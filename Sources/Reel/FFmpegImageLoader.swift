import Foundation
import ReelCore
import ReelEncode
import ReelScene

/// Decodes PNG, JPEG and WebP files for layer contents with the FFmpeg libraries Reel already
/// links (no second image library). Images come out premultiplied BGRA, ready to draw.
public struct FFmpegImageLoader: SceneImageLoader {
    public init() {}

    public func loadImage(atPath path: String) throws -> CGImage {
        let decoder = try VideoDecoder(path: path)
        guard let pixels = try decoder.nextFrame() else {
            throw RenderFileError("'\(path)' holds no image")
        }
        return CGImage(pixels: pixels, source: path)
    }
}

/// A problem with an input file.
struct RenderFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
