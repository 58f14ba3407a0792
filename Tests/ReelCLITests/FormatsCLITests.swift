import Foundation
import ReelTestSupport
import Testing

/// `reel render` for every output format, read back by ffprobe and the ffmpeg CLI.
@Suite(
    "reel render: formats", .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct FormatsCLITests {
    /// A transparent scene: a half-transparent orange card moving over nothing, and an opaque bar.
    static let transparent = """
        reel: 1
        canvas: { size: [160, 90], fps: 30, duration: 1, background: transparent }
        layers:
          - { name: card, frame: [10, 10, 40, 40], backgroundColor: "#F0501480" }
          - { name: bar, frame: [10, 70, 140, 12], backgroundColor: "#1E3CDC" }
        timeline:
          - at: 0
            add: { layer: card, key: move, animation: { keyPath: position.x, toValue: 120, duration: 1 } }
        """

    @Test func mp4WithHEVC() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(
            RenderCLITests.small, "hevc.mp4", ["--codec", "hevc", "--preset", "ultrafast"], in: folder)
        let probe = try StreamProbe.read(out)
        #expect(probe.codec == "hevc" && probe.pixelFormat == "yuv420p")
        #expect(probe.width == 160 && probe.height == 90 && probe.frames == 45 && probe.frameRate == "30/1")
        #expect(probe.colorSpace == "bt709" && probe.colorPrimaries == "bt709" && probe.colorTransfer == "bt709")
        #expect(probe.codecTag == "hvc1")
        #expect(folder.contents == ["hevc.mp4", "scene.yaml"])
    }

    @Test func movIsProRes4444WithARealAlphaChannel() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(Self.transparent, "alpha.mov", in: folder)
        let probe = try StreamProbe.read(out)
        #expect(probe.codec == "prores" && probe.pixelFormat.hasPrefix("yuva444p"), "\(probe.pixelFormat)")
        #expect(probe.width == 160 && probe.height == 90 && probe.frames == 30)
        #expect(try MediaTools.field(out, "profile") == "4444")
        try checkAlpha(try MediaTools.frames(out, width: 160, height: 90), tolerance: 3)
    }

    @Test func webmIsVP9WithAlphaWhenTheBackgroundIsTransparent() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(Self.transparent, "alpha.webm", ["--crf", "12"], in: folder)
        let probe = try StreamProbe.read(out)
        #expect(probe.codec == "vp9" && probe.frames == 30 && probe.frameRate == "30/1")
        #expect(probe.alphaMode == "1")
        try checkAlpha(try MediaTools.frames(out, width: 160, height: 90, decoder: "libvpx-vp9"), tolerance: 10)

        let opaque = try ReelProcess.render(RenderCLITests.small, "opaque.webm", in: folder)
        let opaqueProbe = try StreamProbe.read(opaque)
        #expect(opaqueProbe.alphaMode == nil, "an opaque scene gets no alpha channel")
        #expect(opaqueProbe.frames == 45)
    }

    @Test func aTransparentBackgroundMakesATransparentGIF() throws {
        // GIF alpha is one bit: at least half opaque is drawn in its straight colour, less is
        // transparent. The square moves, and must leave no trail behind it.
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(
            """
            reel: 1
            canvas: { size: [64, 32], fps: 10, duration: 0.5, background: transparent }
            layers:
              - { name: box, frame: [0, 8, 16, 16], backgroundColor: red }
              - { frame: [40, 0, 24, 6], backgroundColor: "#00FF0099" }
              - { frame: [0, 26, 24, 6], backgroundColor: "#0000FF66" }
            timeline:
              - at: 0
                add: { layer: box, animation: { keyPath: position.x, fromValue: 8, toValue: 48, duration: 0.4, timingFunction: linear } }
            """, "clear.gif", in: folder)
        let frames = try MediaTools.frames(out, width: 64, height: 32)
        #expect(frames.count == 5)
        for (k, frame) in frames.enumerated() {
            func at(_ x: Int, _ y: Int) -> [UInt8] { Array(frame[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) }
            let left = k < 4 ? k * 10 : 0  // the box's left edge: 0, 10, 20, 30, then back (removed)
            let row = (0..<64).map { at($0, 16)[3] }
            #expect(
                row == (0..<64).map { $0 >= left && $0 < left + 16 ? 255 : 0 }, "frame \(k): the box alone, no trail")
            #expect(at(left + 8, 16) == [255, 0, 0, 255])
            #expect(at(50, 2) == [0, 255, 0, 255], "60 % green is drawn, in its straight colour")
            #expect(at(10, 28)[3] == 0, "40 % blue is transparent")
        }
    }

    @Test func gifUsesAFrameRateGIFCanPlayAndKeepsFlatColoursExact() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(RenderCLITests.small, "small.gif", in: folder)
        let probe = try StreamProbe.read(out)
        // 30 fps is not a whole number of hundredths per frame: 25 fps (4/100 s) is used instead.
        #expect(probe.codec == "gif" && probe.frameRate == "25/1")
        #expect(probe.frames == 38, "round(25 fps × 1.5 s)")
        #expect(probe.width == 160 && probe.height == 90)
        let frames = try MediaTools.frames(out, width: 160, height: 90)
        // The background #102030 is a flat colour of the scene, so it is in the palette exactly.
        let corner = Array(frames[5][(89 * 160 + 159) * 4..<(89 * 160 + 160) * 4])
        #expect(corner == [0x10, 0x20, 0x30, 255])

        let wrongRate = try ReelProcess.run([
            "render", try folder.write("s.yaml", RenderCLITests.small), "-o",
            folder.url.appendingPathComponent("x.gif").path, "--fps", "30"
        ])
        #expect(wrongRate.status == 2)
        #expect(wrongRate.stderr.contains("100/n"), "\(wrongRate.stderr)")
    }

    @Test func pngSequenceFramesEqualStills() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.transparent)
        let pattern = folder.url.appendingPathComponent("f-%03d.png").path
        let result = try ReelProcess.run(["render", scene, "-o", pattern, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(folder.contents == (0..<30).map { String(format: "f-%03d.png", $0) } + ["scene.yaml"])
        for frame in [0, 13, 29] {
            let still = folder.url.appendingPathComponent("still-\(frame).png").path
            try #require(try ReelProcess.run(["still", scene, "--frame", String(frame), "-o", still]).status == 0)
            let a = try MediaTools.frames(String(format: pattern, frame), width: 160, height: 90)
            let b = try MediaTools.frames(still, width: 160, height: 90)
            #expect(a == b, "frame \(frame) of the sequence differs from reel still --frame \(frame)")
        }
    }

    @Test func rawFramesAreWidthTimesHeightTimesFourBytesEach() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(RenderCLITests.small, "frames.bgra", in: folder)
        let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
        #expect(size == 45 * 160 * 90 * 4)
    }

    @Test(arguments: [
        ("x.avi", [String](), "Cannot write '.avi' files"),
        ("x.mp4", ["--codec", "vp9"], "MP4 files cannot hold vp9"),
        ("x.mov", ["--crf", "20"], "ProRes 4444 has no crf"),
        ("x.png", [], "needs a frame number in its name"),
        ("x.mp4", ["--preset", "fastest"], "Unknown preset \"fastest\""),
        ("x.mp4", ["--frames", "40-50"], "--frames 40-50 is outside the scene: it has 45 frames (0-44)"),
        ("x.mp4", ["--frames", "9-3"], "--frames"),
        ("x.mp4", ["--threads", "0"], "--threads")
    ])
    func badOptionsAreInvalidInputAndWriteNothing(output: String, options: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let result = try ReelProcess.run(
            ["render", scene, "-o", folder.url.appendingPathComponent(output).path] + options)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(folder.contents == ["small.yaml"])
    }

    /// The transparent scene's card is half transparent and straight-coloured, the bar opaque,
    /// the rest clear, in every frame.
    private func checkAlpha(_ frames: [[UInt8]], tolerance: Int) throws {
        #expect(frames.count == 30)
        for (k, frame) in frames.enumerated() {
            func at(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(frame[(y * 160 + x) * 4 + $0]) } }
            let cardX = 30 + Int((Double(k) / 30 * 90).rounded())  // the card's centre moves from 30 to 120
            let card = at(cardX, 30), bar = at(80, 76), clear = at(80, 50)
            #expect(abs(card[3] - 128) <= 2, "frame \(k): card alpha \(card[3])")
            #expect(
                abs(card[0] - 0xF0) <= tolerance && abs(card[1] - 0x50) <= tolerance
                    && abs(card[2] - 0x14) <= tolerance,
                "frame \(k): card colour \(card) is not the straight #F05014")
            #expect(bar[3] >= 253 && abs(bar[2] - 0xDC) <= tolerance, "frame \(k): bar \(bar)")
            #expect(clear[3] <= 2, "frame \(k): background alpha \(clear[3])")
        }
    }
}
