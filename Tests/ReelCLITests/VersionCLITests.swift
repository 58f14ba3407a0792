import Foundation
import ReelTestSupport
import Testing

/// `reel --version`: Reel's version, the commit built from, and the C libraries it runs with —
/// each checked against a source other than Reel: git, pkg-config, and ffprobe (which prints the
/// FFmpeg libraries it loads, the same shared libraries).
@Suite("reel --version")
struct VersionCLITests {
    /// "name value" lines of `reel --version`.
    static func fields(_ text: String) -> [String: String] {
        Dictionary(
            text.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let space = line.firstIndex(of: " ") else { return nil }
                return (String(line[..<space]), String(line[line.index(after: space)...]))
            }, uniquingKeysWith: { first, _ in first })
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let tool = try #require(ToolRun.find(name), "\(name) is not on PATH")
        return try ToolRun.run(tool, arguments).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func namesTheCommitAndTheLibrariesItRunsWith() throws {
        let result = try ReelProcess.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("reel ") == true, "\(result.stdout)")
        let fields = Self.fields(result.stdout)

        let head = try Self.tool("git", ["-C", ReelProcess.repository.path, "rev-parse", "HEAD"])
        let commit = try #require(fields["commit"], "\(result.stdout)")
        // Uncommitted changes (a developer's tree) are marked, never hidden.
        #expect(commit == head || commit == head + "-modified", "\(commit) vs HEAD \(head)")

        #expect(fields["cairo"] == (try Self.tool("pkg-config", ["--modversion", "cairo"])))
        #expect(fields["pango"] == (try Self.tool("pkg-config", ["--modversion", "pango"])))
        // ffprobe -version: "libavcodec     59. 37.100 / 59. 37.100" (built with / running with).
        let probe = try Self.tool("ffprobe", ["-version"])
        for library in ["libavcodec", "libavformat", "libavutil", "libswscale", "libswresample"] {
            let line = try #require(probe.split(separator: "\n").first { $0.hasPrefix(library + " ") })
            let running = line.split(separator: "/").last?.replacingOccurrences(of: " ", with: "")
            #expect(fields[library] == running, "\(library): \(fields[library] ?? "missing") vs ffprobe's \(line)")
        }
        let release = try #require(probe.split(separator: " ").dropFirst(2).first)
        #expect(fields["ffmpeg"] == String(release), "ffprobe -version: \(probe.prefix(80))")
    }
}
