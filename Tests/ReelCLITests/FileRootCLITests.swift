import Foundation
import ReelTestSupport
import Testing

/// The files' root: a project's scenes in sub-folders share one `assets/` folder, which the
/// sandbox admits when the root is the project (the folder or manifest given to `reel batch`,
/// or `--root`), while a file outside the root is refused as before.
@Suite(.serialized) struct FileRootCLITests {
    /// A project: `scenes/sub/card.yaml` shows `../assets/logo.png` (in `scenes/assets/`), and
    /// `outside.png` lies beside `scenes/`, outside any root but the project's.
    static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try BatchCLITests.copyImage(folder, to: "scenes/assets/logo.png")
        try BatchCLITests.copyImage(folder, to: "outside.png")
        try BatchCLITests.write(folder, "scenes/sub/card.yaml", BatchCLITests.scene(image: "../assets/logo.png"))
        return folder
    }

    @Test func aBatchFolderIsTheRootOfItsScenes() throws {
        let folder = try Self.project()
        let result = try ReelProcess.run(["batch", "scenes", "-o", "out", "--quiet"], in: folder.url)
        #expect(result.status == 0, "no flag needed for the shared assets: \(result.stderr)")
        let probe = try StreamProbe.read(folder.url.appendingPathComponent("out/sub/card.mp4").path)
        #expect(probe.frames == 5 && probe.width == 64)
    }

    @Test func aManifestsFolderIsTheRootOfItsJobs() throws {
        let folder = try Self.project()
        try BatchCLITests.write(folder, "nightly.yaml", "reel-batch: 1\njobs:\n  - scene: scenes/sub/card.yaml\n")
        let result = try ReelProcess.run(["batch", "nightly.yaml", "-o", "out", "--quiet"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/scenes/sub/card.mp4").path))
    }

    @Test func aFileOutsideTheBatchRootIsRefused() throws {
        let folder = try Self.project()
        try BatchCLITests.write(folder, "scenes/sub/escape.yaml", BatchCLITests.scene(image: "../../outside.png"))
        let result = try ReelProcess.run(
            ["batch", "scenes", "-o", "out", "--report", "out/report.json", "--quiet"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let jobs = try BatchCLITests.jobs(folder.url.appendingPathComponent("out/report.json").path)
        #expect(jobs["sub/card.yaml"]?.status == "rendered")
        #expect(jobs["sub/escape.yaml"]?.status == "invalid")
        let root = folder.url.appendingPathComponent("scenes").resolvingSymlinksInPath().path
        #expect(
            result.stderr.contains(
                "error: image '../../outside.png' is outside the root folder (\(root)); images must be in that folder or below it"
            ), "\(result.stderr)")
    }

    @Test func renderTakesARootAndRefusesWithoutIt() throws {
        let folder = try Self.project()
        let scene = "scenes/sub/card.yaml"
        let refused = try ReelProcess.run(["render", scene, "-o", "a.mp4", "--quiet"], in: folder.url)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("image '../assets/logo.png' is outside the scene's folder"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("a.mp4").path))
        let rooted = try ReelProcess.run(
            ["render", scene, "-o", "a.mp4", "--quiet", "--root", "scenes"], in: folder.url)
        #expect(rooted.status == 0, "\(rooted.stderr)")
        #expect(try StreamProbe.read(folder.url.appendingPathComponent("a.mp4").path).frames == 5)
        let missing = try ReelProcess.run(["render", scene, "--root", "nowhere"], in: folder.url)
        #expect(missing.status == 2 && missing.stderr.contains("--root nowhere: no such folder"), "\(missing.stderr)")
    }

    @Test func theOldFlagStillWorksWithAWarning() throws {
        let folder = try Self.project()
        let scene = "scenes/sub/card.yaml"
        let old = try ReelProcess.run(
            ["render", scene, "-o", "a.mp4", "--quiet", "--allow-images-outside"], in: folder.url)
        #expect(old.status == 0)
        #expect(
            old.stderr.contains("warning: --allow-images-outside is deprecated: it is now --allow-files-outside"),
            "\(old.stderr)")
        let new = try ReelProcess.run(
            ["render", scene, "-o", "b.mp4", "--quiet", "--allow-files-outside"], in: folder.url)
        #expect(new.status == 0 && new.stderr.isEmpty, "\(new.stderr)")
    }
}
