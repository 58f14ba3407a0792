import Foundation
import ReelTestSupport
import Testing

/// Install anywhere: `tools/package` builds the .deb, `tools/package-test` installs it with apt in
/// a clean Debian 12 root from Debian's archive (no Swift in it) and renders there. The videos
/// must be the bytes this build tree renders; `reel --version` there must name this commit.
/// Needs root (chroot), mmdebstrap and the network, as CI has; takes minutes (a release build).
@Suite("The .deb in a clean Debian 12", .serialized)
struct PackageInstallTests {
    /// Why the test cannot run here, or nil. It runs by default where it can (CI runs as root
    /// with the network); REEL_PACKAGE_TEST=0 opts out, as it adds a static release build (about
    /// ten minutes on two cores) to the run.
    static let skipReason: String? = {
        let environment = ProcessInfo.processInfo.environment
        if environment["REEL_PACKAGE_TEST"] == "0" { return "REEL_PACKAGE_TEST=0" }
        if getuid() != 0 { return "needs root (chroot into a clean Debian 12 root)" }
        if ToolRun.find("mmdebstrap") == nil { return "needs mmdebstrap (tools/setup --deps installs it)" }
        // The root and the .deb's dependencies come from Debian's archive: no name, no archive.
        let mirror = URL(string: environment["REEL_DEBIAN_MIRROR"] ?? "http://deb.debian.org/debian")
        let host = mirror?.host ?? "deb.debian.org"
        if (try? ToolRun.run("/usr/bin/getent", ["hosts", host], timeout: 30).status) != 0 {
            return "needs the network (\(host) does not resolve)"
        }
        return nil
    }()

    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func installedWithAptItRendersTheBuildTreesBytes() throws {
        let repository = ReelProcess.repository.path
        let folder = try ScratchFolder()
        let dist = folder.path + "/dist"
        let package = try ToolRun.run(repository + "/tools/package", ["-o", dist], timeout: 3600)
        try #require(package.status == 0, "tools/package: \(package.stderr.suffix(3000))")
        let deb = try #require(package.stdout.split(separator: "\n").map(String.init).first { $0.hasSuffix(".deb") })
        #expect(package.stdout.contains("-linux-x86_64.tar.gz"))

        // Nothing from the Swift toolchain is loaded by the packaged binary.
        let unpacked = folder.path + "/unpacked"
        #expect(try ToolRun.run("/usr/bin/dpkg-deb", ["-x", deb, unpacked]).status == 0)
        let swift = try #require(ToolRun.find("swift"))
        let toolchain = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let ldd = try ToolRun.run("/usr/bin/ldd", [unpacked + "/usr/bin/reel"])
        #expect(ldd.status == 0 && !ldd.stdout.contains(toolchain) && !ldd.stdout.contains("libswift"), "\(ldd.stdout)")

        if let lintian = ToolRun.find("lintian") {
            let lint = try ToolRun.run(lintian, ["--fail-on", "error", deb], timeout: 600)
            #expect(lint.status == 0, "lintian: \(lint.stdout)\(lint.stderr)")
        }

        // The same scenes, at the same relative paths, rendered in the root and here.
        let work = folder.path + "/root-out", here = folder.path + "/here"
        for dir in [work, here] {
            try FileManager.default.createDirectory(atPath: dir + "/batch", withIntermediateDirectories: true)
            let scenes = [
                ("hello.yaml", "hello.yaml"), ("spin.yaml", "batch/spin.yaml"),
                ("title-card.yaml", "batch/title-card.yaml")
            ]
            for (from, to) in scenes {
                try FileManager.default.copyItem(atPath: repository + "/scenes/" + from, toPath: dir + "/" + to)
            }
        }
        let installed = try ToolRun.run(repository + "/tools/package-test", [deb, work], timeout: 3600)
        try #require(installed.status == 0, "tools/package-test: \(installed.stderr.suffix(3000))")

        let head = try VersionCLITests.tool("git", ["-C", repository, "rev-parse", "HEAD"])
        let version = try String(contentsOfFile: work + "/version.txt", encoding: .utf8)
        #expect(VersionCLITests.fields(version)["commit"]?.hasPrefix(head) == true, "\(version)")

        let directory = URL(fileURLWithPath: here)
        #expect(try ReelProcess.run(["render", "hello.yaml", "-o", "hello.mp4", "--quiet"], in: directory).status == 0)
        #expect(try ReelProcess.run(["batch", "batch", "-o", "batch-out"], in: directory).status == 0)
        for video in ["hello.mp4", "batch-out/spin.mp4", "batch-out/title-card.mp4"] {
            let there = FileManager.default.contents(atPath: work + "/" + video)
            let built = FileManager.default.contents(atPath: here + "/" + video)
            #expect(there != nil && there == built, "\(video): the installed reel's bytes differ")
        }
    }
}
