import Foundation
import ReelTestSupport
import Testing

@Suite("reel render / still", .serialized)
struct RenderCLITests {
    static let small = """
        reel: 1
        canvas: { size: [160, 90], fps: 30, duration: 1.5, background: "#102030" }
        layers:
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: orange, cornerRadius: 8 }
        timeline:
          - at: 0
            add: { layer: box, key: move, animation: { keyPath: position.x, toValue: 130, duration: 1.5 } }
        """

    @Test(.enabled(if: MediaTools.available, "needs ffprobe (tools/setup installs it)"))
    func helloRendersToAPlayableMP4InTheCurrentFolder() throws {
        let folder = try TemporaryFolder()
        let scene = ReelProcess.repository.appendingPathComponent("scenes/hello.yaml").path
        let result = try ReelProcess.run(["render", scene, "--quiet"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            folder.contents == ["hello.mp4"], "default output is SCENE-BASENAME.mp4 in the current folder, no leftovers"
        )
        let probe = try StreamProbe.read(folder.url.appendingPathComponent("hello.mp4").path)
        #expect(probe.codec == "h264")
        #expect(probe.pixelFormat == "yuv420p")
        #expect(probe.width == 1280 && probe.height == 720)
        #expect(probe.frameRate == "60/1")
        #expect(probe.frames == 240)
        #expect(abs(probe.duration - 4) <= 1.0 / 60)
        #expect(probe.colorSpace == "bt709" && probe.colorPrimaries == "bt709" && probe.colorTransfer == "bt709")
    }

    @Test(.enabled(if: MediaTools.available, "needs ffprobe (tools/setup installs it)"))
    func frameCountAndRateFollowFPSTimesDuration() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", Self.small)
        for (fps, rate, frames) in [("30", "30/1", 45), ("29.97", "30000/1001", 45), ("24", "24/1", 36)] {
            let out = folder.url.appendingPathComponent("out-\(fps).mp4").path
            let result = try ReelProcess.run(["render", scene, "-o", out, "--fps", fps, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            let probe = try StreamProbe.read(out)
            #expect(probe.frameRate == rate)
            #expect(probe.frames == frames, "round(fps × 1.5)")
            #expect(abs(probe.duration - Double(frames) / Double(fps)!) < 0.5 / Double(fps)!)
            #expect(probe.width == 160 && probe.height == 90)
        }
    }

    @Test func renderPrintsASummaryLine() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", Self.small)
        let result = try ReelProcess.run(["render", scene, "-o", folder.url.appendingPathComponent("x.mp4").path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("45 frames") && result.stderr.contains("160×90"), "\(result.stderr)")
    }

    @Test func stillWritesThePictureAtThatTime() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", Self.small)
        for t in ["0", "0.75", "1.5"] {
            let out = folder.url.appendingPathComponent("f\(t).png").path
            let result = try ReelProcess.run(["still", scene, "--at", t, "-o", out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: out))
        }
        // PNG header and size (IHDR width/height, big-endian).
        let data = try Data(contentsOf: folder.url.appendingPathComponent("f0.75.png"))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(data[16..<24].elementsEqual([0, 0, 0, 160, 0, 0, 0, 90]))
    }

    @Test func aMalformedSceneIsRejectedWithLocationAndNoOutput() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write(
            "bad.yaml",
            """
            reel: 1
            canvas: { size: [160, 90], duration: 1 }
            layers:
              - name: box
                positon: [10, 10]
                opacity: 2
            timeline:
              - at: 0.5
                set: { boks: { opacity: 1 } }
            """)
        let out = folder.url.appendingPathComponent("bad.mp4").path
        let result = try ReelProcess.run(["render", scene, "-o", out])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("\(scene):5:5: error: unknown key 'positon' in layer 'box' (did you mean 'position'?)"),
            "\(result.stderr)")
        #expect(lines.contains("\(scene):6:14: error: opacity must be between 0 and 1, found 2"), "\(result.stderr)")
        #expect(lines.contains("\(scene):9:12: error: unknown layer 'boks' (did you mean 'box'?)"), "\(result.stderr)")
        #expect(folder.contents == ["bad.yaml"], "no output or temporary file")
    }

    @Test func yamlSyntaxErrorsPointAtTheLine() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("syntax.yaml", "reel: 1\ncanvas: { size: [160, 90], duration: 1\nlayers: []\n")
        let result = try ReelProcess.run(["render", scene])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(scene):3:"), "\(result.stderr)")
        #expect(result.stderr.contains("error: syntax error"))
    }

    @Test func anUnwritableOutputFailsWithStatusOne() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", Self.small)
        let result = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("missing/dir/out.mp4").path
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
    }

    @Test func oddPixelSizesAreRefusedForH264() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("odd.yaml", "reel: 1\ncanvas: { size: [161, 90], duration: 1 }\nlayers: []\n")
        let result = try ReelProcess.run(["render", scene, "-o", folder.url.appendingPathComponent("o.mp4").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("even"), "\(result.stderr)")
        #expect(folder.contents == ["odd.yaml"])
    }

    @Test func interruptingLeavesNoFileBehind() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write(
            "long.yaml",
            """
            reel: 1
            canvas: { size: [640, 360], fps: 60, duration: 120 }
            layers:
              - { name: box, frame: [10, 10, 40, 40], backgroundColor: orange }
            timeline:
              - at: 0
                add: { layer: box, key: spin, animation: { keyPath: transform.rotation.z, byValue: 6.28, duration: 1, repeatCount: infinity } }
            """)
        let out = folder.url.appendingPathComponent("long.mp4").path
        let running = try ReelProcess.start(["render", scene, "-o", out])
        // Wait until the temporary file exists, i.e. encoding is under way (a generous deadline
        // for a loaded machine, not a speed check: it normally exists within a second).
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline && !folder.contents.contains(where: { $0.contains("reel-tmp") }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(folder.contents.contains { $0.contains("reel-tmp") }, "the render writes to a temporary file")
        Thread.sleep(forTimeInterval: 0.3)
        running.process.interrupt()
        let result = running.wait()
        #expect(result.status != 0)
        #expect(result.stderr.contains("interrupted"), "\(result.stderr)")
        #expect(folder.contents == ["long.yaml"], "no output and no temporary file: \(folder.contents)")
    }
}
