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
public final class AtomicSequenceOutput: AtomicDestination {
    /// The final file names.
    public let pattern: FrameNumberPattern
    /// The hidden folder the files are written into until `commit()`.
    public let temporaryDirectory: String

    /// Creates the temporary folder next to where the files go.
    /// - Throws: `EncodeError` if that folder does not exist or cannot be written.
    public init(pattern: FrameNumberPattern) throws {
        self.pattern = pattern
        let directory = pattern.directory ?? "."
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw EncodeError("Cannot write \(pattern.pattern): the folder \(directory) does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw EncodeError("Cannot write \(pattern.pattern): \(directory) is not a folder")
        }
        let stem = pattern.fileName(forFrame: 0).split(separator: ".").first.map(String.init) ?? "frames"
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let name = ".\(stem).reel-tmp-\(getpid())-\(String(repeating: "0", count: 8 - random.count))\(random)"
        temporaryDirectory = directory == "/" ? "/" + name : directory + "/" + name
        guard mkdir(temporaryDirectory, 0o755) == 0 else {
            throw EncodeError("Cannot write \(pattern.pattern): creating \(temporaryDirectory) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Where frame `number` is written until `commit()`.
    public func temporaryPath(forFrame number: Int) -> String {
        temporaryDirectory + "/" + pattern.fileName(forFrame: number)
    }

    /// Moves every written file to its final name (replacing older files of that name), then
    /// removes the temporary folder.
    /// - Throws: `EncodeError` naming the first file that could not be moved.
    public func commit() throws {
        for name in try files() {
            let final = pattern.directory.map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? name
            guard rename(temporaryDirectory + "/" + name, final) == 0 else {
                throw EncodeError("Could not move the finished frame \(name) to \(final): \(String(cString: strerror(errno)))")
            }
        }
        rmdir(temporaryDirectory)
    }

    /// Deletes the temporary folder and everything in it.
    public func discard() {
        for name in (try? files()) ?? [] { unlink(temporaryDirectory + "/" + name) }
        rmdir(temporaryDirectory)
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
