import Foundation
import ReelTestSupport
import Testing

@testable import ReelFarm

/// The farm's node check compares the node's whole `reel --version` (several lines: version,
/// commit, library versions) with the submitting machine's: a node whose FFmpeg differs renders
/// other bytes and must refuse, even when Reel's version is the same.
@Suite("Farm node check: the whole reel --version")
struct NodeVersionCheckTests {
    static let submitted = "reel 0.1.0\ncommit abc123\ncairo 1.16.0\nffmpeg 5.1.9-0+deb12u1\nlibavcodec 59.37.100"

    /// Runs the check against a stand-in reel that prints `nodeVersion`; its exit status.
    static func check(nodeVersion: String) throws -> ToolRun {
        let folder = try ScratchFolder()
        let reel = try folder.write("reel", "#!/bin/sh\nprintf '%s\\n' '\(nodeVersion)'\n")
        chmod(reel, 0o755)
        let script = try folder.write(
            "job.sh", "#!/bin/sh\n" + Slurm.versionCheck(reel: reel, version: submitted) + "\necho rendering\n")
        return try ToolRun.run("/bin/sh", [script])
    }

    @Test func theSameTextRenders() throws {
        let run = try Self.check(nodeVersion: Self.submitted)
        #expect(run.status == 0 && run.stdout == "rendering\n", "\(run.stderr)")
    }

    @Test func anotherLibraryVersionRefuses() throws {
        let node = Self.submitted.replacingOccurrences(of: "libavcodec 59.37.100", with: "libavcodec 59.37.101")
        let run = try Self.check(nodeVersion: node)
        #expect(run.status == 3 && !run.stdout.contains("rendering"))
        #expect(run.stderr.contains("libavcodec 59.37.101") && run.stderr.contains("differs"), "\(run.stderr)")
    }
}
