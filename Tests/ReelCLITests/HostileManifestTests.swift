import Foundation
import ReelTestSupport
import Testing

/// What `reel batch` writes, and what it prints, under hostile manifests, folders and records:
/// outputs named to escape `-o` are refused where the manifest names them, scenes that are not
/// files do not hang the batch, records are read within a bound, names from the inputs reach
/// the terminal escaped, and a reader that goes away does not stop the work.
@Suite(.serialized) struct HostileManifestTests {
    static let scene = """
        reel: 1
        canvas: {size: [64, 36], fps: 10, duration: 0.3, background: "#ffffff"}
        layers:
          - {name: box, frame: [8, 8, 20, 20], backgroundColor: "#3366cc"}

        """

    /// A folder with `in/a.yaml`, an empty `out` and a folder `elsewhere` beside them that no
    /// output may reach.
    static func layout() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["in", "out", "elsewhere"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        _ = try folder.write("in/a.yaml", scene)
        return folder
    }

    /// Every file under `folder`, relative to it, hidden ones included.
    static func files(under folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Runs `reel ARGS` measured, and checks what every hostile run must hold: not hung, under
    /// 600 MB, exit status `status`.
    static func run(
        _ arguments: [String], status: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HostileSceneTests.Measured {
        let run = try HostileSceneTests.measure(arguments)
        #expect(!run.hung, "reel \(arguments) hung", sourceLocation: sourceLocation)
        #expect((run.peakKB ?? 0) < 600_000, "peaked at \(run.peakKB ?? 0) KB", sourceLocation: sourceLocation)
        #expect(run.status == status, "status \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        return run
    }

    // MARK: Writes outside the output folder

    @Test func outputsThatLeaveTheOutputFolderAreLocatedInputErrors() throws {
        let folder = try Self.layout()
        // Two levels down, so that `../../x.mp4` lands in the test's folder (and is seen there).
        let out = folder.url.appendingPathComponent("work/out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("link").path, withDestinationPath: elsewhere.path)
        // JSON, so the names can hold a NUL and an escape sequence.
        let manifest = try folder.write(
            "in/m.json",
            """
            {"reel-batch": 1, "jobs": [
              {"scene": "a.yaml", "output": "../../x.mp4"},
              {"scene": "a.yaml", "output": "\(elsewhere.path)/abs.mp4"},
              {"scene": "a.yaml", "output": "sub/../../up.mp4"},
              {"scene": "a.yaml", "output": "link/through.mp4"},
              {"scene": "a.yaml", "output": "nul\\u0000.mp4"},
              {"scene": "a.yaml", "output": "esc\\u001B[2J.mp4"},
              {"scene": "a.yaml", "output": "c1\\u009B.mp4"}
            ]}
            """)
        for command in [["batch", manifest, "-o", out.path], ["validate", manifest]] {
            let run = try Self.run(command, status: 2)
            var expected = [
                "2:33: error: output '../../x.mp4' is outside the output folder",
                "3:33: error: output '\(elsewhere.path)/abs.mp4' is an absolute path",
                "4:33: error: output 'sub/../../up.mp4' is outside the output folder",
                "6:33: error: output 'nul\\u{0}.mp4' holds the control character \\u{0}",
                "7:33: error: output 'esc\\u{1B}[2J.mp4' holds the control character \\u{1B}",
                "8:33: error: output 'c1\\u{9B}.mp4' holds the control character \\u{9B}"
            ]
            // The link is in -o, so only the batch (not validate, which has no -o) sees through it.
            if command[0] == "batch" {
                expected.append("5:33: error: output 'link/through.mp4' is outside the output folder")
            }
            for message in expected {
                #expect(run.stderr.contains("\(manifest):\(message)"), "\(command[0]): \(run.stderr)")
            }
            #expect(!run.stderr.contains("\u{1B}"), "no raw escape on the terminal")
        }
        #expect(
            Self.files(under: folder.url) == [
                "elsewhere", "in", "in/a.yaml", "in/m.json", "out", "work", "work/out", "work/out/link"
            ],
            "nothing is written, inside -o or out of it")
    }

    @Test func scenesInAFolderAreHeldToTheSamePolicy() throws {
        let folder = try Self.layout()
        let out = folder.url.appendingPathComponent("out")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        // A scene whose name holds an escape sequence, and one whose output folder is a link out of -o.
        _ = try folder.write("in/odd\u{1B}]0;x\u{07}.yaml", Self.scene)
        let card = try folder.write("in/ui-card.yaml", Self.scene)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in/ui"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: card, toPath: folder.url.appendingPathComponent("in/ui/card.yaml").path)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("ui").path, withDestinationPath: elsewhere.path)
        let run = try Self.run(["batch", folder.url.appendingPathComponent("in").path, "-o", out.path], status: 2)
        #expect(
            run.stderr.contains(
                "in/odd\\u{1B}]0;x\\u{7}.yaml: output 'odd\\u{1B}]0;x\\u{7}.mp4' holds the control character \\u{1B}"),
            "\(run.stderr)")
        #expect(run.stderr.contains("in/ui/card.yaml: output 'ui/card.mp4' is outside the output folder"))
        #expect(!run.stderr.contains("\u{1B}"), "no raw escape on the terminal")
        #expect(Self.files(under: out) == ["ui"] && Self.files(under: elsewhere).isEmpty, "nothing is written")
    }

    @Test func twoJobsWritingOneFileAreLocatedAtBoth() throws {
        let folder = try Self.layout()
        let manifest = try folder.write(
            "in/m.yaml",
            "reel-batch: 1\njobs:\n  - scene: a.yaml\n    output: same.mp4\n  - {scene: a.yaml, output: sub/../same.mp4}\n"
        )
        let run = try Self.run(["batch", manifest, "-o", folder.url.appendingPathComponent("out").path], status: 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "\(manifest):5:29: error: output 'sub/../same.mp4' is also written by the job at "
                + "\(manifest):4:13; give the jobs different outputs", "\(run.stderr)")
        #expect(
            lines.contains("\(manifest):4:13: error: output 'same.mp4' is also written by the job at \(manifest):5:29"))
        #expect(Self.files(under: folder.url.appendingPathComponent("out")).isEmpty)
    }

