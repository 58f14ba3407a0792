import Foundation
import Reel

/// A decoded image with UIKit's loading API, for layer contents: `layer.contents = image.cgImage`.
///
/// Images are read with Reel's image loader (PNG, JPEG, WebP, through the FFmpeg libraries; SVG
/// files as vector images that librsvg draws at the resolution they are shown at).
/// `size` is in points: pixels divided by `scale`, which comes from an `@2x` / `@3x` suffix in
/// the file's name, as on iOS.
public final class UIImage: @unchecked Sendable {
    // @unchecked: every stored property is immutable; CGImage is immutable and shared.

    /// The decoded pixels.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat

    /// The size in points (pixels ÷ scale).
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// An image of decoded pixels.
    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale
    }

    /// The image in the file at `path` (its scale from an `@2x`/`@3x` suffix), or nil when it
    /// cannot be read or decoded.
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? FFmpegImageLoader().loadImage(atPath: path) else { return nil }
        self.init(cgImage: image, scale: UIImage.scale(ofFile: path))
    }

    /// The image called `name` in `UIImage.resourceFolder`, as an app's bundle resource is found:
    /// the exact file name first, then `name` with `.png`, `.jpg`, `.jpeg` or `.webp`, then the
    /// `@2x` and `@3x` variants of those. nil when there is no such readable image.
    public convenience init?(named name: String) {
        let folder = URL(fileURLWithPath: UIImage.resourceFolder, isDirectory: true)
        let extensions = ["png", "jpg", "jpeg", "webp"]
        var candidates = [name]
        for suffix in ["", "@2x", "@3x"] { candidates += extensions.map { "\(name)\(suffix).\($0)" } }
        let manager = FileManager.default
        for candidate in candidates {
            let path = folder.appendingPathComponent(candidate).path
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            self.init(contentsOfFile: path)
            return
        }
        return nil
    }

    /// Where `UIImage(named:)` looks (Reel's stand-in for the app bundle); the current directory
    /// by default. Set it before building the scene.
    public static var resourceFolder: String {
        get { folderLock.withLock { folder ?? FileManager.default.currentDirectoryPath } }
        set { folderLock.withLock { folder = newValue } }
    }

    private static let folderLock = NSLock()
    nonisolated(unsafe) private static var folder: String?

    /// 2 or 3 for a file named `…@2x.png` / `…@3x.png`, else 1.
    static func scale(ofFile path: String) -> CGFloat {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}
