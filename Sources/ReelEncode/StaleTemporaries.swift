import Glibc

/// Removes the hidden temporaries of earlier reel runs that were killed (SIGKILL, a power cut)
/// before they could clean up: `.NAME.reel-tmp-PID-XXXXXXXX[.ext]` files and folders in a
/// folder, whose process PID no longer exists and which belong to this user.
///
/// Called whenever reel is about to write into a folder, so the leftovers of a killed run go
/// the next time anything renders there. A live process's temporaries (another render still
/// running) are never touched.
public enum StaleTemporaries {
    /// Removes the stale temporaries in `folder`; returns their names.
    @discardableResult
    public static func clean(folder: String) -> [String] {
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let pid = owner(of: name), !isRunning(pid) { stale.append(name) }
        }
        closedir(dir)
        var removed: [String] = []
        for name in stale {
            let path =
                folder.isEmpty || folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid() else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                // A PNG sequence's folder: its frames, then itself.
                if let inner = opendir(path) {
                    while let entry = readdir(inner) {
                        let file = withUnsafeBytes(of: entry.pointee.d_name) {
                            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                        }
                        if file != "." && file != ".." { unlink(path + "/" + file) }
                    }
                    closedir(inner)
                }
                if rmdir(path) == 0 { removed.append(name) }
            } else if unlink(path) == 0 {
                removed.append(name)
            }
        }
        return removed
    }

    /// A fresh temporary name for `stem` in this process, `.STEM.reel-tmp-PID-XXXXXXXX[EXT]`: the
    /// pattern `owner(of:)` reads, so whatever a killed run left under it is found and removed.
    public static func name(stem: some StringProtocol, extension fileExtension: String = "") -> String {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return
            ".\(stem).reel-tmp-\(getpid())-\(String(repeating: "0", count: 8 - random.count))\(random)\(fileExtension)"
    }

    /// The PID in a temporary's name, `.NAME.reel-tmp-PID-XXXXXXXX[.ext]`, or nil for any other name.
    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".reel-tmp-") else { return nil }
        let rest = name[marker.upperBound...]
        let parts = rest.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0 else { return nil }
        let tag = parts[1].prefix { $0 != "." }
        guard tag.count == 8, tag.allSatisfy(\.isHexDigit) else { return nil }
        return pid
    }

    /// Whether a process with this PID exists (a process of another user counts: EPERM).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
