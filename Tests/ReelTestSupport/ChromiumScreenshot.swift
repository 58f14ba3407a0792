import Foundation
import ReelCore
import ReelRender
import Testing

extension Chromium {
    /// A plain `chromium --headless --screenshot` of `url` in a `width`×`height` window, after up
    /// to 10 s of virtual time.
    public static func screenshot(_ url: String, width: Int, height: Int) throws -> PixelBuffer {
        let profile = try ScratchFolder()
        let shot = profile.path + "/screenshot.png"
        let run = try ToolRun.run(
            try executable(),
            arguments(profile: profile.path + "/profile", resolveHosts: !url.hasPrefix("file:"))
                + ["--window-size=\(width),\(height)", "--hide-scrollbars", "--screenshot=\(shot)", url],
            timeout: 60)
        try #require(!run.timedOut, "chromium did not finish within 60 s:\n\(run.stderr)")
        try #require(
            run.status == 0 && FileManager.default.fileExists(atPath: shot),
            "chromium wrote no screenshot (\(run.status)):\n\(run.stderr)")
        return try PNGFile.read(shot)
    }
}

extension ChromiumDevTools {
    /// Screenshots of `url` loaded with JavaScript off (what a page shows without it), taken
    /// every 250 ms until `done` accepts one or `timeout` s pass; the last one.
    /// (`chromium --headless --screenshot` with scripts off via `--blink-settings` often
    /// exits without writing the file, so the DevTools protocol turns them off instead.)
    public func screenshotWithoutScripts(
        _ url: String, timeout: TimeInterval = 30, until done: (PixelBuffer) -> Bool
    ) throws -> PixelBuffer {
        _ = try send("Emulation.setScriptExecutionDisabled", ["value": true])
        _ = try send("Page.navigate", ["url": url])
        let deadline = Date().addingTimeInterval(timeout)
        let folder = try ScratchFolder()
        let path = try folder.file("shot.png")
        while true {
            // While the page is being swapped in, there is no page to capture: try again.
            let data: Data
            do { data = try screenshot() } catch {
                if Date() >= deadline { throw error }
                usleep(250_000)
                continue
            }
            try data.write(to: URL(fileURLWithPath: path))
            let shot = try PNGFile.read(path)
            if done(shot) || Date() >= deadline { return shot }
            usleep(250_000)
        }
    }
}

extension PixelBuffer {
    /// How many pixels pass `test` (red, green, blue, 0–255).
    public func count(where test: (Int, Int, Int) -> Bool) -> Int {
        var n = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = rgba(x: x, y: y)
                if test(Int(p.r), Int(p.g), Int(p.b)) { n += 1 }
            }
        }
        return n
    }
}
