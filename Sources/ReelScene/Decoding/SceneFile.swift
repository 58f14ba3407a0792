import Foundation
import ReelCore

/// Files a scene names (images, fonts), opened carefully: scene files may come from anywhere.
/// Only regular files (a FIFO would block forever), and only inside the scene's folder unless
/// `SceneLimits.allowsImagesOutsideSceneFolder` (symbolic links resolved first, so neither `..`
/// nor a link leads out). A missing file and an unreadable one get the same message.
enum SceneFile {
    /// The absolute path of `written` (relative to `base`), or the message saying why it cannot
    /// be used. `what` names the file in messages ("image", "font file"); `plural` the kind.
    static func resolve(_ written: String, what: String, plural: String, base: URL, allowOutside: Bool) -> Result<
        String, Problem
    > {
        let url = written.hasPrefix("/") ? URL(fileURLWithPath: written) : base.appendingPathComponent(written)
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        let folder = base.standardizedFileURL.resolvingSymlinksInPath().path
        if !allowOutside, !path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
            return .failure(
                Problem(
                    message:
                        "\(what) '\(written)' is outside the scene's folder (\(folder)); \(plural) must be in that folder or below it (allow others with --allow-images-outside)"
                ))
        }
        // Checked before opening: opening a FIFO blocks until something writes to it.
        let missing = Problem(message: "\(what) '\(written)' is missing or cannot be read (looked for \(path))")
        switch InputFile.kind(atPath: path) {
        case .folder, .special:
            return .failure(Problem(message: "\(what) '\(written)' is not a regular file (\(path))"))
        case .missing: return .failure(missing)
        case .regular: guard FileManager.default.isReadableFile(atPath: path) else { return .failure(missing) }
        }
        return .success(path)
    }

    /// Why a file cannot be used.
    struct Problem: Error { var message: String }
}
