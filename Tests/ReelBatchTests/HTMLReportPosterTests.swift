import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

/// The report's video poster in a real browser: a plain `chromium --headless --screenshot` of
/// the page shows each video's middle frame, not frame 0 (empty for any entrance animation),
/// and so does the page with JavaScript off, from the poster image the batch wrote.
@Suite(.serialized) struct HTMLReportPosterTests {
    /// Pixels darker than 24 in every channel: the page itself is light, so these are the
    /// video's black frame (the 16:9 clip fills its 16:9 card, no letterbox).
    static func blackPixels(_ shot: PixelBuffer) -> Int { shot.count { r, g, b in r < 24 && g < 24 && b < 24 } }

    @Test func thePosterIsTheMiddleFrameNotFrameZero() throws {
        let folder = try ScratchFolder()
        // 2 s fading in from black: frame 0 is black, the middle (1 s) white.
        let video = try folder.file("out/entrance.mp4")
        _ = try MediaTools.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=white:size=320x180:rate=30:duration=2",
                "-vf", "fade=in:st=0:d=1", "-pix_fmt", "yuv420p", "-c:v", "libx264", video
            ])
        let job = JobReport(
            scene: "scenes/entrance.yaml", outputs: [video], status: .rendered, reason: "new", frames: 60,
            seconds: 1, bytes: 1000, attempts: 1)
        let report = BatchReport(
            version: "1", started: "now", seconds: 1, outputDirectory: folder.path + "/out", baselineDirectory: nil,
            jobs: [job])
        let page = try folder.write("report.html", HTMLReport.html(report, relativeTo: folder.path))
        let url = URL(fileURLWithPath: page).absoluteString
        let shown = Self.blackPixels(try Chromium.screenshot(url, width: 800, height: 600))
        // The card's video is 548 × 308 CSS pixels: frame 0 (or a player that did not load)
        // would fill it with black; the middle frame is white.
        #expect(shown < 548 * 308 / 20, "black pixels: \(shown)")
    }

    @Test func withScriptsOffThePosterImageIsTheMiddleFrame() throws {
        let folder = try ScratchFolder()
        // A magenta card fading in from black over the first second of two: frame 0 is black,
        // the middle frame (30 of 60, at 1 s) magenta; nothing else on the page is.
        let scene = try folder.write(
            "scenes/entrance.yaml",
            """
            reel: 1
            canvas: { size: [320, 180], fps: 30, duration: 2, background: "#000000" }
            layers:
              - { name: card, position: [160, 90], bounds: [0, 0, 320, 180], backgroundColor: "#FF00FF" }
            timeline:
              - at: 0
                add: { layer: card, key: fade, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 1 } }
            """)
        let video = folder.path + "/out/entrance.mp4"
        let result = BatchWorker.run(
            RenderJob(scene: scene, outputs: [video]), version: "test", emit: { _ in }, shouldStop: { false })
        try #require(result.status == "rendered", "\(result.message ?? "")")
        let job = JobReport(
            scene: "scenes/entrance.yaml", outputs: [video], status: .rendered, reason: "new", frames: result.frames,
            seconds: 1, bytes: result.bytes, attempts: 1)
        let report = BatchReport(
            version: "1", started: "now", seconds: 1, outputDirectory: folder.path + "/out", baselineDirectory: nil,
            jobs: [job])
        // The page and the outputs moved together: the poster is linked relative to the page.
        let page = try folder.write("report.html", HTMLReport.html(report, relativeTo: folder.path))
        let moved = folder.path + "/moved"
        try FileManager.default.createDirectory(atPath: moved, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.path + "/out", toPath: moved + "/out")
        try FileManager.default.moveItem(atPath: page, toPath: moved + "/report.html")
        let browser = try ChromiumDevTools(width: 800, height: 600)
        defer { browser.close() }
        let url = URL(fileURLWithPath: moved + "/report.html").absoluteString
        // The card's video is 548 × 308 CSS pixels: frame 0 would fill it with black.
        let shot = try browser.screenshotWithoutScripts(url) {
            $0.count { r, g, b in r > 200 && g < 60 && b > 200 } > 0
        }
        #expect(Self.blackPixels(shot) < 548 * 308 / 20, "black pixels: \(Self.blackPixels(shot))")
        // …and the picture is there (not an empty card): the magenta middle frame.
        let magenta = shot.count { r, g, b in r > 200 && g < 60 && b > 200 }
        #expect(magenta > 548 * 308 / 2, "magenta pixels: \(magenta)")
    }
}
