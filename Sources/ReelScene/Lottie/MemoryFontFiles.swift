import Foundation
import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// Font files that come inside an archive (a dotLottie), kept in memory. fontconfig and Cairo
/// open fonts by path, so each is put in an unnamed shared-memory file (`shm_open`, unlinked at
/// once) left open for the life of the process and named by `/proc/self/fd/N`: nothing is
/// written to disk and nothing is left behind. The same bytes are held once, however often the
/// archive is loaded (a preview reloading it).
enum MemoryFontFiles {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var paths: [[UInt8]: String] = [:]

    /// A path fontconfig can open holding `bytes`; nil where the platform has no such file.
    static func path(for bytes: [UInt8]) -> String? {
        lock.withLock {
            if let known = paths[bytes] { return known }
            #if os(Linux)
                let name = "/reel-font-\(getpid())-\(paths.count)"
                let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
                guard fd >= 0 else { return nil }
                shm_unlink(name)
                var written = 0
                while written < bytes.count {
                    let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    guard n > 0 else {
                        close(fd)
                        return nil
                    }
                    written += n
                }
                let path = "/proc/self/fd/\(fd)"
                paths[bytes] = path
                return path
            #else
                return nil
            #endif
        }
    }

    /// Closes the file of `path` (one that turned out not to be a usable font).
    static func discard(_ path: String) {
        lock.withLock {
            guard let known = paths.first(where: { $0.value == path }) else { return }
            paths[known.key] = nil
            #if os(Linux)
                if let fd = Int32(path.dropFirst("/proc/self/fd/".count)) { close(fd) }
            #endif
        }
    }
}

extension DotLottie {
    /// The font entries: `f/` (version 2) or `fonts/` (version 1), TrueType or OpenType, in
    /// the archive's order.
    var fontEntries: [ZipArchive.Entry] {
        archive.entries.filter { entry in
            (entry.name.hasPrefix("f/") || entry.name.hasPrefix("fonts/"))
                && fontFileExtensions.contains(URL(fileURLWithPath: entry.name).pathExtension.lowercased())
        }
    }
}
