import Foundation
import ReelTestSupport
import Testing

/// `reel --version`'s commit comes from tools/build-commit, which the BuildCommit plugin runs
/// before every build. Package.swift's `Context.gitInformation` went stale: SwiftPM caches the
/// evaluated manifest until the manifest changes, so a build after a new commit kept the old one.
@Suite("reel --version: the commit is read at every build", .serialized)
struct BuildCommitTests {
    static let generator = ReelProcess.repository.appendingPathComponent("tools/build-commit").path

    static func git(_ arguments: [String], in folder: String) throws {
        let git = try #require(ToolRun.find("git"))
        let run = try ToolRun.run(
            git, ["-C", folder, "-c", "user.name=Reel Tests", "-c", "user.email=tests@reel.invalid"] + arguments)
        try #require(run.status == 0, "git \(arguments): \(run.stderr)")
    }

    static func head(_ folder: String) throws -> String {
        try VersionCLITests.tool("git", ["-C", folder, "rev-parse", "HEAD"])
    }

    /// The commit tools/build-commit writes for `folder`.
    static func generated(for folder: String, into output: String) throws -> String? {
        let run = try ToolRun.run("/bin/sh", [generator, folder, output])
        try #require(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return text.split(separator: "\"").dropFirst().first.map(String.init)
    }

    @Test func theGeneratorNamesHeadAndMarksChanges() throws {
        let folder = try ScratchFolder()
        let repo = folder.path + "/repo", output = folder.path + "/out/BuildCommit.swift"
        try FileManager.default.createDirectory(atPath: repo + "/sub", withIntermediateDirectories: true)
        // Not a checkout (a source tarball): unknown; so is a checkout without commits.
        #expect(try Self.generated(for: repo, into: output) == "unknown")
        try Self.git(["init", "-q"], in: repo)
        #expect(try Self.generated(for: repo, into: output) == "unknown")

        try Self.git(["commit", "-q", "--allow-empty", "-m", "first"], in: repo)
        #expect(try Self.generated(for: repo, into: output) == (try Self.head(repo)))
        let first = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        // The same commit again: the file is left alone, so nothing recompiles.
        Thread.sleep(forTimeInterval: 0.05)
        _ = try Self.generated(for: repo, into: output)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == first)

        try Self.git(["commit", "-q", "--allow-empty", "-m", "second"], in: repo)
        #expect(try Self.generated(for: repo, into: output) == (try Self.head(repo)))
        // A new file is a change to the source, as an edited one is.
        try "x".write(toFile: repo + "/new.swift", atomically: true, encoding: .utf8)
        #expect(try Self.generated(for: repo, into: output) == (try Self.head(repo)) + "-modified")
        // A tarball unpacked inside some other checkout is not that checkout's commit.
        #expect(try Self.generated(for: repo + "/sub", into: output) == "unknown")
    }

    /// End to end, in a scratch package holding the real plugin and generator: build, commit,
    /// build again — each binary names the commit it was built at (with the manifest unchanged, as
    /// in a developer's build tree). Builds alternate between `swift build` and `swift build
    /// --build-tests`, each after `tools/build-commit --refresh` as tools/test does: without the
    /// refresh SwiftPM reuses its plan and the old commit; with a refresh that only rewrote the
    /// file, the Swift driver kept the old object when the two kinds of build alternated.
    @Test func aRebuildAfterACommitPrintsTheNewCommit() throws {
        let swift = try #require(ToolRun.find("swift"))
        let folder = try ScratchFolder()
        let app = folder.path
        let files = FileManager.default
        try files.createDirectory(atPath: app + "/Plugins", withIntermediateDirectories: true)
        try files.createDirectory(atPath: app + "/tools", withIntermediateDirectories: true)
        try files.copyItem(
            atPath: ReelProcess.repository.appendingPathComponent("Plugins/BuildCommit").path,
            toPath: app + "/Plugins/BuildCommit")
        try files.copyItem(atPath: Self.generator, toPath: app + "/tools/build-commit")
        try folder.write("Sources/printcommit/main.swift", "print(BuildCommit.value)\n")
        try folder.write("Tests/printcommitTests/Empty.swift", "import Testing\n@Test func empty() {}\n")
        try folder.write(".gitignore", ".build/\n")
        try folder.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "printcommit",
                targets: [
                    .executableTarget(name: "printcommit", plugins: ["BuildCommit"]),
                    .testTarget(name: "printcommitTests"),
                    .plugin(name: "BuildCommit", capability: .buildTool()),
                ]
            )
            """)
        try Self.git(["init", "-q"], in: app)
        try Self.git(["add", "."], in: app)
        try Self.git(["commit", "-q", "-m", "first"], in: app)

        func buildAndRun(_ flags: [String] = []) throws -> String {
            let refresh = try ToolRun.run("/bin/sh", [app + "/tools/build-commit", "--refresh", app, app + "/.build"])
            try #require(refresh.status == 0, "\(refresh.stderr)")
            let build = try ToolRun.run(swift, ["build", "--package-path", app, "-j", "1"] + flags, timeout: 1200)
            try #require(build.status == 0, "\(build.stdout.suffix(2000))\(build.stderr.suffix(2000))")
            let run = try ToolRun.run(app + "/.build/debug/printcommit", [])
            return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try buildAndRun() == (try Self.head(app)))
        try Self.git(["commit", "-q", "--allow-empty", "-m", "second"], in: app)
        #expect(try buildAndRun(["--build-tests"]) == (try Self.head(app)))
        try Self.git(["commit", "-q", "--allow-empty", "-m", "third"], in: app)
        #expect(try buildAndRun() == (try Self.head(app)))
    }
}
