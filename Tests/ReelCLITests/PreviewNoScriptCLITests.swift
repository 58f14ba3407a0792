import Foundation
import ReelCore
import ReelTestSupport
import Testing

/// `reel preview`'s page without JavaScript (turned off in headless Chromium) shows the
/// scene's first frame, not an empty stage.
@Suite(.serialized) struct PreviewNoScriptCLITests {
    @Test func theFirstFrameShowsWithScriptsOff() throws {
        let folder = try TemporaryFolder()
        // A magenta card covering most of a 320×180 canvas at frame 0; nothing else on the page is magenta.
        let scene = try folder.write(
            "scene.yaml",
            """
            reel: 1
            canvas: { size: [320, 180], fps: 30, duration: 2, background: "#101820" }
            layers:
              - { name: card, position: [160, 90], bounds: [0, 0, 280, 150], backgroundColor: "#FF00FF" }
            """)
        let studio = try StudioProcess([scene])
        defer { _ = studio.interrupt() }
        let browser = try ChromiumDevTools(width: 1100, height: 720)
        defer { browser.close() }
        // The card is 280 × 150 points; the stage shows the frame at least at its own size
        // (half of that area is a generous lower bound for any fitting).
        func magenta(_ shot: PixelBuffer) -> Int { shot.count { r, g, b in r > 230 && g < 24 && b > 230 } }
        let shot = try browser.screenshotWithoutScripts(studio.url) { magenta($0) > 280 * 150 / 2 }
        #expect(magenta(shot) > 280 * 150 / 2, "magenta pixels: \(magenta(shot))")
    }
}
