import Foundation
import ReelCore

/// Where a Lottie's image assets are read from: a dotLottie's image folder, or files beside the
/// JSON (under the scene image sandbox: `--allow-images-outside`). Embedded images (`data:` URLs)
/// are read wherever the document comes from. All share the scene's image pixel budgets.
final class LottieImageSource {
    let cache: ImageCache
    let archive: DotLottie?

    init(cache: ImageCache, archive: DotLottie?) {
        self.cache = cache
        self.archive = archive
    }

    /// Media types of `data:` URLs, and the formats they are.
    static let dataFormats: [String: ImageHeader.Format] = [
        "image/png": .png, "image/jpeg": .jpeg, "image/jpg": .jpeg, "image/webp": .webp
    ]

    /// The image of asset `id` with folder `folder` (`u`) and file name or data URL `file` (`p`),
    /// or the message saying why not.
    func image(id: String, folder: String, file: String) -> Result<CGImage, ImageCache.ImageError> {
        if file.hasPrefix("data:") { return embedded(file, id: id) }
        if let archive {
            // As lottie-ios reads dotLotties: by file name, in the archive's image folder.
            switch archive.image(named: file) {
            case .success(let (bytes, name)):
                guard let format = ImageHeader.Format(fileExtension: URL(fileURLWithPath: file).pathExtension) else {
                    return .failure(.init(message: "image '\(name)': Reel reads PNG, JPEG and WebP images"))
                }
                return cache.image(bytes: bytes, format: format, name: name)
            case .failure(let problem): return .failure(.init(message: problem.message))
            }
        }
        return cache.image(folder + file)
    }

    /// A `data:image/png;base64,…` URL (PNG, JPEG or WebP), named (and cached) by its asset's id.
    private func embedded(_ url: String, id: String) -> Result<CGImage, ImageCache.ImageError> {
        let head = url.prefix { $0 != "," }
        let type = head.dropFirst("data:".count).split(separator: ";").first.map { $0.lowercased() } ?? ""
        guard head.hasSuffix(";base64"), let format = Self.dataFormats[type] else {
            return .failure(.init(message: "embedded image '\(head)': Reel reads base64 PNG, JPEG and WebP images"))
        }
        // The text is within the file-size budget, so the decoded bytes (3/4 of it) are too.
        guard let data = Data(base64Encoded: String(url.dropFirst(head.count + 1)), options: .ignoreUnknownCharacters)
        else {
            return .failure(.init(message: "embedded image '\(head)': its base64 data is damaged"))
        }
        return cache.image(bytes: [UInt8](data), format: format, name: "\(id) (embedded)")
    }
}
