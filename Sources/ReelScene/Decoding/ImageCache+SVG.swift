import Foundation
import ReelCore

/// SVG files: layer contents drawn as vectors, and paths taken from them. They go through the
/// same sandbox as images (`SceneFile.read`: inside the files' root unless files outside are
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
        switch SceneFile.read(written, what: what, plural: "images", base: baseDirectory, limits: limits) {
        case .success(let file): return .success((file.path, [UInt8](file.data)))
        case .failure(let problem): return .failure(ImageError(message: problem.message))
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
