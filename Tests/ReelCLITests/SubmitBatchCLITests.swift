import Foundation
import ReelTestSupport
import Testing

/// `reel submit` of a batch (folders, manifests): one task per job, long jobs split into
/// segments, a merge that joins them and writes `reel batch`'s reports.
@Suite(.serialized, .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct SubmitBatchCLITests {
    /// A 12 s scene: with `--split-seconds 5`, three segments of one 4 s chunk each.
    static let long = """
        reel: 1
        canvas: {size: [160, 90], fps: 30, duration: 12, background: "#ffffff"}
        layers:
          - {name: box, frame: [10, 10, 40, 40], backgroundColor: "#3366cc", cornerRadius: 8}
        timeline:
          - {at: 0, add: {layer: box, key: x, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 130, duration: 12}}}
        """
    static let bad =
        "reel: 1\ncanvas: {size: [10, 10], duration: 1}\nlayers:\n  - {frame: [0, 0, 1, 1], backgroundColor: nope}\n"

    /// scenes/short.yaml, scenes/long.yaml, scenes/bad.yaml (invalid), scenes/crash/crashme.yaml.
    func scenes(_ folder: TemporaryFolder) throws -> String {
        _ = try BatchCLITests.write(folder, "scenes/short.yaml", BatchCLITests.scene())
        _ = try BatchCLITests.write(folder, "scenes/long.yaml", Self.long)
        _ = try BatchCLITests.write(folder, "scenes/bad.yaml", Self.bad)
        _ = try BatchCLITests.write(folder, "scenes/crash/crashme.yaml", BatchCLITests.scene(colour: "#cc3333"))
        return folder.url.appendingPathComponent("scenes").path
    }

    /// A stand-in for sbatch that accepts every job and runs none: the test plays the engine.
    func fakeSlurm(_ folder: TemporaryFolder) throws -> String {
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let sbatch = bin.appendingPathComponent("sbatch")
        // It keeps its arguments, one call per line, for the test to read.
        try "#!/bin/sh\necho \"$*\" >> \(bin.path)/calls\necho $$\n".write(
            to: sbatch, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sbatch.path)
        return bin.path + ":/usr/bin:/bin"
    }

    /// The work folder `reel submit` printed.
    func workFolder(_ stdout: String) throws -> String {
        let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("work folder: ") }, "\(stdout)")
        return String(line.dropFirst("work folder: ".count))
    }

    /// Any engine can run the tasks (`reel _farm task WORK I`) and the merge; a task that never
    /// reports (a lost node, a time limit) fails its job with its log, and a split job with it.
    @Test func tasksAndMergeRunAnywhereAndALostTaskFailsItsJob() throws {
        let folder = try TemporaryFolder()
        let scenes = try scenes(folder)
        // A "%" in a path would be a Slurm file name field (%j, %a) unless doubled.
        let out = folder.url.appendingPathComponent("out%j").path
        let submitted = try ReelProcess.run(
            ["submit", scenes, "-o", out, "--split-seconds", "5", "--report", out + "/report.json"],
            environment: ["PATH": try fakeSlurm(folder)])
        try #require(submitted.status == 0, "\(submitted.stderr)")
        let calls = try String(contentsOf: folder.url.appendingPathComponent("bin/calls"), encoding: .utf8)
        #expect(
            calls.contains("--output=\(folder.url.path)/out%%j/.reel-farm-batch-") && calls.contains("/task-%a.log"),
            "\(calls)")
        #expect(
            submitted.stdout.contains(
                "jobs: 4 (1 decided here: up to date or invalid), tasks: 5 (1 long job split into 3 segments)"),
            "\(submitted.stdout)")
        let work = try workFolder(submitted.stdout)
        // Tasks: crashme, long 0/3, long 1/3, long 2/3, short. Task 2 (long's middle) is "lost".
        for task in [0, 1, 3, 4] {
            let ran = try ReelProcess.run(
                ["_farm", "task", work, "\(task)"], environment: ["REEL_TEST_CRASH_SCENE": "crashme"])
            #expect(ran.status == (task == 0 ? 1 : 0), "task \(task): \(ran.stdout) \(ran.stderr)")
        }
        try "slurmstepd: error: *** JOB 7 ON node1 CANCELLED DUE TO TIME LIMIT ***\n".write(
            toFile: work + "/task-2.log", atomically: true, encoding: .utf8)
        let merged = try ReelProcess.run(["_farm", "merge", work])
        #expect(merged.status == 1, "jobs failed: \(merged.stdout) \(merged.stderr)")
        let jobs = try BatchCLITests.jobs(out + "/report.json")
        #expect(jobs["short.yaml"]?.status == "rendered")
        #expect(jobs["bad.yaml"]?.status == "invalid")
        #expect(jobs["crash/crashme.yaml"]?.status == "failed")
        #expect((jobs["crash/crashme.yaml"]?.job["log"] as? String)?.contains("crashing on purpose") == true)
        #expect(jobs["long.yaml"]?.status == "failed")
        #expect(
            jobs["long.yaml"]?.reason.hasPrefix("segment 1/3: its task (2) ended without a report") == true,
            "\(jobs["long.yaml"]?.reason ?? "")")
        #expect((jobs["long.yaml"]?.job["log"] as? String)?.contains("CANCELLED DUE TO TIME LIMIT") == true)
        #expect(!FileManager.default.fileExists(atPath: out + "/long.mp4"), "no output from two of three segments")
        #expect(try StreamProbe.read(out + "/short.mp4").frames == 5, "0.5 s at 10 fps")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work).filter { $0.contains("part") }
        #expect(leftovers.isEmpty, "the parts are removed by the merge: \(leftovers)")
    }

    @Test func anUpToDateBatchNeedsNoCluster() throws {
        let folder = try TemporaryFolder()
        _ = try BatchCLITests.write(folder, "scenes/short.yaml", BatchCLITests.scene())
        let scenes = folder.url.appendingPathComponent("scenes").path
        let out = folder.url.appendingPathComponent("out").path
        try #require(try ReelProcess.run(["batch", scenes, "-o", out, "-q"]).status == 0)
        let result = try ReelProcess.run(
            ["submit", scenes, "-o", out, "--junit", out + "/junit.xml", "--wait"],
            environment: ["PATH": folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("tasks: 0"), "\(result.stdout)")
        #expect(result.stderr.contains("1 jobs: 1 skipped"), "\(result.stderr)")
        let junit = try JUnitReader.parse(try String(contentsOfFile: out + "/junit.xml", encoding: .utf8))
        #expect(junit.tests == 1 && junit.failures == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.contains("reel-farm") }.isEmpty,
            "nothing left behind")
    }

    @Test func withoutSlurmABatchSaysWhatToInstallAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let scenes = try scenes(folder)
        let out = folder.url.appendingPathComponent("out").path
        let result = try ReelProcess.run(["submit", scenes, "-o", out], environment: ["PATH": folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("reel submit needs Slurm's sbatch on PATH"), "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).isEmpty, "no work folder left: \(folder.contents)")
    }

    @Test func sceneAndBatchOptionsAreNotMixedUp() throws {
        let folder = try TemporaryFolder()
        let scenes = try scenes(folder)
        let scene = scenes + "/short.yaml"
        let out = folder.url.appendingPathComponent("out").path
        let cases: [([String], String)] = [
            (
                [scene, "-o", out + "/s.mp4", "--segments", "2", "--report", "r.json"],
                "--report is for batches (folders, manifests)"
            ),
            ([scenes, "-o", out, "--segments", "2"], "--segments splits one scene file, and \(scenes) is a folder"),
            (
                [scene, scene, "-o", out, "--segments", "2"],
                "--segments splits one scene file; to submit several inputs as a batch"
            ),
            ([scenes + "/nope.yaml", "-o", out + "/n.mp4", "--segments", "2"], "nope.yaml"),
            ([scenes, "-o", out, "--chunk-seconds", "1"], "--chunk-seconds is for one scene split with --segments")
        ]
        for (arguments, message) in cases {
            let result = try ReelProcess.run(["submit"] + arguments, environment: ["PATH": folder.url.path])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test(.enabled(if: getuid() == 0, "slurmd runs jobs as their users: the cluster needs root (CI has it)"))
    func aBatchOnSlurmMatchesALocalBatch() throws {
        let cluster = try SubmitCLITests.Cluster()
        let folder = cluster.folder
        let scenes = try scenes(folder)
        let out = folder.url.appendingPathComponent("farm%j").path
        let environment = cluster.environment.merging(["REEL_TEST_CRASH_SCENE": "crashme"]) { $1 }
        let result = try ReelProcess.run(
            [
                "submit", scenes, "-o", out, "--split-seconds", "5", "--report", out + "/report.json",
                "--junit", out + "/junit.xml", "--wait", "--", "--time=10"
            ], environment: environment)
        #expect(result.status == 1, "a scene is invalid and one crashes: \(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("(an array of 5), merge: job"), "\(result.stdout)")
        #expect(result.stderr.contains("4 jobs: 2 rendered, 1 invalid, 1 failed"), "\(result.stderr)")
        let jobs = try BatchCLITests.jobs(out + "/report.json")
        #expect(jobs["long.yaml"]?.status == "rendered" && jobs["short.yaml"]?.status == "rendered")
        #expect(jobs["crash/crashme.yaml"]?.status == "failed" && jobs["bad.yaml"]?.status == "invalid")
        let junit = try JUnitReader.parse(try String(contentsOfFile: out + "/junit.xml", encoding: .utf8))
        #expect(junit.tests == 4 && junit.failures + junit.errors == 2)

        // The joined long scene is the local render, byte for byte; a local batch finds it up to date.
        let local = folder.url.appendingPathComponent("long-local.mp4").path
        #expect(try ReelProcess.run(["render", scenes + "/long.yaml", "-o", local, "-q"]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: out + "/long.mp4"))
                == Data(contentsOf: URL(fileURLWithPath: local)))
        let again = try ReelProcess.run(["batch", scenes + "/long.yaml", scenes + "/short.yaml", "-o", out, "--dry-run"]
        )
        #expect(again.stdout.contains("0 of 2 jobs would render"), "\(again.stdout)")
    }
}
