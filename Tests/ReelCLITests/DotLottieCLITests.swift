import Foundation
import ReelTestSupport
import Testing

/// `reel` given a dotLottie archive (`.lottie`), recognised by its content.
@Suite("reel and dotLottie archives")
struct DotLottieCLITests {
    @Test(
        .enabled(if: MediaTools.available, "needs ffmpeg"),
        .enabled(if: LottieCLITests.samples != nil, "the shared Lottie samples (../shared/lottie) are not here"))
    func renderingASharedArchiveWithAnImageWritesAValidMP4() throws {
        let sample = try #require(LottieCLITests.samples).appendingPathComponent(
            "DotLottie/animation_inline_image.lottie")
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("sample.mp4").path
        let result = try ReelProcess.run(["render", sample.path, "-o", out, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        // Its manifest's one animation (lf20_I2I090.json) is 1600 × 1600 at 30 fps, frames 0 to 60:
        // read with the zip tool's reader, not Reel's.
        let unzip = try ToolRun.run(
            try #require(ToolRun.find("unzip"), "needs unzip"), ["-p", sample.path, "animations/lf20_I2I090.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(unzip.stdout.utf8)) as? [String: Any])
        let (w, h) = (json["w"] as? Int ?? 0, json["h"] as? Int ?? 0)
        let (fr, ip, op) = (json["fr"] as? Double ?? 0, json["ip"] as? Double ?? 0, json["op"] as? Double ?? 0)
        let probe = try StreamProbe.read(out)
        #expect(probe.width == w && probe.height == h)
        #expect(probe.frames == Int(op - ip))
        #expect(abs(probe.duration - (op - ip) / fr) < 0.05)
    }

    @Test func aHostileArchiveIsALocatedErrorWithExitStatus2() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("evil.lottie").path
        let archive = ZipWriter.archive([ZipWriter.Entry("manifest.json", "{}"), ZipWriter.Entry("../x.json", "{}")])
        FileManager.default.createFile(atPath: path, contents: Data(archive))
        let result = try ReelProcess.run(["validate", path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("evil.lottie:1:1: error: entry '../x.json' has an unsafe name"), "\(result.stderr)")
    }

    /// An archive of one 60 × 40 animation `a`, one second at 10 fps, in a fresh folder.
    static func archive(in folder: TemporaryFolder, _ name: String) throws -> String {
        let path = folder.url.appendingPathComponent(name).path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let archive = ZipWriter.archive([
            ZipWriter.Entry("manifest.json", #"{"animations": [{"id": "a"}]}"#),
            ZipWriter.Entry(
                "animations/a.json", #"{"v": "5.7.4", "fr": 10, "ip": 0, "op": 10, "w": 60, "h": 40, "layers": []}"#)
        ])
        FileManager.default.createFile(atPath: path, contents: Data(archive))
        return path
    }

    @Test func batchFindsArchivesInFoldersAndDiffTakesThem() throws {
        let folder = try TemporaryFolder()
        let path = try Self.archive(in: folder, "scenes/a.lottie")
        let batch = try ReelProcess.run(["batch", "scenes", "-o", "out", "--dry-run"], in: folder.url)
        #expect(batch.status == 0)
        #expect(batch.stdout.contains("render  scenes/a.lottie → out/a.mp4  (new)"), "\(batch.stdout)")
        let diff = try ReelProcess.run(["diff", path, path])
        #expect(diff.status == 0, "\(diff.stderr)")
    }

    @Test(arguments: ["render", "still", "validate", "batch"])
    func theAnimationOptionIsInTheHelpOfCommandsThatTakeScenes(command: String) throws {
        let help = try ReelProcess.run([command, "--help"])
        #expect(help.stdout.contains("--animation <id>"), "\(help.stdout)")
        #expect(help.stdout.contains("dotLottie"))
    }

    @Test func theAnimationOptionPicksOneAndAnUnknownOneListsThem() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("two.lottie").path
        func lottie(_ w: Int) -> String {
            #"{"v": "5.7.4", "fr": 10, "ip": 0, "op": 10, "w": \#(w), "h": 40, "layers": []}"#
        }
        let archive = ZipWriter.archive([
            ZipWriter.Entry("manifest.json", #"{"animations": [{"id": "a"}, {"id": "b"}]}"#),
            ZipWriter.Entry("animations/a.json", lottie(60)), ZipWriter.Entry("animations/b.json", lottie(80))
        ])
        FileManager.default.createFile(atPath: path, contents: Data(archive))
        let picked = try ReelProcess.run(["inspect", path, "--at", "0", "--animation", "b"])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stdout.contains("\"bounds\": [0, 0, 80, 40]"), "the root is animation b's canvas")
        let unknown = try ReelProcess.run(["validate", path, "--animation", "c"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains(
                "two.lottie:1:1: error: the archive has no animation 'c'; its animations are 'a', 'b'"),
            "\(unknown.stderr)")
    }
}
