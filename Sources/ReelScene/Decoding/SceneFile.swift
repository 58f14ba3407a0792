import Foundation
import ReelCore

/// Files a scene names (images, SVG, fonts, audio, Lottie files), opened carefully: scene files
/// may come from anywhere. Only regular files (a FIFO would block forever), and only inside the
/// files' root (`SceneLimits.fileRoot`, else the scene's folder) unless
/// `SceneLimits.allowsFilesOutsideRoot` (symbolic links resolved first, so neither `..` nor a link
/// leads out). A missing file and an unreadable one get the same message. The one place these
/// rules and their messages live: every loader asks here.
enum SceneFile {
    /// The absolute path of `written` (relative to `base`, the folder of the file naming it), or
    /// the message saying why it cannot be used. `what` names the file in messages ("image",
    /// "font file"); `plural` the kind.
    static func resolve(_ written: String, what: String, plural: String, base: URL, limits: SceneLimits) -> Result<
        String, Problem
    > {
        let url = written.hasPrefix("/") ? URL(fileURLWithPath: written) : base.appendingPathComponent(written)
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        let rootURL = limits.fileRoot.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? base
        let root = rootURL.standardizedFileURL.resolvingSymlinksInPath().path
        if !limits.allowsFilesOutsideRoot, !path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            let named = limits.fileRoot == nil ? "the scene's folder" : "the root folder"
            return .failure(
                Problem(
                    message:
                        "\(what) '\(written)' is outside \(named) (\(root)); \(plural) must be in that folder or below it (set the root with --root, or allow others with --allow-files-outside)"
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

    /// The path and bytes of `written`, resolved as `resolve` does and read up to
    /// `limits.maxFileBytes`, or the message saying why not.
    static func read(_ written: String, what: String, plural: String, base: URL, limits: SceneLimits) -> Result<
        (path: String, data: Data), Problem
    > {
        resolve(written, what: what, plural: plural, base: base, limits: limits).flatMap { path in
            contents(of: path, written: written, what: what, limits: limits).map { (path, $0) }
        }
    }

    /// The bytes of the file at `path` (resolved from `written`), up to `limits.maxFileBytes`.
    static func contents(of path: String, written: String, what: String, limits: SceneLimits) -> Result<
        Data, Problem
    > {
        switch InputFile.read(path, limit: limits.maxFileBytes) {
        case .success(let data): return .success(data)
        case .failure(let error) where error.tooLarge:
            return .failure(
                Problem(
                    message:
                        "\(what) '\(written)' is more than \(limits.maxFileBytes) bytes, the limit (raise it with --max-file-size)"
                ))
        case .failure(let error): return .failure(Problem(message: "\(what) '\(written)': \(error.reason)"))
        }
    }

    /// Why a file cannot be used.
    struct Problem: Error { var message: String }
}
