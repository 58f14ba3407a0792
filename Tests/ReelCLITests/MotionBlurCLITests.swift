import Foundation
import ReelTestSupport
import Testing

/// `--motion-blur ANGLE[:SAMPLES]` and `canvas.motionBlur` through the command line: the same
/// bytes whatever the threads or segments, and bad values refused with exit status 2.
@Suite(
    "reel render --motion-blur", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct MotionBlurCLITests {
    static let scene = """
        reel: 1
        canvas: { size: [160, 90], fps: 30, duration: 1, background: "#102030", motionBlur: { samples: 6 } }
        layers:
          - { name: bar, frame: [0, 60, 160, 30], backgroundColor: "#1E3CDC" }
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: orange, cornerRadius: 8 }
        timeline:
          - at: 0
            add: { layer: box, key: move, animation: { class: CASpringAnimation, keyPath: position.x, toValue: 130, damping: 10 } }
        """
    static let chunks = ["--chunk-seconds", "0.25"]

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func threadsAndSegmentsGiveTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let one = try ReelProcess.render(Self.scene, "one.mp4", Self.chunks + ["--threads", "1"], in: folder)
        let two = try ReelProcess.render(Self.scene, "two.mp4", Self.chunks + ["--threads", "2"], in: folder)
        #expect(try bytes(one) == bytes(two))
        let scene = folder.url.appendingPathComponent("scene.yaml").path
        let parts = try (0..<3).map { i -> String in
            let out = folder.url.appendingPathComponent("part\(i).mp4").path
            let run = try ReelProcess.run(["render", scene, "-o", out, "-q", "--segment", "\(i)/3"] + Self.chunks)
            try #require(run.status == 0, "\(run.stderr)")
            return out
        }
        let joined = folder.url.appendingPathComponent("joined.mp4").path
        let concat = try ReelProcess.run(["concat"] + parts + ["-o", joined, "-q"])
        try #require(concat.status == 0, "\(concat.stderr)")
        #expect(try bytes(joined) == bytes(one))
        let probe = try StreamProbe.read(one)
        #expect(probe.frames == 30)
    }

    @Test func theFlagReplacesTheScenesShutter() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene)
        let sharp = folder.url.appendingPathComponent("sharp.png").path
        let blurred = folder.url.appendingPathComponent("blurred.png").path
        let wide = folder.url.appendingPathComponent("wide.png").path
        for (out, flag) in [(sharp, "180:1"), (blurred, "180:6"), (wide, "360:6")] {
            let run = try ReelProcess.run(["still", scene, "--at", "0.2", "--motion-blur", flag, "-o", out])
            try #require(run.status == 0, "\(run.stderr)")
        }
        let scenes = try [sharp, blurred, wide].map(bytes)
        #expect(scenes[0] != scenes[1] && scenes[1] != scenes[2])
    }

    @Test(arguments: [
        ("0", "--motion-blur: the shutter angle must be greater than 0 and at most 720 degrees, found 0"),
        ("721:4", "--motion-blur: the shutter angle must be greater than 0 and at most 720 degrees, found 721"),
        ("180:0", "--motion-blur: samples must be 1 to 256, found 0"),
        ("180:100000", "--motion-blur: samples must be 1 to 256, found 100000"),
        ("fast", "--motion-blur 'fast': expected ANGLE[:SAMPLES]")
    ])
    func badValuesAreRefused(_ flag: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene)
        let out = folder.url.appendingPathComponent("clip.mp4").path
        for command in [["render", scene, "-o", out], ["still", scene, "--at", "0", "-o", out + ".png"]] {
            let run = try ReelProcess.run(command + ["--motion-blur", flag])
            #expect(run.status == 2, "\(command[0]) \(flag)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
