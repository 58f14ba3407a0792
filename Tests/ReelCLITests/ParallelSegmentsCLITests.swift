import Foundation
import ReelTestSupport
import Testing

/// `reel render --parallel-segments N`: segments of one video rendered at once and joined, which
/// must be the same file as one render, whatever N is.
@Suite(
    "reel render --parallel-segments", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct ParallelSegmentsCLITests {
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(
        "N segments at once give the bytes of one render",
        arguments: [
            ("mp4", [String]()), ("mp4", ["--codec", "hevc"]), ("mov", []), ("webm", [])
        ])
    func parallelSegmentsGiveTheSameBytes(ext: String, options: [String]) throws {
        let folder = try TemporaryFolder()
        let chunks = SegmentCLITests.chunks
        let one = try ReelProcess.render(
            SegmentCLITests.scene, "one.\(ext)", chunks + options + ["--parallel-segments", "1"], in: folder)
        for count in [2, 3, 5] {
            let many = try ReelProcess.render(
                SegmentCLITests.scene, "many-\(count).\(ext)", chunks + options + ["--parallel-segments", "\(count)"],
                in: folder)
            #expect(try bytes(many) == bytes(one), "--parallel-segments \(count)")
        }
        let probe = try StreamProbe.read(one)
        #expect(probe.frames == 90 && abs(probe.duration - 3) < 1e-6)
        #expect(folder.contents.allSatisfy { !$0.contains("reel-tmp") }, "the parts are gone: \(folder.contents)")
    }

    @Test func progressCountsEveryPartsFrames() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", SegmentCLITests.scene)
        let result = try ReelProcess.run(
            [
                "render", scene, "-o", folder.url.appendingPathComponent("p.mp4").path, "--progress",
                "--parallel-segments", "3"
            ] + SegmentCLITests.chunks)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = result.stdout.split(separator: "\n").compactMap {
            $0.hasPrefix("frame=") ? Int($0.dropFirst(6)) : nil
        }
        #expect(frames.last == 90, "the last block counts the frames of all parts: \(frames.suffix(3))")
        #expect(frames == frames.sorted(), "never goes back")
        #expect(result.stdout.contains("total_frames=90"))
    }

    @Test func aStopLeavesNeitherPartsNorOutput() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", PipelineCLITests.longScene)
        let running = try ReelProcess.start([
            "render", scene, "-o", folder.url.appendingPathComponent("long.mp4").path, "--progress",
            "--parallel-segments", "2"
        ])
        #expect(!running.out.fileHandleForReading.readData(ofLength: 1).isEmpty, "reel printed no progress")
        #expect(
            folder.contents.contains { $0.contains("reel-tmp") },
            "the parts are written in a hidden folder: \(folder.contents)")
        running.process.terminate()
        let result = running.wait()
        #expect(result.status == 128 + 15, "\(result.stderr)")
        #expect(folder.contents == ["long.yaml"], "no output, no parts: \(folder.contents)")
    }

    @Test func badCountsAreRefused() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", SegmentCLITests.scene)
        let result = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("x.mp4").path, "--parallel-segments", "0"
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--parallel-segments must be 1…64, got 0"), "\(result.stderr)")
        #expect(folder.contents == ["scene.yaml"])
    }
}
