import Reel

/// What `reel --version` prints: Reel's version, the commit it was built from, and the versions
/// of the C libraries it runs with. Two machines print the same text only when they render the
/// same bytes, so the farm's node check compares this whole text (docs/farms.md).
enum BuildVersion {
    static let commit = BuildCommit.value

    static let text: String = {
        var lines = ["reel \(ReelVersion.string)", "commit \(commit)"]
        for library in RenderLibraries.versions + EncodeLibraries.versions {
            lines.append("\(library.name) \(library.version)")
        }
        return lines.joined(separator: "\n")
    }()
}
