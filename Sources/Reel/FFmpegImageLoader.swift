import Foundation
import ReelCore
import ReelEncode
import ReelScene

/// Decodes PNG, JPEG and WebP files for layer contents with the FFmpeg libraries Reel already
/// links (no second image library). Images come out premultiplied BGRA, ready to draw.
///
/// The format comes from the file's extension and the file is read with that format's own
/// reader (`png_pipe`, `jpeg_pipe`, `webp_pipe`), never by probing its content: FFmpeg's probing
/// would also accept HLS playlists, concat lists and the like, which open other files or URLs.
public struct FFmpegImageLoader: SceneImageLoader {
    public init() {}

    /// FFmpeg's reader for each image extension.
    static let readers = [
        "png": ("png_pipe", "PNG"), "jpg": ("jpeg_pipe", "JPEG"), "jpeg": ("jpeg_pipe", "JPEG"),
        "webp": ("webp_pipe", "WebP")
    ]

    public func loadImage(atPath path: String) throws -> CGImage {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard let (reader, name) = Self.readers[ext] else {
            throw RenderFileError("Reel reads PNG, JPEG and WebP images, named .png, .jpg, .jpeg or .webp")
        }
        // FFmpeg's own messages ("Flushing the png decoder failed") mean nothing to a scene's
        // author: any failure is "not a readable image of its kind".
        do {
            let decoder = try VideoDecoder(path: path, format: reader)
            if let pixels = try decoder.nextFrame() { return CGImage(pixels: pixels, source: path) }
        } catch {}
        throw RenderFileError(
            "the file is not a readable \(name) image (damaged, or another kind of file named .\(ext))")
    }
}

/// A problem with an input file.
struct RenderFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
