import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

/// The HTML report in a real browser: headless Chromium loads the page from disk, plays the
/// videos ffmpeg made, and its log shows any console message. Serialized: one Chromium at a time
/// is plenty on a small machine.
@Suite(.serialized) struct HTMLReportTests {
    @Test func relativeURLsAreComputedAndEncoded() {
        #expect(HTMLReport.relativeURL(from: "/srv/batch/report", to: "/srv/batch/out/intro.mp4") == "../out/intro.mp4")
        #expect(HTMLReport.relativeURL(from: "/srv/batch", to: "/srv/batch/intro.mp4") == "intro.mp4")
        #expect(HTMLReport.relativeURL(from: "/srv/batch/", to: "/srv/batch/./out/../intro.mp4") == "intro.mp4")
        #expect(HTMLReport.relativeURL(from: "/a/b/c", to: "/x/y.webm") == "../../../x/y.webm")
        #expect(HTMLReport.relativeURL(from: "/srv", to: "/srv/clip #1 ü?.mp4") == "clip%20%231%20%C3%BC%3F.mp4")
        // A colon would read as a URL scheme ("c:" is one).
        #expect(HTMLReport.relativeURL(from: "/srv", to: "/srv/c:50%.gif") == "c%3A50%25.gif")
        #expect(HTMLReport.relativeURL(from: "/srv/frames", to: "/srv/frames", folder: true) == "./")
        #expect(HTMLReport.relativeURL(from: "/srv", to: "/srv/frames", folder: true) == "frames/")
        // Relative paths are taken from the current directory, like the outputs' own.
        #expect(HTMLReport.relativeURL(from: "report", to: "out/a.mp4") == "../out/a.mp4")
        let here = FileManager.default.currentDirectoryPath
        #expect(HTMLReport.relativeURL(from: here + "/report", to: "out/a.mp4") == "../out/a.mp4")
    }

    @Test func escapesTextAndIsSelfContained() {
        let job = JobReport(
            scene: "<b>bold</b> & \"q\".yaml", outputs: [], status: .invalid, reason: "x < y",
            diagnostics: [
                SceneProblem(file: "a'.yaml", location: SourcePosition(line: 1, column: 2), message: "<script>")
            ],
            sheetPNG: Data([0x89, 0x50]))
        let html = HTMLReport.html(
            BatchReport(
                version: "1", started: "now", seconds: 1, outputDirectory: "out",
                baselineDirectory: nil, jobs: [job]), relativeTo: ".")
        #expect(html.contains("<h2 class=\"scene\">&lt;b&gt;bold&lt;/b&gt; &amp; \"q\".yaml</h2>"))
        #expect(html.contains("<code>a'.yaml:1:2: error: &lt;script&gt;</code>"))
        #expect(html.contains("alt=\"Contact sheet of &lt;b&gt;bold&lt;/b&gt; &amp; &quot;q&quot;.yaml\""))
        #expect(!html.contains("<b>bold"))
        // Nothing to fetch: no external scripts, styles or fonts.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link rel=\"stylesheet\""))
    }

