import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

/// The report's video poster in a real browser: a plain `chromium --headless --screenshot` of
/// the page shows each video's middle frame, not frame 0 (empty for any entrance animation).
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
}
