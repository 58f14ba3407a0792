import Foundation
import ReelCore

/// Decodes image files for layer `contents`. Reel's implementation uses the FFmpeg libraries
/// (PNG, JPEG, WebP); tests can supply their own.
public protocol SceneImageLoader: Sendable {
    /// The decoded image at an absolute path, or an error saying why not.
    func loadImage(atPath path: String) throws -> CGImage
    /// The decoded image held in `bytes` (inside an archive, or embedded as base64), in
    /// `format`; `name` says where it came from.
    func loadImage(bytes: [UInt8], format: ImageHeader.Format, name: String) throws -> CGImage
    /// The vector image an SVG document (`bytes`, from the file `name`) holds: drawn at the
    /// resolution it is shown at. Only the bytes are given, so the document can load nothing else.
    func loadVector(bytes: [UInt8], name: String) throws -> CGImage
}

extension SceneImageLoader {
    /// Loaders that read only files refuse images held in memory.
    public func loadImage(bytes: [UInt8], format: ImageHeader.Format, name: String) throws -> CGImage {
        throw ImageCache.ImageError(
            message: "cannot load image '\(name)': no decoder for images in memory is available here")
    }

    /// Loaders without an SVG renderer refuse SVG files.
    public func loadVector(bytes: [UInt8], name: String) throws -> CGImage {
        throw ImageCache.ImageError(message: "no SVG renderer is available here")
    }
}

/// Loads each image file once per scene, however many layers use it, within the scene's pixel
/// budgets (`SceneLimits.maxImagePixels`, `maxTotalImagePixels`).
///
/// Scene files may come from anywhere, so images are opened carefully (see `SceneFile`), and
/// only PNG, JPEG, WebP (and SVG, see `ImageCache+SVG`) chosen by the file's extension (a loader is told the format and must
/// not guess it from the content: an HLS playlist named `.png` would otherwise open network
/// streams).
final class ImageCache {
    let loader: SceneImageLoader?
    let baseDirectory: URL
    let limits: SceneLimits
    /// Loaded images by resolved path (SVG files: by name as written, see `vectorImage`).
    var images: [String: CGImage] = [:]
    /// Pixels of the images loaded so far.
    private var totalPixels = 0

    init(loader: SceneImageLoader?, baseDirectory: URL, limits: SceneLimits) {
        self.loader = loader
        self.baseDirectory = baseDirectory
        self.limits = limits
    }

    /// The image for a path as written in the scene (relative to the scene file), or a message.
    func image(_ written: String) -> Result<CGImage, ImageError> {
        if Self.isSVG(written) { return vectorImage(written) }
        guard let format = ImageHeader.Format(fileExtension: URL(fileURLWithPath: written).pathExtension) else {
            return .failure(
                ImageError(
                    message:
                        "image '\(written)': Reel reads PNG, JPEG and WebP images and SVG files, named .png, .jpg, .jpeg, .webp or .svg"
                ))
        }
        let path: String
        switch SceneFile.resolve(
            written, what: "image", plural: "images", base: baseDirectory,
            limits: limits)
        {
        case .success(let p): path = p
        case .failure(let problem): return .failure(ImageError(message: problem.message))
        }
        if let cached = images[path] { return .success(cached) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ImageError(message: "image '\(written)' is missing or cannot be read (looked for \(path))"))
        }
        // The size from the header first: an image over budget is refused without decoding it.
        let header = ImageHeader.read(handle, as: format)
        try? handle.close()
        return decoded(written, key: path, header: header) { try $0.loadImage(atPath: path) }
    }

    /// The image held in `bytes` (a dotLottie's entry, a base64 data URL), within the same pixel
    /// budgets as files; `name` names it in messages and, with the format, identifies it in the cache.
    func image(bytes: [UInt8], format: ImageHeader.Format, name: String) -> Result<CGImage, ImageError> {
        let key = "\u{0}" + name
        if let cached = images[key] { return .success(cached) }
        guard let header = ImageHeader.parse(Array(bytes.prefix(ImageHeader.maxHeaderBytes)), as: format) else {
            return .failure(ImageError(message: "image '\(name)' is not a readable \(format.rawValue) image"))
        }
        return decoded(name, key: key, header: header) { try $0.loadImage(bytes: bytes, format: format, name: name) }
    }

    /// Decodes an image with `load` when its header (if read) is within the budgets, checks the
    /// decoded size again (for headers that could not be read), and caches it under `key`.
    private func decoded(
        _ written: String, key: String, header: ImageHeader?, load: (SceneImageLoader) throws -> CGImage
    ) -> Result<CGImage, ImageError> {
        if let header, let problem = overBudget(written, width: header.width, height: header.height) {
            return .failure(problem)
        }
        guard let loader else {
            return .failure(ImageError(message: "cannot load image '\(written)': no image decoder is available here"))
        }
        do {
            let image = try load(loader)
            if let problem = overBudget(written, width: image.width, height: image.height) { return .failure(problem) }
            images[key] = image
            totalPixels += image.width * image.height
            return .success(image)
        } catch {
            return .failure(ImageError(message: "cannot load image '\(written)': \(error)"))
        }
    }

    /// The message for an image over the per-image or the total pixel budget, nil when it fits.
    private func overBudget(_ written: String, width: Int, height: Int) -> ImageError? {
        let pixels = width.multipliedReportingOverflow(by: height)
        let count = pixels.overflow ? Int.max : pixels.partialValue
        if count > limits.maxImagePixels {
            return ImageError(
                message:
                    "image '\(written)' is \(width)×\(height) pixels; an image may have at most \(limits.maxImagePixels) pixels (raise it with --max-image-pixels)"
            )
        }
        if totalPixels + count > limits.maxTotalImagePixels {
            return ImageError(
                message:
                    "image '\(written)' (\(width)×\(height) pixels) would bring the scene's images to \(totalPixels + count) pixels; the limit is \(limits.maxTotalImagePixels) in all (raise it with --max-image-pixels)"
            )
        }
        return nil
    }

    struct ImageError: Error { var message: String }
}