    @Test func chromiumPlaysTheVideosWithoutConsoleErrors() throws {
        let folder = try ScratchFolder()
        // Outputs in one folder, the page in another, so every link climbs out with "..".
        let h264 = try folder.file("out/a.mp4"), vp9 = try folder.file("out/clip #1.webm"),
            gif = try folder.file("out/c.gif")
        _ = try MediaTools.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=30", "-t", "1",
                "-pix_fmt", "yuv420p", "-c:v", "libx264", h264
            ])
        _ = try MediaTools.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30", "-t", "1",
                "-pix_fmt", "yuv420p", "-c:v", "libvpx-vp9", "-b:v", "200k", vp9
            ])
        _ = try MediaTools.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10", "-t", "1", gif])
        // Not a video at all: its card must say so.
        let broken = try folder.write("out/broken.mp4", "this is not an MP4 file")
        let prores = try folder.write("out/master.mov", "a ProRes movie, linked only")
        let sequence = try folder.file("out/frames/shot-%04d.png")

        var changed = BaselineResult(status: .changed, output: vp9, baselinePath: folder.path + "/base/clip #1.webm")
        changed.framesCompared = 30
        changed.framesChanged = 4
        changed.worstFrame = 17
        changed.worstPSNR = 31.4
        changed.worstBlockDifference = 9.5
        changed.baselinePNG = try png(width: 160, height: 90, blue: 200)
        changed.currentPNG = try png(width: 160, height: 90, blue: 40)
        changed.differencePNG = try png(width: 160, height: 90, blue: 0)
        let injected = "<img src=x onerror=\"console.error('injected')\">.yaml"
        let jobs = [
            JobReport(
                scene: "scenes/intro.yaml", outputs: [h264, gif], status: .rendered, reason: "new",
                frames: 40, seconds: 1.5, bytes: 20000, attempts: 1,
                sheetPNG: try png(width: 320, height: 180, blue: 120)),
            JobReport(
                scene: "scenes/logo & co.yaml", outputs: [vp9], status: .rendered, reason: "scene changed",
                frames: 30, seconds: 0.8, bytes: 12000, attempts: 1, baseline: changed),
            JobReport(
                scene: "scenes/master.yaml", outputs: [prores, sequence, broken], status: .skipped,
                reason: "up to date", frames: 30),
            JobReport(
                scene: injected, outputs: [folder.path + "/out/typo.mp4"], status: .invalid,
                reason: "1 error in the scene",
                diagnostics: [
                    SceneProblem(
                        file: "scenes/typo.yaml", location: SourcePosition(line: 3, column: 5),
                        message: "unknown key 'opactiy' (did you mean 'opacity'?)")
                ]),
            JobReport(
                scene: "scenes/crash.yaml", outputs: [folder.path + "/out/crash.mp4"], status: .failed,
                reason: "the renderer crashed (signal 11)",
                seconds: 0.2, attempts: 2, log: "frame 3\n\u{1B}[31mFatal error: <oops>\u{1B}[0m")
        ]
        let report = BatchReport(
            version: "0.9.0", started: "2026-11-24T02:00:00Z", seconds: 4.5,
            outputDirectory: folder.path + "/out", baselineDirectory: folder.path + "/base", jobs: jobs)
        let page = try folder.write("report/report.html", HTMLReport.html(report, relativeTo: folder.path + "/report"))

        let loaded = try Chromium.load(page)
        #expect(loaded.console.isEmpty, "console messages: \(loaded.console.joined(separator: "\n"))")

        // One card per job, in order, with the scene's name as text (the injected markup inert).
        let dom = loaded.dom
        #expect(dom.components(separatedBy: "<article class=\"job ").count - 1 == jobs.count)
        var searchFrom = dom.startIndex
        for job in jobs {
            let heading = "<h2 class=\"scene\">\(Chromium.serialized(job.scene))</h2>"
            let found = try #require(
                dom.range(of: heading, range: searchFrom..<dom.endIndex), "no card for \(job.scene)")
            searchFrom = found.upperBound
        }
        #expect(dom.contains("data-status=\"invalid\""))
        #expect(dom.contains("scenes/typo.yaml:3:5: error: unknown key 'opactiy' (did you mean 'opacity'?)"))
        #expect(dom.contains("Fatal error: &lt;oops&gt;"))

        // Every playable video decoded a frame; the broken one says it cannot play.
        let videos = Chromium.videoCards(dom)
        #expect(videos.map(\.src) == ["../out/a.mp4", "../out/clip%20%231.webm", "../out/broken.mp4"])
        #expect(videos.map(\.state) == ["loaded", "loaded", "error"])
        #expect(videos.map(\.noteShown) == [false, false, true])
        #expect(dom.contains("<img src=\"../out/c.gif\""))
        #expect(dom.contains("href=\"../out/master.mov\""))
        #expect(dom.contains("href=\"../out/frames/\""))
        #expect(dom.contains("href=\"../out/crash.mp4\""), "a failed job's outputs are links, not players")
        #expect(dom.contains("31.4 dB"))
        #expect(dom.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 4)
    }

    /// The console check above must be able to fail: a page that logs an error is caught.
    @Test func consoleMessagesAreDetected() throws {
        let folder = try ScratchFolder()
        let page = try folder.write(
            "noisy.html",
            """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>noisy</title></head><body>
            <script>console.error("deliberate failure"); undefinedFunction();</script></body></html>
            """)
        let loaded = try Chromium.load(page)
        #expect(loaded.console.count == 2, "\(loaded.console)")
        #expect(loaded.console.contains { $0.contains("deliberate failure") })
        #expect(loaded.console.contains { $0.contains("undefinedFunction is not defined") })
    }

    /// A solid-colour PNG written by Reel's own PNG writer.
    func png(width: Int, height: Int, blue: UInt8) throws -> Data {
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                // BGRA, opaque; a gradient so the pictures are not blank.
                row[x * 4] = blue
                row[x * 4 + 1] = UInt8(x * 255 / width)
                row[x * 4 + 2] = UInt8(y * 255 / height)
                row[x * 4 + 3] = 255
            }
        }
        let folder = try ScratchFolder()
        let path = try folder.file("picture.png")
        try PNGFile.write(buffer, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
