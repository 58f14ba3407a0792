import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opening files Reel reads but did not write (scenes, manifests, media, records), without
/// ever blocking: a FIFO, a device or a folder named like one would otherwise hang the read
/// (opening a FIFO waits for a writer), ignore signals meanwhile, or read forever.
///
/// One policy for every such read: the path is followed through symbolic links, and only a
/// regular file is accepted. The check is made on the opened descriptor (`fstat`), so a file
/// swapped for a FIFO between a check and the open cannot slip through.
public enum InputFile {
    /// What is at a path, as far as reading it goes.
    public enum Kind: Sendable, Equatable {
        case regular(bytes: Int)
        case missing
        case folder
        /// A FIFO, socket or device: reading it could block or never end.
        case special
    }

    /// What is at `path` (symbolic links followed), without opening it.
    public static func kind(atPath path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return kind(info)
    }

    private static func kind(_ info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: .regular(bytes: Int(info.st_size))
        case S_IFDIR: .folder
        default: .special
        }
    }

    /// Why a path cannot be read as a file, in words that fit after its name ("…: not a
    /// regular file"); nil when it is a regular file.
    public static func problem(atPath path: String) -> String? {
        reason(kind(atPath: path))
    }

    private static func reason(_ kind: Kind) -> String? {
        switch kind {
        case .regular: nil
        case .missing: "no such file"
        case .folder: "this is a folder, not a file"
        case .special: "not a regular file (a FIFO, socket or device), so Reel does not read it"
        }
    }

    /// Opens a regular file for reading, or says why not (`problem(atPath:)`'s words).
    ///
    /// Opened with `O_NONBLOCK` so a FIFO cannot block the open itself, then checked with
    /// `fstat`; the flag is cleared again for a regular file, where it makes no difference.
    public static func open(_ path: String) -> Result<FileHandle, InputFileError> {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(
                InputFileError(
                    path: path,
                    reason: code == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(code))))"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return .failure(InputFileError(path: path, reason: "cannot be read"))
        }
        if let reason = reason(kind(info)) {
            close(fd)
            return .failure(InputFileError(path: path, reason: reason))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(FileHandle(fileDescriptor: fd, closeOnDealloc: true))
    }

    /// Reads at most `limit` bytes of a regular file; `.tooLarge` when it holds more (one byte
    /// past the limit is read, so a file that grows meanwhile is still refused).
    public static func read(_ path: String, limit: Int) -> Result<Data, InputFileError> {
        let handle: FileHandle
        switch open(path) {
        case .success(let h): handle = h
        case .failure(let error): return .failure(error)
        }
        defer { try? handle.close() }
        // A file already larger than the limit is refused without reading it.
        var info = stat()
        if fstat(handle.fileDescriptor, &info) == 0, Int(info.st_size) > limit {
            return .failure(InputFileError(path: path, reason: "larger than \(limit) bytes", tooLarge: true))
        }
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            return .failure(InputFileError(path: path, reason: "cannot be read (\(error))"))
        }
        guard data.count <= limit else {
            return .failure(InputFileError(path: path, reason: "larger than \(limit) bytes", tooLarge: true))
        }
        return .success(data)
    }

    /// The last `limit` bytes of a regular file as text, after "… (N bytes cut)" when there was
    /// more; nil when it cannot be read. For logs quoted in messages: whatever a log grew to,
    /// only its end is read.
    public static func tail(_ path: String, limit: Int) -> String? {
        guard case .success(let handle) = open(path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        let cut = Int(size) > limit ? Int(size) - limit : 0
        guard (try? handle.seek(toOffset: UInt64(cut))) != nil, let data = try? handle.read(upToCount: limit) else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        return cut > 0 ? "… (\(cut) bytes cut)\n" + text : text
    }
}

/// Why `InputFile` refused or failed to read a file.
public struct InputFileError: Error, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong, in words that follow the path ("no such file", "not a regular file …").
    public var reason: String
    /// Whether the file was refused for its size.
    public var tooLarge = false

    public var description: String { "\(path): \(reason)" }
}
