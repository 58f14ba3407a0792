import Foundation
import ReelTestSupport
import Testing

/// Particles through the command line: `inspect` counts them, and a render is the same bytes
/// on one thread or two and when split into segments and joined.
@Suite(
    "Emitters from the command line", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct EmitterCLITests {
    static let scene = """
        reel: 1
        canvas: { size: [160, 90], fps: 30, duration: 2, background: "#101820" }
        layers:
          - name: sparks
            class: emitter
            frame: [0, 0, 160, 90]
            emitterPosition: [80, 80]
            emitterShape: line
            emitterSize: [60, 0]
            emitterCells:
              - { name: spark, contents: spark.png, contentsScale: 2, birthRate: 50, lifetime: 100, velocity: 40,
                  velocityRange: 15, emissionLongitude: -90deg, emissionRange: 30deg, yAcceleration: 20, spin: 2,
                  color: "#FFB347", greenRange: 0.3 }
        timeline:
          - at: 0.5
            add: { layer: sparks, animation: { keyPath: emitterPosition.x, toValue: 20, duration: 1 } }
        """

    func folderWithSprite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: ReelProcess.repository.appendingPathComponent("scenes/assets/spark.png"),
            to: folder.url.appendingPathComponent("spark.png"))
        return folder
    }

    @Test func inspectCountsTheLiveParticles() throws {
        let folder = try folderWithSprite()
        let scene = try folder.write("scene.yaml", Self.scene)
        let result = try ReelProcess.run(["inspect", scene, "--at", "1.5", "--layer", "sparks"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let count = try #require(json["particleCount"] as? Double)
        #expect(abs(count - 75) <= 3, "50 a second for 1.5 s: \(count)")
        #expect((json["emitterCells"] as? [[String: Any]])?.first?["birthRate"] as? Double == 50)
    }

    @Test func threadsAndSegmentsGiveTheSameBytes() throws {
        let folder = try folderWithSprite()
        let one = try ReelProcess.render(Self.scene, "one.bgra", ["--threads", "1"], in: folder)
        let two = try ReelProcess.render(Self.scene, "two.bgra", ["--threads", "2"], in: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: one)) == Data(contentsOf: URL(fileURLWithPath: two)))

        let chunks = ["--chunk-seconds", "0.5"]
        let whole = try ReelProcess.render(Self.scene, "whole.mp4", chunks, in: folder)
        let parts = try (0..<2).map { i -> String in
            let out = folder.url.appendingPathComponent("part\(i).mp4").path
            let result = try ReelProcess.run(
                [
                    "render", folder.url.appendingPathComponent("scene.yaml").path, "-o", out, "-q",
                    "--segment", "\(i)/2"
                ] + chunks)
            try #require(result.status == 0, "\(result.stderr)")
            return out
        }
        let joined = folder.url.appendingPathComponent("joined.mp4").path
        let result = try ReelProcess.run(["concat"] + parts + ["-o", joined, "-q"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: joined)) == Data(contentsOf: URL(fileURLWithPath: whole)))
        let probe = try StreamProbe.read(whole)
        #expect(probe.frames == 60 && abs(probe.duration - 2) < 1e-6)
    }
}
