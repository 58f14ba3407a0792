import Foundation
import ReelTestSupport
import Testing

/// SIGTERM, whatever `reel` is doing: blocked reading a pipe that never ends, blocked writing
/// to one nobody reads, waiting on a FIFO, or mid-render (alone or as a batch of workers). It
/// exits with 143 (128 + SIGTERM) at most 2 s after the signal, leaving no temporaries and no
/// worker processes. The 2 s are the issue's acceptance bound for unattended jobs, not a speed
/// claim: a stop normally takes milliseconds, and one that blocks is ended by the watchdog at 1 s.
@Suite("Hostile signals")
struct HostileSignalTests {
    /// The acceptance bound after the signal.
    static let bound: TimeInterval = 2

    /// A started `reel` whose standard input and output are pipes the test holds open and never
    /// reads or writes, and whose standard error goes to a file.
    final class Started {
        let process = Process()
        let input = Pipe(), output = Pipe()
        let errors: URL

        init(_ arguments: [String], in folder: TemporaryFolder) throws {
            errors = folder.url.appendingPathComponent("stderr.txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.executableURL = ReelProcess.binary
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        }

        var pid: pid_t { process.processIdentifier }

        /// Sends SIGTERM and waits for the exit, killing it at `deadline` (a hang): the exit
        /// status (nil: killed by a signal, or hung) and the seconds it took.
        func terminate(deadline: TimeInterval = 30) -> (status: Int32?, seconds: Double, hung: Bool) {
            let sent = Date()
            kill(pid, SIGTERM)
            while process.isRunning && Date().timeIntervalSince(sent) < deadline { usleep(10_000) }
            let seconds = Date().timeIntervalSince(sent)
            if process.isRunning {
                kill(pid, SIGKILL)
                process.waitUntilExit()
                return (nil, seconds, true)
            }
            process.waitUntilExit()
            return (process.terminationReason == .exit ? process.terminationStatus : nil, seconds, false)
        }

        var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
    }

    /// Polls `condition` every 20 ms for up to 60 s (a deadline for a test that went wrong).
    static func waitFor(_ condition: () -> Bool) -> Bool {
        let start = Date()
        while !condition() {
            if Date().timeIntervalSince(start) > 60 { return false }
            usleep(20_000)
        }
        return true
    }

