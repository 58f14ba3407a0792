import CReelSupport
import Glibc

/// Writes a file under a temporary name and moves it into place only when it is complete.
///
/// A render that is interrupted or fails must not leave a truncated video where the real one
/// should be (or replace a good one from an earlier run). So the encoder writes to
/// `temporaryPath`, a hidden file in the same directory (`rename` is only atomic within one
/// filesystem), and `commit()` renames it over `finalPath`; `discard()` deletes it instead.
///
/// The temporary name keeps the final extension (`.clip.reel-tmp-4242-9f3a01c2.mp4` for
/// `clip.mp4`) so tools that choose a format by extension still choose the right one.
public struct AtomicOutput: Sendable, Equatable {
    /// Where the finished file ends up.
    public let finalPath: String
    /// Where the file is written until `commit()`.
    public let temporaryPath: String

    /// Picks a temporary path next to `finalPath`, after checking that its directory exists and is writable.
    /// - Throws: `EncodeError` if the directory is missing, is not a directory, or cannot be written,
    ///   or if `finalPath` itself is a directory.
    /// - Parameter replaceReadOnly: replace an existing output even when it is read-only (`--force`);
    ///   otherwise a read-only output is an error, since someone protected it.
    public init(finalPath: String, replaceReadOnly: Bool = false) throws {
        let (directory, name) = AtomicOutput.split(finalPath)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw EncodeError("The output path \"\(finalPath)\" names a folder, not a file")
        }
        let shownDirectory = directory ?? "the current folder"
        let checkedDirectory = directory ?? "."
        var info = stat()
        guard stat(checkedDirectory, &info) == 0 else {
            throw EncodeError("Cannot write \(finalPath): the folder \(shownDirectory) \(AtomicOutput.reason(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw EncodeError("Cannot write \(finalPath): \(shownDirectory) is not a folder")
        }
        guard access(checkedDirectory, W_OK) == 0 else {
            throw EncodeError(
                "Cannot write \(finalPath): the folder \(shownDirectory) is not writable (\(AtomicOutput.text(errno)))")
        }
        if stat(finalPath, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw EncodeError("Cannot write \(finalPath): a folder with that name already exists")
        }
        if !replaceReadOnly, AtomicOutput.isReadOnly(finalPath) {
            throw EncodeError("\(finalPath) exists and is read-only; reel replaces it only with --force (-y)")
        }
        StaleTemporaries.clean(folder: checkedDirectory)

        // "clip.mp4" → stem "clip", extension ".mp4"; a leading dot is part of the name, not an extension.
        var stem = Substring(name)
        var fileExtension = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = name[..<dot]
            fileExtension = String(name[dot...])
        }
        let temporaryName = StaleTemporaries.name(stem: stem, extension: fileExtension)
        self.finalPath = finalPath
        self.temporaryPath =
            directory.map { $0 == "/" ? "/" + temporaryName : $0 + "/" + temporaryName } ?? temporaryName
        // A process ended by a signal while blocked (see CReelSupport) still removes it.
        reel_register_temporary_file(temporaryPath)
    }

    /// Whether `path` exists and is protected: no write permission for anyone (which root, who may
    /// write anyway, must respect too), or none for us.
    static func isReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 || access(path, W_OK) != 0
    }

    /// Atomically replaces `finalPath` with the temporary file.
    /// - Throws: `EncodeError` if the rename fails (e.g. the temporary file was never written).
    public func commit() throws {
        defer { reel_unregister_temporary(temporaryPath) }
        guard rename(temporaryPath, finalPath) == 0 else {
            throw EncodeError(
                "Could not move the finished file \(temporaryPath) to \(finalPath): \(AtomicOutput.text(errno))")
        }
    }

    /// Writes `bytes` to `path` whole or not at all, through a registered temporary, so that
    /// neither an error nor a signal leaves a partial file or a temporary behind.
    /// - Throws: `EncodeError` naming the path and why.
    public static func write(_ bytes: [UInt8], to path: String, replaceReadOnly: Bool = false) throws {
        let target = try AtomicOutput(finalPath: path, replaceReadOnly: replaceReadOnly)
        do {
            try writeFile(target.temporaryPath, bytes)
            try target.commit()
        } catch {
            target.discard()
            throw error
        }
    }

    /// Deletes the temporary file if it exists. Best effort: used on error paths, so it never throws.
    public func discard() {
        _ = unlink(temporaryPath)
        reel_unregister_temporary(temporaryPath)
    }

    /// Splits "dir/name" into its directory (nil when there is none) and last component.
    private static func split(_ path: String) -> (directory: String?, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (nil, path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func reason(_ code: Int32) -> String {
        code == ENOENT ? "does not exist" : "cannot be read (\(text(code)))"
    }
}
