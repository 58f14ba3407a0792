import Foundation

/// What a set of files looks like on disk, cheaply: size, modification time and file number of
/// each (nil when it is missing). Two snapshots differ when any file was written, replaced (an
/// editor's save-by-rename gives a new file number), created or deleted.
///
/// Polled rather than notified (inotify, FSEvents): a stat of a few files every 300 ms costs
/// nothing, works the same on every system and on network file systems, and follows a file
/// that an editor replaces.
struct FileStamps: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var size: Int
        var modified: Double
        var fileNumber: Int
    }

    private(set) var files: [String: Stamp?]

    /// Reads the stamps of `paths` now; those in `known` keep the stamp read there (taken
    /// before a load, so a write during the load is seen as a change afterwards).
    init(_ paths: [String], known: FileStamps? = nil) {
        var files: [String: Stamp?] = [:]
        for path in paths { files[path] = known?.files[path] ?? Self.stamp(of: path) }
        self.files = files
    }

    var paths: [String] { files.keys.sorted() }

    private static func stamp(of path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Stamp(
            size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
            modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0,
            fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1)
    }
}
