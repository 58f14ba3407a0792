import Foundation
import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// The folder a batch writes into (`-o`), and the one check every output name passes before
/// anything is written: a manifest's `output`, or a name derived from a scene's file name.
///
/// A name is accepted when it is relative, holds no control character (C0, DEL, C1 — a NUL
/// would make the file written differ from the one named, the others garble terminals and
/// reports), and resolves inside the root once `..` and the symbolic links of the ancestors that
/// exist are followed. The check is made when the batch is planned; a link swapped in after that
/// is the user's own folder changing under the batch, not input Reel was given.
public struct OutputRoot: Sendable {
    /// The output folder as given.
    public let path: String
    /// The folder with every symbolic link of its existing part resolved.
    let resolved: String

    public init(_ path: String) {
        self.path = path
        let absolute =
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // A root that passes through a broken link cannot hold anything: every name is refused.
        resolved = Self.walk(from: "/", absolute) ?? absolute
    }

    /// An accepted output.
    public struct Output: Sendable, Equatable {
        /// The root joined with the name, as given: where the output is written.
        public var path: String
        /// The real place it names (links and `..` resolved): one file has one, so two outputs
        /// with equal `resolved` write one file.
        public var resolved: String
    }

    /// Where the output `name` (relative to the root) is written, or why it may not be.
    public func check(_ name: String) -> Result<Output, OutputNameError> {
        if name.isEmpty { return .failure(OutputNameError("an output name is empty")) }
        if let bad = name.unicodeScalars.first(where: TerminalText.isControl) {
            return .failure(
                OutputNameError(
                    "output '\(TerminalText.escaped(name, keepNewlines: false))' holds the control character "
                        + "\(TerminalText.escaped(String(bad), keepNewlines: false)); output names must be printable"))
        }
        if name.hasPrefix("/") {
            return .failure(
                OutputNameError("output '\(name)' is an absolute path; outputs are relative to the output folder (-o)"))
        }
        guard let target = Self.walk(from: resolved, name) else {
            return .failure(
                OutputNameError(
                    "output '\(name)' passes through a symbolic link that leads nowhere (or in a loop); "
                        + "name a file inside the output folder"))
        }
        guard target.hasPrefix(resolved == "/" ? "/" : resolved + "/"), target != resolved else {
            return .failure(
                OutputNameError(
                    "output '\(name)' is outside the output folder '\(path)': it resolves to \(target) "
                        + "(through '..' or a symbolic link); name a file inside the folder"))
        }
        let joined = path.isEmpty || path == "." ? name : (path.hasSuffix("/") ? path : path + "/") + name
        return .success(Output(path: joined, resolved: target))
    }

    /// `relative` followed from the real folder `base` one component at a time: `..` climbs,
    /// an existing component is replaced by its real path (symbolic links followed), a missing
    /// one is appended as it is (it will be created as a folder or a file, not followed). Nil
    /// when a link cannot be resolved (dangling, or a loop): where it leads cannot be checked.
    static func walk(from base: String, _ relative: String) -> String? {
        var current = base
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": current = parent(of: current)
            default:
                current = current == "/" ? "/" + part : current + "/" + part
                var info = stat()
                guard lstat(current, &info) == 0 else { continue }
                guard let real = realpath(current, nil) else { return nil }
                current = String(cString: real)
                free(real)
            }
        }
        return current
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}

/// Why an output name was refused (`OutputRoot.check`), in words that follow a location.
public struct OutputNameError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
