import Foundation
import ReelTestSupport
import Testing

/// H.264, HEVC and VP9 halve the colour resolution both ways, so they need even frame sizes. A
/// Lottie file's size is a designer's (an iPhone's 375 × 667 points), so its frame is padded; a
/// scene's odd size stays an error, placed at the size in the file.
@Suite(
    "reel render: odd frame sizes",
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct OddFrameSizeCLITests {
    @Test func aLottieOfOddSizeIsPaddedAtTheRightAndBottom() throws {
        let folder = try TemporaryFolder()
        // 75 × 67 points at 10 fps from frame 0 to 20: 20 frames, 2 s; a red solid covers it.
        let scene = try folder.write(
            "phone.json",
            """
            {"v": "5.7.4", "fr": 10, "ip": 0, "op": 20, "w": 75, "h": 67, "layers": [
              {"ty": 1, "sc": "#ff0000", "sw": 75, "sh": 67, "ip": 0, "op": 20, "st": 0, "ks": {}}]}
            """)
        let out = folder.url.appendingPathComponent("phone.mp4").path
        let run = try ReelProcess.run(["render", scene, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "note: the frame is 75×67 pixels (size × scale) and H.264 MP4 needs even sizes: "
                    + "padded with one transparent pixel at the right and bottom, 76×68"), "\(run.stderr)")
        #expect(try MediaTools.field(out, "width") == "76")
        #expect(try MediaTools.field(out, "height") == "68")
        #expect(try MediaTools.field(out, "nb_frames") == "20")
        let duration = try #require(Double(try MediaTools.field(out, "duration")))
        #expect(abs(duration - 2) < 0.01, "\(duration) s")
        let frames = try MediaTools.frames(out, width: 76, height: 68)
        #expect(frames.count == 20)
        // The animation keeps its place at the top left; the added column is not drawn on.
        func red(_ x: Int, _ y: Int) -> Int { Int(frames[0][(y * 76 + x) * 4]) }
        #expect(red(30, 30) > 200)
        #expect(red(75, 30) < red(30, 30) - 60, "the padded column: \(red(75, 30))")
    }

    @Test func aSceneOfOddSizeIsRefusedWhereItsSizeIsWritten() throws {
        let folder = try TemporaryFolder()
        let text = "reel: 1\ncanvas: { size: [75, 67], fps: 10, duration: 1 }\nlayers: []\n"
        let scene = try folder.write("odd.yaml", text)
        // The canvas's size key, where the existing warning also points.
        let line = text.split(separator: "\n")[1]
        let column = try #require(line.firstRange(of: "size")).lowerBound.utf16Offset(in: line) + 1
        let run = try ReelProcess.run(["render", scene, "-o", folder.url.appendingPathComponent("odd.mp4").path])
        #expect(run.status == 2)
        #expect(
            run.stderr.split(separator: "\n").contains {
                $0.hasPrefix("\(scene):2:\(column): error: H.264 with yuv420p needs even dimensions; ")
            },
            "\(run.stderr)")
        #expect(folder.contents == ["odd.yaml"], "nothing written")
    }
}
