import Foundation
import ReelTestSupport
import Testing

/// Threads, segments, progress output and interrupts of `reel render`.
@Suite("reel render: pipeline, progress, interrupts", .serialized)
struct PipelineCLITests {
    @Test(.enabled(if: MediaTools.available, "needs ffmpeg"))
    func oneAndTwoThreadsGiveTheSameFile() throws {
        let folder = try TemporaryFolder()
        let scene = ReelProcess.repository.appendingPathComponent("scenes/hello.yaml").path
        var outputs: [String] = []
        for threads in ["1", "2"] {
            let out = folder.url.appendingPathComponent("t\(threads).mp4").path
            let result = try ReelProcess.run([
                "render", scene, "-o", out, "--scale", "0.25", "--threads", threads, "--quiet"
            ])
            try #require(result.status == 0, "\(result.stderr)")
            outputs.append(out)
        }
        let frames = try outputs.map { try MediaTools.frames($0, width: 320, height: 180) }
        #expect(frames[0].count == 240)
        #expect(frames[0] == frames[1], "decoded frames differ between --threads 1 and --threads 2")
        let bytes = try outputs.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(bytes[0] == bytes[1], "the files differ byte for byte")
    }

    @Test(.enabled(if: MediaTools.available, "needs ffmpeg"))
    func aSegmentKeepsItsPlaceInTheScene() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let segment = folder.url.appendingPathComponent("segment.mp4").path
        let result = try ReelProcess.run(["render", scene, "-o", segment, "--frames", "15-29", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let probe = try StreamProbe.read(segment)
        #expect(probe.frames == 15)
        #expect(abs(probe.startTime - 0.5) < 0.001, "frame 15 at 30 fps starts at 0.5 s")

        // The same frames as a PNG sequence: numbered by scene frame, equal to the stills.
        let pattern = folder.url.appendingPathComponent("s-%02d.png").path
        try #require(try ReelProcess.run(["render", scene, "-o", pattern, "--frames", "40-", "--quiet"]).status == 0)
        #expect(
            folder.contents == ["s-40.png", "s-41.png", "s-42.png", "s-43.png", "s-44.png", "segment.mp4", "small.yaml"]
        )
        let still = folder.url.appendingPathComponent("still.png").path
        try #require(try ReelProcess.run(["still", scene, "--frame", "42", "-o", still]).status == 0)
        #expect(
            try MediaTools.frames(String(format: pattern, 42), width: 160, height: 90)
                == MediaTools.frames(still, width: 160, height: 90))
    }

    @Test func progressPrintsKeyValueBlocksOnStdoutEndingWithTheLastFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let result = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("p.mp4").path, "--progress"
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.contains("=") }, "\(result.stdout)")
        #expect(lines.last == "progress=end")
        let blocks = result.stdout.components(separatedBy: "progress=").count - 1
        #expect(blocks >= 1)
        let lastBlock = Array(lines.suffix(8))
        #expect(
            lastBlock.contains("frame=45") && lastBlock.contains("total_frames=45")
                && lastBlock.contains("percent=100.0"),
            "\(lastBlock)")
        #expect(lastBlock.contains { $0.hasPrefix("fps=") } && lastBlock.contains { $0.hasPrefix("eta=") })
        // The summary still goes to stderr; no bar (stderr is not a terminal here anyway).
        #expect(result.stderr.contains("45 frames") && !result.stderr.contains("█"), "\(result.stderr)")
    }

    @Test func theSummaryNamesFramesFormatTimeSpeedAndSize() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let out = folder.url.appendingPathComponent("s.webm").path
        let result = try ReelProcess.run(["render", scene, "-o", out])
        try #require(result.status == 0, "\(result.stderr)")
        let summary = try #require(result.stderr.split(separator: "\n").last.map(String.init))
        #expect(summary.hasPrefix("\(out): 45 frames, 160×90 at 30 fps (1.50 s), VP9 WebM, rendered in "), "\(summary)")
        #expect(
            summary.range(of: #"\(\d+ fps\), \d+(\.\d)? (kB|MB|bytes)$"#, options: .regularExpression) != nil,
            "\(summary)")
        #expect(!result.stdout.contains("progress="), "no key=value lines without --progress")
    }

    /// Two minutes of a spinning card: a render that is still running when it is interrupted.
    static let longScene = """
        reel: 1
        canvas: { size: [640, 360], fps: 50, duration: 120, background: transparent }
        layers:
          - { name: box, frame: [10, 10, 80, 80], backgroundColor: orange, cornerRadius: 20 }
        timeline:
          - at: 0
            add: { layer: box, key: spin, animation: { keyPath: transform.rotation.z, byValue: 6.28, duration: 1, repeatCount: infinity } }
        """

    /// The time limit only guards against a hang: a render that did not stop would go on to the
    /// end (two minutes of video) and exit 0, which the status check catches.
    @Test(.timeLimit(.minutes(5)), arguments: ["long.webm", "frames-%05d.png", "long.gif"])
    func sigtermLeavesNothingBehind(output: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", Self.longScene)
        let running = try ReelProcess.start([
            "render", scene, "-o", folder.url.appendingPathComponent(output).path, "--progress"
        ])
        // Wait for the first progress line: the temporary output exists and frames are flowing.
        let firstByte = running.out.fileHandleForReading.readData(ofLength: 1)
        #expect(!firstByte.isEmpty, "reel printed no progress")
        #expect(
            folder.contents.contains { $0.contains("reel-tmp") },
            "the render writes to a temporary file: \(folder.contents)")
        running.process.terminate()  // SIGTERM
        let result = running.wait()
        #expect(result.status == 128 + 15, "\(result.stderr)")
        #expect(result.stderr.contains("interrupted"), "\(result.stderr)")
        #expect(folder.contents == ["long.yaml"], "no output and no temporary file: \(folder.contents)")
    }

    @Test func aSecondInterruptKillsAtOnceAndStillTakesTheTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", Self.longScene)
        // Two Ctrl-Cs close together, so the second arrives before the orderly stop has cleaned
        // up. Signal timing is the scheduler's: a second SIGINT that lands while the first is
        // still pending is merged into it, so try a few times until one render is killed.
        var killed = 0
        for _ in 0..<5 where killed == 0 {
            let running = try ReelProcess.start([
                "render", scene, "-o", folder.url.appendingPathComponent("long.mp4").path, "--progress"
            ])
            #expect(!running.out.fileHandleForReading.readData(ofLength: 1).isEmpty, "reel printed no progress")
            #expect(folder.contents.contains { $0.contains("reel-tmp") }, "\(folder.contents)")
            kill(running.process.processIdentifier, SIGINT)
            usleep(300)
            kill(running.process.processIdentifier, SIGINT)
            let result = running.wait()
            // The forced exit says nothing; the orderly stop says "interrupted". Both exit 130.
            #expect(result.status == 128 + SIGINT, "\(result.stderr)")
            if !result.stderr.contains("interrupted") { killed += 1 }
            #expect(folder.contents == ["long.yaml"], "no output and no temporary file: \(folder.contents)")
        }
        #expect(killed == 1, "no render was killed by the second SIGINT; the test proved nothing")
    }
}
