import Foundation
import ReelTestSupport
import Testing

/// Outputs are complete or absent, whatever happens to the process; protected files stay
/// protected; killed runs' leftovers go away.
@Suite(.serialized) struct OutputSafetyCLITests {
    static func scene(colour: String = "#3366cc", frames: Int = 10, size: String = "[64, 36]") -> String {
        """
        reel: 1
        canvas: {size: \(size), fps: 10, duration: \(Double(frames) / 10), background: "\(colour)"}
        layers:
          - {name: box, frame: [4, 4, 20, 20], backgroundColor: white}
        timeline:
          - {at: 0, add: {layer: box, key: x, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 40, duration: 1}}}
        """
    }

    @Test func aReadOnlyOutputIsReplacedOnlyWithForce() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene())
        let out = folder.url.appendingPathComponent("out.mp4").path
        #expect(try ReelProcess.run(["render", scene, "-o", out, "--quiet"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        let refused = try ReelProcess.run(["render", scene, "-o", out, "--quiet", "--fps", "5"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("out.mp4 exists and is read-only; reel replaces it only with --force (-y)"),
            "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
        #expect(folder.contents == ["out.mp4", "s.yaml"], "nothing left behind")
        let forced = try ReelProcess.run(["render", scene, "-o", out, "--quiet", "--fps", "5", "-y"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try StreamProbe.read(out).frames == 5)
        // still and sheet too.
        let png = folder.url.appendingPathComponent("f.png").path
        #expect(try ReelProcess.run(["still", scene, "--at", "0", "-o", png]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: png)
        #expect(try ReelProcess.run(["still", scene, "--at", "0.5", "-o", png]).status == 1)
        #expect(try ReelProcess.run(["still", scene, "--at", "0.5", "-o", png, "--force"]).status == 0)
    }

    @Test func aRenderOverItsMemoryBudgetIsRefusedBeforeItStartsAndValidateAgrees() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene(size: "[1920, 1080]"))
        let out = folder.url.appendingPathComponent("out.mp4").path
        let refused = try ReelProcess.run(["render", scene, "-o", out, "--max-memory", "300M", "--scale", "2"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("rendering 3840×2160 frames needs about"), "\(refused.stderr)")
        #expect(refused.stderr.contains("more than the 300 MB --max-memory allows"), "\(refused.stderr)")
        let validate = try ReelProcess.run(["validate", scene, "--max-memory", "300M"])
        #expect(
            validate.status == 2 && validate.stderr.contains("rendering 1920×1080 frames needs about"),
            "\(validate.stderr)")
        #expect(folder.contents == ["s.yaml"])
        // The default budget (3/4 of the machine) renders it.
        #expect(try ReelProcess.run(["render", scene, "-o", out, "--quiet"]).status == 0)
    }

    @Test func leftoversOfKilledRunsAreRemovedButNotThoseOfLiveOnes() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene())
        // PIDs that do not exist (above the kernel's pid_max default range) and ours, alive.
        let deadFile = ".clip.reel-tmp-99999998-0badcafe.mp4", deadFolder = ".shot-0000.reel-tmp-99999999-12345678"
        let live = ".other.reel-tmp-\(getpid())-abcdef01.mp4", unrelated = ".clip.reel-tmp-notapid.mp4"
        for name in [deadFile, live, unrelated] { _ = try folder.write(name, "partial") }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(deadFolder), withIntermediateDirectories: false)
        _ = try folder.write("\(deadFolder)/shot-0000.png", "partial")
        #expect(
            try ReelProcess.run(["render", scene, "-o", folder.url.appendingPathComponent("clip.mp4").path, "--quiet"])
                .status == 0)
        #expect(folder.contents == [live, unrelated, "clip.mp4", "s.yaml"].sorted())
    }

    @Test func aShorterRenderLeavesNoFramesOfTheLongerOne() throws {
        let folder = try TemporaryFolder()
        let long = try folder.write("long.yaml", Self.scene(frames: 12))
        let short = try folder.write("short.yaml", Self.scene(frames: 5))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("seq"), withIntermediateDirectories: false)
        let pattern = folder.url.appendingPathComponent("seq/f-%03d.png").path
        #expect(try ReelProcess.run(["render", long, "-o", pattern, "--quiet"]).status == 0)
        // A segment keeps the rest of the scene's frames: segments may share a sequence.
        #expect(try ReelProcess.run(["render", long, "-o", pattern, "--quiet", "--frames", "0-3"]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("seq").path).count
                == 12)
        #expect(try ReelProcess.run(["render", short, "-o", pattern, "--quiet"]).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("seq").path)
            .sorted()
        #expect(left == (0..<5).map { String(format: "f-%03d.png", $0) })
    }

    /// SIGKILL at random moments: an output path holds a complete file or nothing, and the next
    /// render in the folder removes the killed runs' temporaries.
    @Test(.enabled(if: MediaTools.available, "needs ffprobe"))
    func killedRendersLeaveNothingBehind() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene(frames: 60, size: "[320, 180]"))
        let outputs = ["a.mp4", "b.mov", "c.gif", "seq/d-%04d.png"]
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("seq"), withIntermediateDirectories: false)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let output = outputs[round % outputs.count]
            let running = try ReelProcess.start([
                "render", scene, "-o", folder.url.appendingPathComponent(output).path, "--quiet"
            ])
            Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.8, using: &generator))
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.wait()
            // Whatever is at an output path is a whole render.
            for name in ["a.mp4", "b.mov", "c.gif"] {
                let path = folder.url.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: path) {
                    #expect(try StreamProbe.read(path).frames == 60, "\(name)")
                }
            }
            let frames = try FileManager.default.contentsOfDirectory(
                atPath: folder.url.appendingPathComponent("seq").path
            ).filter { !$0.hasPrefix(".") }
            #expect(frames.isEmpty || frames.count == 60, "a sequence is whole or absent: \(frames.count)")
        }
        // The next render in each folder cleans up after the killed ones.
        #expect(
            try ReelProcess.run(["render", scene, "-o", folder.url.appendingPathComponent("e.mp4").path, "--quiet"])
                .status == 0)
        #expect(
            try ReelProcess.run([
                "render", scene, "-o", folder.url.appendingPathComponent("seq/d-%04d.png").path, "--quiet"
            ]).status == 0)
        let everything = FileManager.default.subpaths(atPath: folder.url.path) ?? []
        #expect(!everything.contains { $0.contains("reel-tmp") }, "\(everything.filter { $0.contains("reel-tmp") })")
    }
}
