import Foundation
import ReelTestSupport
import Testing

/// `reel submit` on a real one-node Slurm cluster (munged, slurmctld, slurmd on loopback, started
/// by the test with tools/slurm-cluster; CI runs as root, which slurmd needs).
@Suite(.serialized) struct SubmitCLITests {
    static let clusterScript = ReelProcess.repository.appendingPathComponent("tools/slurm-cluster").path

    /// Four 1-second chunks (`--chunk-seconds 1`): segments are made of whole chunks.
    static let scene = """
        reel: 1
        canvas: {size: [160, 90], fps: 30, duration: 4, background: "#ffffff"}
        layers:
          - {name: box, frame: [10, 10, 40, 40], backgroundColor: "#3366cc", cornerRadius: 8}
        timeline:
          - {at: 0, add: {layer: box, key: x, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 130, duration: 2}}}
        """

    @Test func withoutSlurmItSaysWhatToInstall() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run(
            [
                "submit", scene, "-o", folder.url.appendingPathComponent("s.mp4").path, "--segments", "2",
                "--chunk-seconds", "1"
            ], environment: ["PATH": folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("reel submit needs Slurm's sbatch on PATH"), "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install slurm-client"))
    }

    /// A running cluster for the test's duration.
    final class Cluster {
        let folder: TemporaryFolder
        let environment: [String: String]

        init() throws {
            folder = try TemporaryFolder()
            let start = try ToolRun.run(
                SubmitCLITests.clusterScript, ["start", folder.url.appendingPathComponent("cluster").path], timeout: 60)
            try #require(start.status == 0, "tools/slurm-cluster start: \(start.stderr)")
            let line = try #require(start.stdout.split(separator: "\n").first { $0.hasPrefix("SLURM_CONF=") })
            environment = ["SLURM_CONF": String(line.dropFirst("SLURM_CONF=".count))]
        }

        deinit {
            _ = try? ToolRun.run(
                SubmitCLITests.clusterScript, ["stop", folder.url.appendingPathComponent("cluster").path], timeout: 60)
        }

        /// Waits until `count` jobs submitted with sbatch's `--hold` are queued, runs `change`, then
        /// releases them: held jobs cannot start before, so the change never races the cluster.
        func whileHeld(jobs count: Int, _ change: () throws -> Void) throws {
            let slurm = environment.map { "\($0.key)=\($0.value)" }
            func slurmCommand(_ arguments: [String]) throws -> ToolRun {
                try ToolRun.run("/usr/bin/env", slurm + arguments, timeout: 30)
            }
            var ids: Set<String> = []
            let deadline = Date().addingTimeInterval(120)  // a hung submission, not a speed check
            while ids.count < count {
                try #require(Date() < deadline, "\(count) held jobs were never queued; queued: \(ids)")
                Thread.sleep(forTimeInterval: 0.2)
                // %F: an array's own id (one line per array), a plain job's id.
                let queue = try slurmCommand(["squeue", "--noheader", "--format=%F"]).stdout
                ids = Set(
                    queue.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            }
            try change()
            let released = try slurmCommand(["scontrol", "release"] + ids.sorted())
            try #require(released.status == 0, "scontrol release: \(released.stderr)")
        }
    }

    @Test(.enabled(if: getuid() == 0, "slurmd runs jobs as their users: the cluster needs root (CI has it)"))
    func fourSegmentsOnSlurmAreByteIdenticalToALocalRender() throws {
        let cluster = try Cluster()
        let scene = try cluster.folder.write("s.yaml", Self.scene)
        let farmed = cluster.folder.url.appendingPathComponent("farm.mp4").path
        let local = cluster.folder.url.appendingPathComponent("local.mp4").path
        let submitted = try ReelProcess.run(
            ["submit", scene, "-o", farmed, "--segments", "4", "--crf", "24", "--chunk-seconds", "1", "--wait"],
            environment: cluster.environment)
        #expect(submitted.status == 0, "\(submitted.stdout)\n\(submitted.stderr)")
        #expect(submitted.stdout.contains("(an array of 4), join: job"), "\(submitted.stdout)")
        #expect(
            try ReelProcess.run(["render", scene, "-o", local, "--crf", "24", "--chunk-seconds", "1", "--quiet"]).status
                == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: farmed)) == Data(contentsOf: URL(fileURLWithPath: local)))
        #expect(try StreamProbe.read(farmed).frames == 120)
        #expect(
            !cluster.folder.contents.contains { $0.contains("reel-farm") },
            "parts and logs go once joined: \(cluster.folder.contents)")
    }

    @Test(
        .enabled(
            if: getuid() == 0 && MediaTools.available,
            "needs root for the cluster (CI has it), and ffmpeg for the sound"))
    func aSoundtrackReachesTheJoinJob() throws {
        let cluster = try Cluster()
        let scene = try cluster.folder.write("s.yaml", Self.scene)
        let tone = cluster.folder.url.appendingPathComponent("tone.wav").path
        try AudioTools.tone(tone, seconds: 3)
        let farmed = cluster.folder.url.appendingPathComponent("farm.mp4").path
        let local = cluster.folder.url.appendingPathComponent("local.mp4").path
        // --audio goes to the segment jobs; the join job finds the sound in their records.
        let submitted = try ReelProcess.run(
            ["submit", scene, "-o", farmed, "--segments", "2", "--chunk-seconds", "1", "--audio", tone, "--wait"],
            environment: cluster.environment)
        #expect(submitted.status == 0, "\(submitted.stdout)\n\(submitted.stderr)")
        #expect(
            try ReelProcess.run(["render", scene, "-o", local, "--chunk-seconds", "1", "--audio", tone, "--quiet"])
                .status == 0)
        #expect(try AudioTools.stream(farmed).codec == "aac")
        #expect(try Data(contentsOf: URL(fileURLWithPath: farmed)) == Data(contentsOf: URL(fileURLWithPath: local)))
    }

    /// Every option given to `reel submit` is the one in force on the node that renders, for a
    /// scene split into segments and for a batch: one cluster for all three submissions. A
    /// lowered limit is shown to refuse *there* by a scene that grows past it after the check on
    /// the submitting machine (the jobs start 3 s late, sbatch's `--begin`).
    @Test(.enabled(if: getuid() == 0, "slurmd runs jobs as their users: the cluster needs root (CI has it)"))
    func everyOptionIsInForceOnTheNodes() throws {
        let cluster = try Cluster()
        let scenes = OptionForwardingCLITests.self
        let folder = cluster.folder
        // Lowered: the scene passes --max-frames 150 and --max-pixels 20000 here, not once grown.
        let grow = try folder.write("grow.yaml", scenes.box())
        let grown = folder.url.appendingPathComponent("grown.mp4").path
        let late = try ReelProcess.start(
            [
                "submit", grow, "-o", grown, "--segments", "2", "--chunk-seconds", "1", "--max-frames", "150",
                "--max-pixels", "20000", "--wait", "--", "--begin=now+3"
            ], environment: cluster.environment)
        Thread.sleep(forTimeInterval: 1)
        _ = try folder.write("grow.yaml", scenes.box(width: 320, height: 180, seconds: 6))
        let refused = late.wait()
        #expect(refused.status == 1, "\(refused.stdout)\n\(refused.stderr)")
        #expect(refused.stderr.contains("the limit is 150 (raise it with --max-frames)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("20000 pixels (raise it with --max-pixels)"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: grown))

        // Raised, with encoding flags: the same bytes as rendering here with the same flags.
        let deep = try folder.write("deep.yaml", scenes.nested(80))
        let farmed = folder.url.appendingPathComponent("deep.mp4").path,
            local = folder.url.appendingPathComponent("local.mp4").path
        let flags = ["--chunk-seconds", "1", "--max-depth", "100", "--crf", "30", "--preset", "veryfast"]
        let submitted = try ReelProcess.run(
            ["submit", deep, "-o", farmed, "--segments", "2", "--threads", "1", "--wait"] + flags,
            environment: cluster.environment)
        #expect(submitted.status == 0, "\(submitted.stdout)\n\(submitted.stderr)")
        #expect(try ReelProcess.run(["render", deep, "-o", local, "--quiet"] + flags).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: farmed)) == Data(contentsOf: URL(fileURLWithPath: local)))

        // A batch: each task's worker renders with the submitted limits.
        try BatchCLITests.write(folder, "scenes/deep.yaml", scenes.nested(80))
        let big = try BatchCLITests.write(folder, "scenes/big.yaml", scenes.box(seconds: 0.5))
        let out = folder.url.appendingPathComponent("out").path
        let batch = try ReelProcess.start(
            [
                "submit", folder.url.appendingPathComponent("scenes").path, "-o", out, "--report", out + "/r.json",
                "--max-depth", "100", "--max-file-size", "4000", "--crf", "30", "--wait", "--", "--hold"
            ],
            environment: cluster.environment)
        // The tasks and the merge are held (sbatch's own option, after --) while big.yaml grows.
        try cluster.whileHeld(jobs: 2) {
            try BatchCLITests.write(folder, "scenes/big.yaml", scenes.box(seconds: 0.5, padding: 5000))
        }
        let report = batch.wait()
        #expect(report.status == 1, "big.yaml is refused: \(report.stdout)\n\(report.stderr)")
        let jobs = try BatchCLITests.jobs(out + "/r.json")
        #expect(jobs["deep.yaml"]?.status == "rendered", "\(jobs["deep.yaml"]?.reason ?? "")")
        #expect(try OptionForwardingCLITests.recordedOptions(out + "/deep.mp4").contains("\"crf\":30"))
        let messages = (jobs["big.yaml"]?.job["diagnostics"] as? [[String: Any]] ?? []).compactMap {
            $0["message"] as? String
        }
        #expect(
            jobs["big.yaml"]?.status == "invalid" && messages.contains { $0.contains("limited to 4000 bytes") },
            "\(big): \(messages)")
    }

    @Test func moreSegmentsThanChunksIsRefusedBeforeSubmitting() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run(
            ["submit", scene, "-o", folder.url.appendingPathComponent("s.mp4").path, "--segments", "3"],
            environment: ["PATH": folder.url.path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("--segment 2/3"),
            "checked locally, before Slurm is even looked for: \(result.stderr)")
    }

    @Test(.enabled(if: getuid() == 0, "slurmd runs jobs as their users: the cluster needs root (CI has it)"))
    func aFailedSegmentIsReportedWithItsLog() throws {
        let cluster = try Cluster()
        let scene = try cluster.folder.write("s.yaml", Self.scene)
        let out = cluster.folder.url.appendingPathComponent("farm.mp4").path
        // The segments and the join are held (sbatch's own option, after --) until the scene is gone.
        let running = try ReelProcess.start(
            ["submit", scene, "-o", out, "--segments", "2", "--chunk-seconds", "1", "--wait", "--", "--hold"],
            environment: cluster.environment)
        try cluster.whileHeld(jobs: 2) { try FileManager.default.removeItem(atPath: scene) }
        let result = running.wait()
        #expect(result.status == 1)
        #expect(result.stderr.contains("segment 0 of 2 failed"), "\(result.stderr)")
        #expect(result.stderr.contains("s.yaml"), "the log says what went wrong: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
