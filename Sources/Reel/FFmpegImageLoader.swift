import Foundation
import ReelCore
import ReelEncode
import ReelRender
import ReelScene

/// Decodes PNG, JPEG and WebP files for layer contents with the FFmpeg libraries Reel already
/// links (no second image library). Images come out premultiplied BGRA, ready to draw.
///
/// The format comes from the file's extension and the file is read with that format's own
/// reader, never by probing its content (`MediaInput`): FFmpeg's probing would also accept HLS
/// playlists, concat lists and the like, which open other files or URLs.
public struct FFmpegImageLoader: SceneImageLoader {
    public init() {}

    public func loadImage(atPath path: String) throws -> CGImage {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "svg" {
            // Swift callers (`UIImage(contentsOfFile:)`) choose their files; scenes read SVG
            // files through their sandbox and `loadVector(bytes:name:)`.
            guard case .success(let data) = InputFile.read(path, limit: 64 * 1024 * 1024) else {
                throw RenderFileError("the SVG file is missing, unreadable or larger than 64 MiB")
            }
            return try loadVector(bytes: [UInt8](data), name: path)
        }
        guard let name = ImageHeader.Format(fileExtension: ext)?.rawValue else {
            throw RenderFileError(
                "Reel reads PNG, JPEG and WebP images and SVG files, named .png, .jpg, .jpeg, .webp or .svg")
        }
        // FFmpeg's own messages ("Flushing the png decoder failed") mean nothing to a scene's
        // author: any failure is "not a readable image of its kind".
        do {
            // The scene's own budget (`--max-image-pixels`) was checked from the header already.
            let decoder = try VideoDecoder(path: path, maxPixels: .max)
            if let pixels = try decoder.nextFrame() { return CGImage(pixels: pixels, source: path) }
        } catch {}
        throw RenderFileError(
            "the file is not a readable \(name) image (damaged, or another kind of file named .\(ext))")
    }

    public func loadImage(bytes: [UInt8], format: ImageHeader.Format, name: String) throws -> CGImage {
        do {
            // The scene's own budget was checked from the header already.
            return CGImage(
                pixels: try ImageBytesDecoder.decode(bytes, format: format, name: name, maxPixels: .max), source: name)
        } catch {
            throw RenderFileError(
                "'\(name)' is not a readable \(format.rawValue) image (damaged, or another kind of data)")
        }
    }
}

/// SVG files, drawn by librsvg as vectors at the resolution they are shown at.
extension FFmpegImageLoader {
    public func loadVector(bytes: [UInt8], name: String) throws -> CGImage {
        let artwork: SVGArtwork
        do { artwork = try SVGArtwork(bytes: bytes) } catch { throw RenderFileError("\(error)") }
        guard let image = CGImage(vector: artwork, source: name) else {
            throw RenderFileError("the SVG's size rounds to no pixels")
        }
        return image
    }
}

/// A problem with an input file.
struct RenderFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
