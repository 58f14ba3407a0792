import Foundation
import ReelCore

/// SVG files: layer contents drawn as vectors, and paths taken from them. They go through the
/// same sandbox as images (`SceneFile.resolve`: the scene's folder unless images outside are
/// allowed) and are read up to `maxFileBytes`. The pixel budgets do not apply: a vector image
/// holds no pixels, and the renderer draws it at the size it is shown at, whatever it declares.
extension ImageCache {
    /// Whether a file name written in a scene names an SVG file.
    static func isSVG(_ written: String) -> Bool {
        URL(fileURLWithPath: written).pathExtension.lowercased() == "svg"
    }

    /// The SVG file's resolved path and bytes (`written` relative to the scene file), or a
    /// message; `what` names it ("image").
    func svgFile(_ written: String, what: String = "SVG file") -> Result<(path: String, bytes: [UInt8]), ImageError> {
        let path: String
        switch SceneFile.resolve(
            written, what: what, plural: "images", base: baseDirectory,
            allowOutside: limits.allowsImagesOutsideSceneFolder)
        {
        case .success(let p): path = p
        case .failure(let problem): return .failure(ImageError(message: problem.message))
        }
        switch InputFile.read(path, limit: limits.maxFileBytes) {
        case .success(let data): return .success((path, [UInt8](data)))
        case .failure(let error) where error.tooLarge:
            return .failure(
                ImageError(
                    message:
                        "\(what) '\(written)' is more than \(limits.maxFileBytes) bytes, the limit (raise it with --max-file-size)"
                ))
        case .failure(let error): return .failure(ImageError(message: "\(what) '\(written)': \(error.reason)"))
        }
    }

    /// The vector image an SVG file holds, loaded once per scene.
    func vectorImage(_ written: String) -> Result<CGImage, ImageError> {
        let key = "svg\u{0}" + written
        if let cached = images[key] { return .success(cached) }
        guard let loader else {
            return .failure(ImageError(message: "cannot load image '\(written)': no SVG renderer is available here"))
        }
        let file: (path: String, bytes: [UInt8])
        switch svgFile(written, what: "image") {
        case .success(let f): file = f
        case .failure(let error): return .failure(error)
        }
        do {
            let image = try loader.loadVector(bytes: file.bytes, name: file.path)
            images[key] = image
            return .success(image)
        } catch {
            let reason = (error as? ImageError)?.message ?? "\(error)"
            return .failure(ImageError(message: "cannot load image '\(written)': \(reason)"))
        }
    }
}