    /// The processes whose parent is `pid` (from /proc).
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid
        }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        // A zombie no one has reaped yet has ended.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !stat.contains(") Z ")
    }

    static func temporaries(in folder: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return all.filter { $0.contains(".reel-tmp-") }
    }

    /// Checks a terminated run: 143 within the bound (or, where `mayFinish`, finished before the
    /// signal with 0, 1 or 2), no temporaries under `folder`.
    static func expectObeyed(
        _ ended: (status: Int32?, seconds: Double, hung: Bool), _ started: Started, folder: URL,
        mayFinish: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!ended.hung, "SIGTERM ignored: killed after \(Int(ended.seconds)) s", sourceLocation: sourceLocation)
        let finished = mayFinish && ended.status.map { [0, 1, 2].contains($0) } == true
        if !finished {
            let status = ended.status.map(String.init) ?? "none (killed by a signal)"
            #expect(ended.status == 143, "exit status \(status), \(started.stderr)", sourceLocation: sourceLocation)
            #expect(
                ended.seconds < bound, "exited \(String(format: "%.2f", ended.seconds)) s after SIGTERM",
                sourceLocation: sourceLocation)
        }
        #expect(temporaries(in: folder).isEmpty, "left \(temporaries(in: folder))", sourceLocation: sourceLocation)
    }

    static let header = "reel: 1\ncanvas: { size: [320, 240], fps: 30, duration: 600, background: black }\n"
    static let longScene =
        header
        + "layers:\n  - { name: a, class: shape, path: \"M0 0 L320 240\", strokeColor: white, lineWidth: 9 }\n"

    @Test func blockedReadingAPipeThatNeverEnds() throws {
        let folder = try TemporaryFolder()
        let started = try Started(["validate", "/dev/stdin"], in: folder)
        try started.input.fileHandleForWriting.write(contentsOf: Data(Self.header.utf8))
        usleep(500_000)
        Self.expectObeyed(started.terminate(), started, folder: folder.url, mayFinish: true)
    }

    @Test func blockedWritingToAPipeNobodyReads() throws {
        let folder = try TemporaryFolder()
        // Enough layers that inspect's report fills the pipe (64 KiB) and the write blocks.
        let layers = (0..<2000).map { "  - { name: layer\($0), frame: [0, 0, 9, 9], backgroundColor: red }" }
        let scene = try folder.write("many.yaml", Self.header + "layers:\n" + layers.joined(separator: "\n") + "\n")
        let started = try Started(["inspect", scene, "--at", "0"], in: folder)
        usleep(1_500_000)
        Self.expectObeyed(started.terminate(), started, folder: folder.url)
    }

    @Test func midRender() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", Self.longScene)
        let started = try Started(
            ["render", scene, "-o", folder.url.appendingPathComponent("out.mp4").path], in: folder)
        try #require(Self.waitFor { !Self.temporaries(in: folder.url).isEmpty }, "the render started")
        Self.expectObeyed(started.terminate(), started, folder: folder.url)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.mp4").path))
    }

    @Test func midRenderOfAPNGSequence() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", Self.longScene)
        let started = try Started(
            ["render", scene, "-o", folder.url.appendingPathComponent("f-%04d.png").path], in: folder)
        try #require(Self.waitFor { Self.temporaries(in: folder.url).count > 2 }, "the render started")
        Self.expectObeyed(started.terminate(), started, folder: folder.url)
        #expect(!folder.contents.contains { $0.hasSuffix(".png") })
    }

    /// The forced exit (a second signal) cannot stop in order, yet removes a PNG sequence's
    /// temporary folder and the frames in it.
    @Test func aSecondSignalStillRemovesASequencesFolder() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("long.yaml", Self.longScene)
        // Two signals close together may merge into one (the scheduler's choice): try until
        // one run is ended by the second.
        var forced = 0
        for _ in 0..<5 where forced == 0 {
            let started = try Started(
                ["render", scene, "-o", folder.url.appendingPathComponent("f-%04d.png").path], in: folder)
            try #require(Self.waitFor { Self.temporaries(in: folder.url).count > 2 }, "the render started")
            kill(started.pid, SIGINT)
            usleep(300)
            let ended = started.terminate()
            #expect(ended.status == 128 + SIGINT, "\(started.stderr)")
            // The orderly stop says "interrupted"; the forced exit says nothing.
            if !started.stderr.contains("interrupted") { forced += 1 }
            #expect(Self.temporaries(in: folder.url).isEmpty, "left \(Self.temporaries(in: folder.url))")
        }
        #expect(forced == 1, "no run was ended by the second signal; the test proved nothing")
    }

    @Test func batchMidRenderWithWorkers() throws {
        let folder = try TemporaryFolder()
        let scenes = folder.url.appendingPathComponent("scenes"), out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try Self.longScene.write(
                to: scenes.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let started = try Started(["batch", scenes.path, "-o", out.path, "--jobs", "2", "--quiet"], in: folder)
        try #require(Self.waitFor { Self.temporaries(in: out).count >= 2 }, "both workers are rendering")
        let workers = Self.children(of: started.pid)
        #expect(workers.count == 2)
        Self.expectObeyed(started.terminate(), started, folder: folder.url)
        #expect(Self.waitFor { !workers.contains(where: Self.isAlive) }, "workers left running: \(workers)")
        #expect(workers.filter(Self.isAlive).isEmpty, "no worker is left running")
    }

    @Test func batchWithAFIFOInTheBaseline() throws {
        let folder = try TemporaryFolder()
        let scenes = folder.url.appendingPathComponent("scenes"), out = folder.url.appendingPathComponent("out")
        let baseline = folder.url.appendingPathComponent("baseline")
        for dir in [scenes, baseline] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try "reel: 1\ncanvas: { size: [64, 48], fps: 10, duration: 0.2, background: black }\nlayers: []\n".write(
            to: scenes.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        #expect(mkfifo(baseline.appendingPathComponent("a.mp4").path, 0o600) == 0)
        let started = try Started(
            ["batch", scenes.path, "-o", out.path, "--baseline", baseline.path, "--quiet"], in: folder)
        // Rendered (or refused) by now; a batch still running is waiting on the FIFO.
        _ = Self.waitFor { FileManager.default.fileExists(atPath: out.appendingPathComponent("a.mp4").path) }
        usleep(500_000)
        Self.expectObeyed(started.terminate(), started, folder: folder.url, mayFinish: true)
    }
}
