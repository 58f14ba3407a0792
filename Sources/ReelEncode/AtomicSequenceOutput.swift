import CReelSupport
import Glibc

/// An output that appears only when it is complete: written to a temporary place, then moved
/// into place by `commit()` or deleted by `discard()`.
public protocol AtomicDestination {
    /// Moves the finished output to where it belongs.
    /// - Throws: `EncodeError` if it cannot be moved.
    func commit() throws
    /// Deletes whatever was written. Best effort: used on error paths, so it never throws.
    func discard()
}

extension AtomicOutput: AtomicDestination {}

/// The numbered files of a PNG sequence, written into a hidden temporary folder beside their
/// final place and moved there together when the render is complete.
///
/// An interrupted render of a sequence must not leave half a sequence (or a half-written
/// file) where a complete one is expected, just as a video must not be left truncated. The
/// temporary folder is on the same filesystem, so each move is a `rename`.
public final class AtomicSequenceOutput: AtomicDestination, Sendable {
    /// The final file names.
    public let pattern: FrameNumberPattern
    /// The hidden folder the files are written into until `commit()`.
    public let temporaryDirectory: String
    /// The scene's frame numbers (see `init`).
    public let sceneFrames: Range<Int>?

    /// Creates the temporary folder next to where the files go.
    /// - Parameters:
    ///   - sceneFrames: the frame numbers the scene has: frames of the pattern outside them (left by
    ///     an earlier, longer render) are removed on commit. Frames inside them stay, so segments
    ///     rendered with `--frames` can share a sequence. nil: remove none.
    ///   - replaceReadOnly: replace read-only frames of an earlier render (`--force`).
    /// - Throws: `EncodeError` if that folder does not exist or cannot be written, or holds
    ///   read-only frames of this sequence.
    public init(pattern: FrameNumberPattern, sceneFrames: Range<Int>? = nil, replaceReadOnly: Bool = false) throws {
        self.pattern = pattern
        self.sceneFrames = sceneFrames
        let directory = pattern.directory ?? "."
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw EncodeError("Cannot write \(pattern.pattern): the folder \(directory) does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw EncodeError("Cannot write \(pattern.pattern): \(directory) is not a folder")
        }
        if !replaceReadOnly, let frame = Self.existingFrames(of: pattern).first(where: AtomicOutput.isReadOnly) {
            throw EncodeError("\(frame) exists and is read-only; reel replaces the sequence only with --force (-y)")
        }
        StaleTemporaries.clean(folder: directory)
        let stem = pattern.fileName(forFrame: 0).split(separator: ".").first.map(String.init) ?? "frames"
        let name = StaleTemporaries.name(stem: stem)
        temporaryDirectory = directory == "/" ? "/" + name : directory + "/" + name
        guard mkdir(temporaryDirectory, 0o755) == 0 else {
            throw EncodeError(
                "Cannot write \(pattern.pattern): creating \(temporaryDirectory) failed: \(String(cString: strerror(errno)))"
            )
        }
        reel_register_temporary_folder(temporaryDirectory)
    }

    /// Where frame `number` is written until `commit()`.
    public func temporaryPath(forFrame number: Int) -> String {
        temporaryDirectory + "/" + pattern.fileName(forFrame: number)
    }

    /// Moves every written file to its final name (replacing older files of that name), removes
    /// the frames of an earlier, longer render of the same pattern (outside `sceneFrames`), then
    /// the temporary folder.
    ///
    /// Two renders finishing into the same sequence take turns (an exclusive lock on a hidden
    /// file beside the frames), so the result is always one render's frames, never a mix.
    /// - Throws: `EncodeError` naming the first file that could not be moved.
    public func commit() throws {
        defer { reel_unregister_temporary(temporaryDirectory) }
        let lockPath =
            (pattern.directory.map { $0 == "/" ? "/" : $0 + "/" } ?? "") + "." + pattern.fileName(forFrame: 0)
            + ".reel-lock"
        let lock = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer {
            if lock >= 0 {
                unlink(lockPath)
                close(lock)
            }
        }
        let names = try files()
        for name in names {
            let final = pattern.directory.map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? name
            guard rename(temporaryDirectory + "/" + name, final) == 0 else {
                throw EncodeError(
                    "Could not move the finished frame \(name) to \(final): \(String(cString: strerror(errno)))")
            }
        }
        if let sceneFrames {
            for frame in Self.existingFrames(of: pattern) {
                let name = String(frame.split(separator: "/").last ?? "")
                if let n = pattern.frameNumber(ofFileName: name), !sceneFrames.contains(n) { unlink(frame) }
            }
        }
        rmdir(temporaryDirectory)
    }

    /// The files in the pattern's folder that the pattern names (any frame number), as paths.
    static func existingFrames(of pattern: FrameNumberPattern) -> [String] {
        let folder = pattern.directory ?? "."
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var frames: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), pattern.frameNumber(ofFileName: name) != nil else { continue }
            frames.append(pattern.directory.map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? name)
        }
        return frames
    }

    /// Deletes the temporary folder and everything in it.
    public func discard() {
        for name in (try? files()) ?? [] { unlink(temporaryDirectory + "/" + name) }
        rmdir(temporaryDirectory)
        reel_unregister_temporary(temporaryDirectory)
    }

    /// The names of the files in the temporary folder, sorted.
    private func files() throws -> [String] {
        guard let dir = opendir(temporaryDirectory) else {
            throw EncodeError("Cannot read \(temporaryDirectory): \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
