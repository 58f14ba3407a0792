import Foundation
import ReelTestSupport
import Testing

/// `reel batch` end to end, as a nightly job uses it: a folder of scenes, some broken, rendered,
/// re-run, changed, compared with a baseline.
@Suite(.serialized) struct BatchCLITests {
    /// A tiny scene (so the suite stays fast): a coloured square, optionally an image.
    static func scene(colour: String = "#3366cc", image: String? = nil, duration: Double = 0.5) -> String {
        """
        reel: 1
        canvas: {size: [64, 36], fps: 10, duration: \(duration), background: "#ffffff"}
        layers:
          - name: box
            frame: [8, 8, 20, 20]
            backgroundColor: "\(colour)"
        \(image.map { "  - {name: pic, frame: [34, 4, 28, 28], contents: \($0)}" } ?? "")
        timeline:
          - at: 0
            add: {layer: box, key: move, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 40, duration: 0.5}}
        """
    }

    /// Writes `text` at `relative` under the folder, creating folders.
    @discardableResult
    static func write(_ folder: TemporaryFolder, _ relative: String, _ text: String) throws -> String {
        let url = folder.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func copyImage(_ folder: TemporaryFolder, to relative: String, from asset: String = "petal.png") throws {
        let url = folder.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(
            at: ReelProcess.repository.appendingPathComponent("scenes/assets/\(asset)"), to: url)
    }

    /// The JSON report's jobs by scene path relative to `scenes/`: (status, reason).
    static func jobs(_ reportPath: String) throws -> [String: (status: String, reason: String, job: [String: Any])] {
        let data = try Data(contentsOf: URL(fileURLWithPath: reportPath))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let jobs = try #require(root["jobs"] as? [[String: Any]])
        var result: [String: (String, String, [String: Any])] = [:]
        for job in jobs {
            let scene = try #require(job["scene"] as? String)
            let key = scene.components(separatedBy: "scenes/").last ?? scene
            result[key] = (job["status"] as? String ?? "", job["reason"] as? String ?? "", job)
        }
        return result
    }

    /// 20 scenes in sub-folders: 2 invalid, 1 missing its image, 1 far over the timeout, 4 using
    /// a shared image.
    static func makeNightly(_ folder: TemporaryFolder) throws {
        try copyImage(folder, to: "scenes/ui/photo.png")
        for i in 0..<12 {
            try write(folder, "scenes/clips/c\(i).yaml", scene(colour: ["#cc3333", "#33aa55", "#3366cc"][i % 3]))
        }
        for i in 0..<4 { try write(folder, "scenes/ui/p\(i).yaml", scene(image: "photo.png")) }
        try write(
            folder, "scenes/broken/opacity.yaml",
            "reel: 1\ncanvas: {size: [64, 36], duration: 1}\nlayers:\n  - {name: a, opacity: 3}\n")
        try write(folder, "scenes/broken/key.yaml", "reel: 1\ncanvas: {size: [64, 36], duration: 1, fsp: 3}\n")
        try write(folder, "scenes/ui/noimage.yaml", scene(image: "gone.png"))
        try write(
            folder, "scenes/slow/long.yaml",
            """
            reel: 1
            canvas: {size: [1920, 1080], fps: 60, duration: 120}
            layers: [{name: a, frame: [0, 0, 900, 900], backgroundColor: red, shadowOpacity: 1, shadowRadius: 30}]
            timeline: [{at: 0, add: {layer: a, key: r, animation: {class: CABasicAnimation, keyPath: transform.rotation.z, toValue: 6, duration: 120}}}]
            """)
    }

    @Test func nightlyFolderRendersWhatItCanAndReportsTheRest() throws {
        let folder = try TemporaryFolder()
        try Self.makeNightly(folder)
        // Every other job takes well under a second, but a loaded machine can stretch that: the
        // timeout leaves them room, and the long one (7200 frames of 1080p) still cannot make it.
        let result = try ReelProcess.run(
            [
                "batch", "scenes", "-o", "out", "--timeout", "20", "--report", "out/report.json",
                "--junit", "out/junit.xml", "--html", "out/index.html"
            ], in: folder.url)
        #expect(result.status == 1, "a job failed: \(result.stderr)")
        let jobs = try Self.jobs(folder.url.appendingPathComponent("out/report.json").path)
        #expect(jobs.count == 20)
        #expect(jobs.values.filter { $0.status == "rendered" }.count == 16, "\(jobs.mapValues(\.status))")
        #expect(jobs["broken/opacity.yaml"]?.status == "invalid")
        #expect(jobs["broken/key.yaml"]?.status == "invalid")
        #expect(jobs["ui/noimage.yaml"]?.status == "invalid")
        #expect(jobs["slow/long.yaml"]?.status == "timeout")
        // Diagnostics keep their place in the file.
        let diagnostics = try #require(jobs["broken/opacity.yaml"]?.job["diagnostics"] as? [[String: Any]])
        #expect(
            diagnostics.first?["line"] as? Int == 4
                && diagnostics.first?["message"] as? String == "opacity must be between 0 and 1, found 3")
        #expect(result.stderr.contains("scenes/broken/opacity.yaml:4:"), "diagnostics on stderr too: \(result.stderr)")
        // Outputs mirror the inputs; the failed jobs left nothing, not even temporaries.
        let out = folder.url.appendingPathComponent("out")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("clips/c0.mp4").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("ui/p3.mp4").path))
        let everything = (FileManager.default.subpaths(atPath: out.path) ?? []).sorted()
        #expect(!everything.contains { $0.contains("reel-tmp") }, "\(everything)")
        #expect(!everything.contains { $0.hasPrefix("slow/long") || $0.hasPrefix("broken/") && $0.hasSuffix(".mp4") })
        let probe = try StreamProbe.read(out.appendingPathComponent("clips/c0.mp4").path)
        #expect(probe.frames == 5 && probe.width == 64 && probe.height == 36)

        // JUnit, as a CI server reads it: one case per job, the broken ones failing with their places.
        let junit = try JUnitReader.parse(String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8))
        #expect(junit.tests == 20 && junit.failures == 3 && junit.errors == 1, "3 invalid, 1 timeout")
        let cases = junit.suites.flatMap(\.cases)
        let opacity = try #require(cases.first { $0.name.hasSuffix("broken/opacity.yaml") })
        #expect(opacity.results.first?.text?.contains("scenes/broken/opacity.yaml:4:") == true)

        // The review page, in a real browser: every job there, every rendered video plays, no console errors.
        let page = try Chromium.load(out.appendingPathComponent("index.html").path)
        #expect(page.console.isEmpty, "\(page.console)")
        #expect(page.dom.components(separatedBy: "<article class=\"job").count - 1 == 20)
        let videos = Chromium.videoCards(page.dom).filter { $0.src?.hasSuffix(".mp4") == true && $0.state != nil }
        #expect(videos.filter { $0.state == "loaded" }.count == 16, "\(videos.map { ($0.src ?? "", $0.state ?? "") })")
    }

    @Test func rerunsRenderExactlyWhatChanged() throws {
        let folder = try TemporaryFolder()
        try Self.copyImage(folder, to: "scenes/ui/photo.png")
        for i in 0..<3 { try Self.write(folder, "scenes/plain/s\(i).yaml", Self.scene()) }
        for i in 0..<2 { try Self.write(folder, "scenes/ui/p\(i).yaml", Self.scene(image: "photo.png")) }
        func run(_ extra: [String] = []) throws -> [String: (status: String, reason: String, job: [String: Any])] {
            let result = try ReelProcess.run(
                ["batch", "scenes", "-o", "out", "--report", "report.json"] + extra, in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            return try Self.jobs(folder.url.appendingPathComponent("report.json").path)
        }
        #expect(try run().values.allSatisfy { $0.status == "rendered" && $0.reason == "new" })
        // Nothing changed: everything skipped.
        #expect(try run().values.allSatisfy { $0.status == "skipped" && $0.reason == "up to date" })
        // A new image: exactly the scenes that read it.
        try Self.copyImage(folder, to: "scenes/ui/photo.png", from: "ship.png")
        let afterImage = try run()
        #expect(afterImage.filter { $0.value.status == "rendered" }.keys.sorted() == ["ui/p0.yaml", "ui/p1.yaml"])
        #expect(afterImage["ui/p0.yaml"]?.reason == "photo.png changed")
        // Another crf: all of them, and the record says why.
        let afterCRF = try run(["--crf", "30"])
        #expect(afterCRF.values.allSatisfy { $0.status == "rendered" && $0.reason == "options changed" })
        // The same options spelled with defaults are the same options.
        #expect(try run(["--crf", "30", "--preset", "medium"]).values.allSatisfy { $0.status == "skipped" })
        // A deleted output and a truncated one: those two.
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.removeItem(at: out.appendingPathComponent("plain/s0.mp4"))
        let truncated = out.appendingPathComponent("plain/s1.mp4")
        let bytes = try Data(contentsOf: truncated)
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let afterDamage = try run(["--crf", "30"])
        #expect(
            afterDamage.filter { $0.value.status == "rendered" }.keys.sorted() == ["plain/s0.yaml", "plain/s1.yaml"])
        #expect(afterDamage["plain/s0.yaml"]?.reason == "output missing")
        #expect(afterDamage["plain/s1.yaml"]?.reason == "output changed")
        // An edited scene: that one.
        try Self.write(folder, "scenes/plain/s2.yaml", Self.scene(colour: "#000000"))
        let afterEdit = try run(["--crf", "30"])
        #expect(afterEdit.filter { $0.value.status == "rendered" }.keys.sorted() == ["plain/s2.yaml"])
        #expect(afterEdit["plain/s2.yaml"]?.reason == "scene changed")
        // The records travel with a copy of the folder.
        try FileManager.default.copyItem(at: out, to: folder.url.appendingPathComponent("copy"))
        let copied = try ReelProcess.run(["batch", "scenes", "-o", "copy", "--crf", "30", "--dry-run"], in: folder.url)
        #expect(copied.status == 0 && copied.stdout.contains("0 of 5 jobs would render"), "\(copied.stdout)")
    }

    @Test func dryRunSaysWhyAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try Self.write(folder, "scenes/a.yaml", Self.scene())
        let result = try ReelProcess.run(["batch", "scenes", "-o", "out", "--dry-run"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("render  scenes/a.yaml → out/a.mp4  (new)"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func aCrashingRendererFailsItsJobOnly() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "crashme", "c"] { try Self.write(folder, "scenes/\(name).yaml", Self.scene()) }
        let result = try ReelProcess.run(
            ["batch", "scenes", "-o", "out", "--retries", "1", "--report", "r.json"], in: folder.url,
            environment: ["REEL_TEST_CRASH_SCENE": "crashme"])
        #expect(result.status == 1)
        let jobs = try Self.jobs(folder.url.appendingPathComponent("r.json").path)
        #expect(jobs["a.yaml"]?.status == "rendered" && jobs["c.yaml"]?.status == "rendered")
        #expect(jobs["crashme.yaml"]?.status == "failed")
        #expect(
            jobs["crashme.yaml"]?.reason.hasPrefix("the renderer crashed (signal") == true,
            "\(jobs["crashme.yaml"]?.reason ?? "")")
        #expect(jobs["crashme.yaml"]?.job["attempts"] as? Int == 2, "retried once")
        #expect((jobs["crashme.yaml"]?.job["log"] as? String)?.contains("crashing on purpose") == true)
    }

    @Test func aJobOverItsMemoryLimitFailsAlone() throws {
        let folder = try TemporaryFolder()
        try Self.write(folder, "scenes/small.yaml", Self.scene())
        try Self.write(
            folder, "scenes/huge.yaml",
            """
            reel: 1
            canvas: {size: [3840, 2160], scale: 2, fps: 10, duration: 1}
            layers: [{name: a, frame: [100, 100, 3000, 1800], backgroundColor: red}]
            """)
        let result = try ReelProcess.run(
            ["batch", "scenes", "-o", "out", "--max-memory", "400M", "--report", "r.json"], in: folder.url)
        #expect(result.status == 1)
        let jobs = try Self.jobs(folder.url.appendingPathComponent("r.json").path)
        #expect(jobs["small.yaml"]?.status == "rendered")
        // Refused before it starts: its frames alone need more.
        #expect(jobs["huge.yaml"]?.status == "invalid")
        let message = (jobs["huge.yaml"]?.job["diagnostics"] as? [[String: Any]])?.first?["message"] as? String ?? ""
        #expect(
            message.contains("rendering 7680×4320 frames needs about")
                && message.contains("more than the 400 MB --max-memory allows"), "\(message)")
        #expect(
            !(FileManager.default.subpaths(atPath: folder.url.appendingPathComponent("out").path) ?? []).contains {
                $0.contains("huge")
            })
    }

    @Test func baselineFindsExactlyTheChangedScene() throws {
        let folder = try TemporaryFolder()
        for (i, colour) in ["#cc3333", "#33aa55", "#3366cc"].enumerated() {
            try Self.write(folder, "scenes/s\(i).yaml", Self.scene(colour: colour))
        }
        // Last night's outputs came from another x264 preset: other bytes, the same pictures.
        #expect(
            try ReelProcess.run(["batch", "scenes", "-o", "base", "--quiet", "--preset", "veryfast"], in: folder.url)
                .status == 0)
        let same = try ReelProcess.run(
            ["batch", "scenes", "-o", "out", "--baseline", "base", "--report", "r.json"], in: folder.url)
        #expect(same.status == 0, "\(same.stderr)")
        for job in try Self.jobs(folder.url.appendingPathComponent("r.json").path).values {
            let baseline = job.job["baseline"] as? [String: Any]
            #expect(baseline?["status"] as? String == "unchanged", "encoder noise is no change: \(baseline ?? [:])")
            #expect(baseline?["framesCompared"] as? Int == 5)
            // The measures `reel diff` uses: structure intact under re-encoding.
            #expect((baseline?["worstSSIM"] as? Double ?? 0) > 0.99, "\(baseline ?? [:])")
        }
        let a = try Data(contentsOf: folder.url.appendingPathComponent("out/s0.mp4"))
        #expect(
            a != (try Data(contentsOf: folder.url.appendingPathComponent("base/s0.mp4"))),
            "frames were decoded, not bytes compared")
        // A change in luma (red +0x66, about 22 levels of Y), which SSIM measures; a change in blue
        // alone moves Y by a few levels, within the encoder noise of the unchanged scenes.
        try Self.write(folder, "scenes/s1.yaml", Self.scene(colour: "#99aa55"))
        let changed = try ReelProcess.run(
            ["batch", "scenes", "-o", "out", "--baseline", "base", "--fail-on-change", "--report", "r.json"],
            in: folder.url)
        #expect(changed.status == 1, "--fail-on-change: \(changed.stderr)")
        let jobs = try Self.jobs(folder.url.appendingPathComponent("r.json").path)
        let baselines = jobs.mapValues { $0.job["baseline"] as? [String: Any] ?? [:] }
        #expect(baselines["s0.yaml"]?["status"] as? String == "unchanged")
        #expect(baselines["s2.yaml"]?["status"] as? String == "unchanged")
        #expect(baselines["s1.yaml"]?["status"] as? String == "changed")
        #expect(baselines["s1.yaml"]?["framesChanged"] as? Int == 5, "the box is there in every frame")
        #expect(baselines["s1.yaml"]?["worstFrame"] is Int)
        let changedSSIM = try #require(baselines["s1.yaml"]?["worstSSIM"] as? Double)
        let unchangedSSIM = try #require(baselines["s0.yaml"]?["worstSSIM"] as? Double)
        #expect(changedSSIM < unchangedSSIM, "the changed box lowers SSIM: \(changedSSIM) vs \(unchangedSSIM)")
    }

    @Test func anotherReelVersionRendersAgain() throws {
        let folder = try TemporaryFolder()
        try Self.write(folder, "scenes/a.yaml", Self.scene())
        #expect(try ReelProcess.run(["batch", "scenes", "-o", "out", "--quiet"], in: folder.url).status == 0)
        let record = folder.url.appendingPathComponent("out/.a.mp4.reel.json")
        let text = try String(contentsOf: record, encoding: .utf8)
        try text.replacingOccurrences(of: #""reel" : ""#, with: #""reel" : "0.0.0-"#).write(
            to: record, atomically: true, encoding: .utf8)
        let result = try ReelProcess.run(["batch", "scenes", "-o", "out", "--dry-run"], in: folder.url)
        #expect(result.stdout.contains("render  scenes/a.yaml → out/a.mp4  (reel changed)"), "\(result.stdout)")
    }

    @Test func ctrlCStopsCleanlyAndTheNextRunResumes() throws {
        let folder = try TemporaryFolder()
        try Self.write(folder, "scenes/a.yaml", Self.scene())
        try Self.write(
            folder, "scenes/b-long.yaml",
            """
            reel: 1
            canvas: {size: [1280, 720], fps: 60, duration: 120}
            layers: [{name: a, frame: [0, 0, 600, 600], backgroundColor: red, shadowOpacity: 1, shadowRadius: 30}]
            timeline: [{at: 0, add: {layer: a, key: r, animation: {class: CABasicAnimation, keyPath: transform.rotation.z, toValue: 6, duration: 120}}}]
            """)
        try Self.write(folder, "scenes/c.yaml", Self.scene())
        let running = try ReelProcess.start(
            ["batch", "scenes", "-o", "out", "--jobs", "1", "--report", "r.json"], in: folder.url)
        // Wait until the long job is under way (its temporary file exists), then press Ctrl-C
        // (a generous deadline, not a speed check).
        let out = folder.url.appendingPathComponent("out")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            !((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).contains(where: {
                $0.hasPrefix(".b-long.reel-tmp")
            })
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(running.process.processIdentifier, SIGINT)
        let result = running.wait()
        #expect(result.status == 130, "\(result.stderr)")
        let jobs = try Self.jobs(folder.url.appendingPathComponent("r.json").path)
        #expect(jobs["a.yaml"]?.status == "rendered")
        #expect(jobs["b-long.yaml"]?.status == "interrupted")
        #expect(jobs["c.yaml"]?.status == "interrupted")
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted()
        #expect(left == [".a.mp4.poster.png", ".a.mp4.reel.json", "a.mp4"], "no partial output, no temporary: \(left)")
        // The next run (without the long scene) does only what is left.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("scenes/b-long.yaml"))
        let next = try ReelProcess.run(["batch", "scenes", "-o", "out", "--report", "r.json"], in: folder.url)
        #expect(next.status == 0)
        let again = try Self.jobs(folder.url.appendingPathComponent("r.json").path)
        #expect(again["a.yaml"]?.status == "skipped" && again["c.yaml"]?.status == "rendered")
    }

    @Test func unusableInputsAreExitTwoAndRenderNothing() throws {
        let folder = try TemporaryFolder()
        try Self.write(folder, "a.yaml", Self.scene())
        try Self.write(
            folder, "nightly.yaml",
            "reel-batch: 1\njobs:\n  - scene: a.yaml\n    output: same.mp4\n  - scene: gone.yaml\n  - {scene: a.yaml, output: same.mp4}\n"
        )
        let result = try ReelProcess.run(["batch", "nightly.yaml", "nothere", "-o", "out"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nightly.yaml:5:5: error: scene 'gone.yaml' not found"), "\(result.stderr)")
        #expect(result.stderr.contains("nothere: no such file or folder"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "nightly.yaml:6:29: error: output 'same.mp4' is also written by the job at nightly.yaml:4:13"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func manifestJobsWriteSeveralFormats() throws {
        let folder = try TemporaryFolder()
        try Self.write(folder, "src/a.yaml", Self.scene())
        try Self.write(
            folder, "nightly.yaml",
            """
            reel-batch: 1
            defaults: {fps: 5}
            jobs:
              - scene: src/a.yaml
                outputs: [clips/a.mp4, clips/a.webm, stills/a-%02d.png]
              - {scene: src/a.yaml, output: a-small.mp4, scale: 0.5}
            """)
        let result = try ReelProcess.run(["batch", "nightly.yaml", "-o", "out", "--quiet"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let out = folder.url.appendingPathComponent("out")
        let webm = try StreamProbe.read(out.appendingPathComponent("clips/a.webm").path)
        #expect(webm.codec == "vp9" && webm.frames == 3, "fps 5 from the defaults")
        let small = try StreamProbe.read(out.appendingPathComponent("a-small.mp4").path)
        #expect(small.width == 32 && small.height == 18)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("stills/a-02.png").path))
    }
}
