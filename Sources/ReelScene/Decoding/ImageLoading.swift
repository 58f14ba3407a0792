import Foundation
import ReelCore

/// Decodes image files for layer `contents`. Reel's implementation uses the FFmpeg libraries
/// (PNG, JPEG, WebP); tests can supply their own.
public protocol SceneImageLoader: Sendable {
    /// The decoded image at an absolute path, or an error saying why not.
    func loadImage(atPath path: String) throws -> CGImage
}

/// Loads each image file once per scene, however many layers use it.
final class ImageCache {
    let loader: SceneImageLoader?
    let baseDirectory: URL
    private var images: [String: CGImage] = [:]

    init(loader: SceneImageLoader?, baseDirectory: URL) {
        self.loader = loader
        self.baseDirectory = baseDirectory
    }

    /// The image for a path as written in the scene (relative to the scene file), or a message.
    func image(_ written: String) -> Result<CGImage, ImageError> {
        let url = written.hasPrefix("/") ? URL(fileURLWithPath: written) : baseDirectory.appendingPathComponent(written)
        let path = url.standardizedFileURL.path
        if let cached = images[path] { return .success(cached) }
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(ImageError(message: "image file '\(written)' not found (tried \(path))"))
        }
        guard let loader else {
            return .failure(ImageError(message: "cannot load image '\(written)': no image decoder is available here"))
        }
        do {
            let image = try loader.loadImage(atPath: path)
            images[path] = image
            return .success(image)
        } catch {
            return .failure(ImageError(message: "cannot load image '\(written)' (\(path)): \(error)"))
        }
    }

    struct ImageError: Error { var message: String }
}