    // MARK: Scenes that are not files

    @Test func aFIFONamedByAManifestIsALocatedError() throws {
        let folder = try Self.layout()
        #expect(mkfifo(folder.url.appendingPathComponent("in/fifo.yaml").path, 0o600) == 0)
        let manifest = try folder.write("in/m.yaml", "reel-batch: 1\njobs:\n  - scene: a.yaml\n  - scene: fifo.yaml\n")
        let out = folder.url.appendingPathComponent("out")
        let run = try Self.run(["batch", manifest, "-o", out.path, "--timeout", "5"], status: 2)
        #expect(
            run.stderr.hasPrefix("\(manifest):4:5: error: scene 'fifo.yaml' is not a regular file"), "\(run.stderr)")
        #expect(Self.files(under: out).isEmpty)
    }

    @Test func aFIFOInAFolderFailsItsJobAndTheOthersRender() throws {
        let folder = try Self.layout()
        #expect(mkfifo(folder.url.appendingPathComponent("in/b.yaml").path, 0o600) == 0)
        let out = folder.url.appendingPathComponent("out")
        let run = try Self.run(
            ["batch", folder.url.appendingPathComponent("in").path, "-o", out.path, "--timeout", "5"], status: 1)
        #expect(run.stderr.contains("b.yaml:1:1: error: not a regular file"), "\(run.stderr)")
        #expect(Self.files(under: out) == [".a.mp4.poster.png", ".a.mp4.reel.json", "a.mp4"])
    }

    // MARK: Records bounded

    @Test func hugeRecordsAreNotReadNorCopiedIntoReports() throws {
        let folder = try Self.layout()
        _ = try folder.write("in/b.yaml", Self.scene)
        let (input, out) = (folder.url.appendingPathComponent("in").path, folder.url.appendingPathComponent("out"))
        _ = try Self.run(["batch", input, "-o", out.path, "--quiet"], status: 0)
        // a's record, still describing its output, carries a 4 MiB "contact sheet"; b's is a
        // 256 MiB sparse file.
        let recordA = out.appendingPathComponent(".a.mp4.reel.json")
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: recordA)) as? [String: Any])
        record["sheet"] = String(repeating: "A", count: 4 << 20)
        try JSONSerialization.data(withJSONObject: record).write(to: recordA)
        let recordB = out.appendingPathComponent(".b.mp4.reel.json").path
        #expect(truncate(recordB, 256 << 20) == 0)
        let html = folder.url.appendingPathComponent("report.html")
        _ = try Self.run(
            ["batch", input, "-o", out.path, "--quiet", "--baseline", out.path, "--html", html.path], status: 0)
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: html.path)[.size] as? Int)
        #expect(bytes < 1 << 20, "the HTML report is \(bytes) bytes")
        // Both were rendered again, and given records of normal size.
        for name in [".a.mp4.reel.json", ".b.mp4.reel.json"] {
            let size = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size]
            #expect(((size as? Int) ?? .max) < 1 << 20, "\(name): \(size ?? "none")")
        }
    }

    // MARK: Names printed escaped

    /// Clear screen, set title, OSC 52 clipboard write, and CSI as one C1 character.
    static let escapes = "\\u001B[2J\\u001B]0;title\\u0007\\u001B]52;c;aGk=\\u0007\\u009B2J"

    @Test func namesFromTheSceneReachTheTerminalEscaped() throws {
        let folder = try TemporaryFolder()
        let name = "box\(Self.escapes)", key = "k\(Self.escapes)"
        let body = """
            reel: 1
            canvas: {size: [64, 36], fps: 10, duration: 0.3}
            layers:
              - {name: "\(name)", frame: [8, 8, 20, 20], backgroundColor: red}
            timeline:
              - at: 0
                add: {layer: "\(name)", key: "\(key)", animation: {keyPath: opacity, toValue: 0, duration: 0.2}}

            """
        let good = try folder.write("good.yaml", body)
        let bad = try folder.write(
            "bad.yaml",
            body + "  - on: {layer: \"\(name)\", key: \"nope\(Self.escapes)\", event: didStop}\n    set: {}\n")
        let raw = "box\u{1B}[2J\u{1B}]0;title\u{07}\u{1B}]52;c;aGk=\u{07}\u{9B}2J"
        let svg = folder.url.appendingPathComponent("x.svg").path
        let runs: [[String]] = [
            ["validate", bad], ["validate", good], ["inspect", good, "--at", "0.1"], ["inspect", good, "--events"],
            ["inspect", good, "--at", "0.1", "--layer", raw],
            ["plot", good, "--layer", raw, "--key", "opacity", "-o", svg],
            ["plot", good, "--layer", raw + "x", "--key", "opacity", "-o", svg],
            ["plot", bad, "--layer", raw, "--key", "opacity", "-o", svg],
            ["timing", bad, "-o", svg]
        ]
        for arguments in runs {
            let run = try ReelProcess.run(arguments)
            let all = run.stdout + run.stderr
            #expect(
                !all.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" },
                "\(arguments[0]) printed raw controls: \(all)")
            // What inspect prints is JSON, and stays valid JSON.
            if arguments[0] == "inspect", !arguments.contains("--events") {
                #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(run.stdout)")
            }
        }
        let invalid = try ReelProcess.run(["validate", bad])
        #expect(
            invalid.stderr.contains("layer 'box\\u{1B}[2J\\u{1B}]0;title\\u{7}\\u{1B}]52;c;aGk=\\u{7}\\u{9B}2J'"),
            "\(invalid.stderr)")
    }

    // MARK: stderr closed

    @Test func aBatchWhoseReaderGoesAwayFinishesItsWork() throws {
        let folder = try Self.layout()
        let names = ["a", "b", "c", "d", "e", "f"]
        for name in names.dropFirst() { _ = try folder.write("in/\(name).yaml", Self.scene) }
        let out = folder.url.appendingPathComponent("out").path
        let status = folder.url.appendingPathComponent("status").path
        // head reads one byte and goes: every later line reel writes meets a closed pipe. reel's
        // own status is kept in a file (the pipeline's is head's).
        let script =
            "'\(ReelProcess.binary.path)' batch '\(folder.url.path)/in' -o '\(out)' 2>&1 | head -c 1 >/dev/null; "
            + "echo ${PIPESTATUS[0]} > '\(status)'"
        let run = try ToolRun.run("/bin/bash", ["-c", script], timeout: HostileSceneTests.deadline)
        #expect(!run.timedOut)
        let code = try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code == "0", "reel ended with \(code) (over 128: a signal or a trap)")
        for name in names {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(name).mp4"), "\(name).mp4 was rendered")
        }
    }
}
