import Foundation
import ReelTestSupport
import Testing

/// Every option given to `reel batch` (and `reel submit`: `SubmitCLITests`) is the one in force
/// in the process that renders: a raised limit lets a scene over the default render there, a
/// lowered one refuses there, and the encoding flags decide the output written there.
@Suite(.serialized) struct OptionForwardingCLITests {
    /// `depth` layers, each the only sublayer of the one before: 8×8 points, 2 s at 10 fps (two
    /// 1 s chunks). Deeper than 64 (the default `--max-depth`) is refused unless it is raised.
    static func nested(_ depth: Int) -> String {
        let leaf = "{frame: [0, 0, 4, 4], backgroundColor: \"#3366cc\"}"
        let tree =
            String(repeating: "{sublayers: [", count: depth - 1) + leaf + String(repeating: "]}", count: depth - 1)
        return "reel: 1\ncanvas: {size: [8, 8], fps: 10, duration: 2, background: \"#ffffff\"}\nlayers:\n  - \(tree)\n"
    }

    /// A moving box on a `width`×`height` canvas, `seconds` long at 30 fps; `padding` bytes of
    /// comment make the file larger without changing the scene.
    static func box(width: Int = 160, height: Int = 90, seconds: Double = 4, padding: Int = 0) -> String {
        """
        reel: 1
        canvas: {size: [\(width), \(height)], fps: 30, duration: \(seconds), background: "#ffffff"}
        layers:
          - {name: box, frame: [10, 10, 40, 40], backgroundColor: "#3366cc"}
        timeline:
          - {at: 0, add: {layer: box, key: x, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 130, duration: 2}}}

        """
            + String(
                repeating: "# padding, to make the file larger than --max-file-size allows\n", count: padding / 64 + 1)
    }

    /// The options an output was rendered with, from the record the rendering process wrote.
    static func recordedOptions(_ output: String) throws -> String {
        let url = URL(fileURLWithPath: output)
        let record = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".reel.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        return try #require(json["options"] as? String)
    }

    /// `reel batch` renders every job in a worker process: the limits and encoding flags reach it.
    @Test func batchWorkersRenderWithEveryOptionGiven() throws {
        let folder = try TemporaryFolder()
        try BatchCLITests.write(folder, "scenes/deep.yaml", Self.nested(80))
        try BatchCLITests.write(folder, "scenes/frames.yaml", Self.box(width: 8, height: 8))
        try BatchCLITests.write(folder, "scenes/pixels.yaml", Self.box(seconds: 0.5))
        try BatchCLITests.write(folder, "scenes/big.yaml", Self.box(width: 8, height: 8, seconds: 0.5, padding: 5000))
        let out = folder.url.appendingPathComponent("out").path
        let result = try ReelProcess.run([
            "batch", folder.url.appendingPathComponent("scenes").path, "-o", out, "--report", out + "/r.json",
            "--max-depth", "100", "--max-frames", "100", "--max-pixels", "10000", "--max-file-size", "4000",
            "--crf", "30", "--preset", "veryfast", "--threads", "1", "--quiet"
        ])
        #expect(result.status == 1, "three jobs refused: \(result.stdout) \(result.stderr)")
        let jobs = try BatchCLITests.jobs(out + "/r.json")
        #expect(
            jobs["deep.yaml"]?.status == "rendered",
            "--max-depth 100 raised in the worker: \(jobs["deep.yaml"]?.reason ?? "")")
        let refused = [
            ("frames.yaml", "the limit is 100 (raise it with --max-frames)"),
            ("pixels.yaml", "10000 pixels (raise it with --max-pixels)"),
            ("big.yaml", "limited to 4000 bytes (raise it with --max-file-size)")
        ]
        for (scene, message) in refused {
            let job = try #require(jobs[scene])
            let messages = (job.job["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            #expect(
                job.status == "invalid" && messages.contains { $0.contains(message) },
                "\(scene): \(job.reason) \(messages)")
        }
        let options = try Self.recordedOptions(out + "/deep.mp4")
        #expect(options.contains("\"crf\":30") && options.contains("\"preset\":\"veryfast\""), "\(options)")
    }

    /// `--threads` is checked once, by the job's options, with one message for every command.
    @Test func threadsAreCheckedInOnePlaceForEveryCommand() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.box(seconds: 0.5))
        let out = folder.url.appendingPathComponent("o").path
        for arguments in [
            ["render", scene, "-o", out + ".mp4"], ["batch", scene, "-o", out],
            ["submit", scene, "-o", out + ".mp4", "--segments", "1"], ["submit", scene, "-o", out]
        ] {
            let result = try ReelProcess.run(arguments + ["--threads", "300"], environment: ["PATH": folder.url.path])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("--threads must be 1…256, got 300"), "\(arguments): \(result.stderr)")
        }
    }

    /// `--timeout` and `--retries` take what a manifest's `timeout:` and `retries:` take: a week at
    /// most (the command line once took any positive timeout), 0…10 tries.
    @Test func batchTimeoutAndRetriesAreBoundedLikeManifests() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.box(seconds: 0.5))
        let cases: [(String, String, String?)] = [
            ("--timeout", "0", "--timeout must be more than 0 seconds and at most a week (604800), got 0"),
            ("--timeout", "604800", nil),
            ("--timeout", "604801", "--timeout must be more than 0 seconds and at most a week (604800), got 604801"),
            ("--retries", "10", nil), ("--retries", "11", "--retries must be 0…10, got 11")
        ]
        for (flag, value, refusal) in cases {
            let result = try ReelProcess.run([
                "batch", scene, "-o", folder.url.appendingPathComponent("o").path, "--dry-run", flag, value
            ])
            if let refusal {
                #expect(result.status == 2 && result.stderr.contains(refusal), "\(flag) \(value): \(result.stderr)")
            } else {
                #expect(result.status == 0, "\(flag) \(value): \(result.stderr)")
            }
        }
    }
}
