import Foundation
import ReelTestSupport
import Testing

/// The hostile corpus (Tests/Hostile, plus inputs too large to commit, made here): every scene
/// is refused by `reel validate` and `reel render` alike with exit status 2 and a located
/// message that says the limit, or renders; each under 300 MB, and leaving nothing in the
/// output folder when refused. That the work is bounded is tested where it is counted (the
/// decoder's limits, the renderer's budgets); here a run that hangs is killed and fails.
@Suite("Hostile scenes")
struct HostileSceneTests {
    /// What a corpus file expects, from its first line: `# hostile: error LINE:COL MESSAGE…` or
    /// `# hostile: renders`.
    enum Expectation: Sendable {
        case error(location: String, message: String)
        case renders
    }

    static let corpus = ReelProcess.repository.appendingPathComponent("Tests/Hostile")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".yaml") }
            .sorted()
    }

    static func expectation(of text: String) -> Expectation? {
        guard let first = text.split(separator: "\n").first, first.hasPrefix("# hostile: ") else { return nil }
        let words = first.dropFirst("# hostile: ".count).split(separator: " ", maxSplits: 2).map(String.init)
        if words.first == "renders" { return .renders }
        guard words.count == 3, words[0] == "error" else { return nil }
        return .error(location: words[1], message: words[2])
    }

    /// A run of `reel` with, where /usr/bin/time exists, its peak memory.
    struct Measured {
        var status: Int32
        var stderr: String
        var peakKB: Int?
        /// Whether it was killed at the deadline.
        var hung: Bool
    }

    /// A deadline that kills a hung child, not a speed check: each run normally takes well under
    /// a second; speed is measured by the benchmarks.
    static let deadline: TimeInterval = 120

    static func measure(_ arguments: [String]) throws -> Measured {
        let timer = "/usr/bin/time"
        let timed = FileManager.default.isExecutableFile(atPath: timer)
        let run = try ToolRun.run(
            timed ? timer : ReelProcess.binary.path,
            timed ? ["-f", "reel-peak-kb=%M %e", ReelProcess.binary.path] + arguments : arguments, timeout: deadline)
        var lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var peak: Int?
        var seconds: String?
        if timed, let i = lines.lastIndex(where: { $0.hasPrefix("reel-peak-kb=") }) {
            let fields = lines[i].dropFirst("reel-peak-kb=".count).split(separator: " ")
            peak = fields.first.flatMap { Int($0) }
            seconds = fields.dropFirst().first.map(String.init)
            lines.remove(at: i)
            // /usr/bin/time also reports a non-zero status on its own line.
            lines.removeAll { $0.hasPrefix("Command exited with non-zero status") }
        }
        // REEL_HOSTILE_LOG=FILE keeps a line per run (status, seconds, peak, arguments): the figures
        // for a report on the corpus, which the tests themselves bound only by their deadline.
        if let log = ProcessInfo.processInfo.environment["REEL_HOSTILE_LOG"] {
            if !FileManager.default.fileExists(atPath: log) {
                _ = FileManager.default.createFile(atPath: log, contents: nil)
            }
            if let handle = FileHandle(forWritingAtPath: log) {
                handle.seekToEndOfFile()
                let line = "\(run.status)\t\(seconds ?? "?")\t\(peak ?? 0)\t\(arguments.joined(separator: " "))\n"
                handle.write(Data(line.utf8))
                try? handle.close()
            }
        }
        return Measured(
            status: run.status, stderr: lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
            peakKB: peak, hung: run.timedOut)
    }

    /// Validates and renders `scene` (with `options`) into an empty folder and checks `expected`.
    static func check(
        _ scene: String, _ expected: Expectation, options: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let output = try TemporaryFolder()
        let validated = try measure(["validate", scene] + options)
        let rendered = try measure(
            ["render", scene, "-o", output.url.appendingPathComponent("out.mp4").path, "--quiet"] + options)
        for (command, run) in [("validate", validated), ("render", rendered)] {
            #expect(!run.hung, "\(command) hung: killed after \(Int(deadline)) s", sourceLocation: sourceLocation)
            #expect(
                (run.peakKB ?? 0) < 300_000, "\(command) peaked at \(run.peakKB ?? 0) KB",
                sourceLocation: sourceLocation)
            switch expected {
            case .error(let location, let message):
                #expect(
                    run.status == 2, "\(command): status \(run.status), \(run.stderr)", sourceLocation: sourceLocation)
                #expect(
                    run.stderr.hasPrefix("\(scene):\(location): error: \(message)"), "\(command): \(run.stderr)",
                    sourceLocation: sourceLocation)
            case .renders:
                #expect(
                    run.status == 0, "\(command): status \(run.status), \(run.stderr)", sourceLocation: sourceLocation)
            }
        }
        if case .error = expected {
            #expect(
                validated.stderr == rendered.stderr, "validate and render enforce the same",
                sourceLocation: sourceLocation)
            #expect(
                output.contents.isEmpty, "nothing is left in the output folder: \(output.contents)",
                sourceLocation: sourceLocation)
        } else {
            #expect(output.contents == ["out.mp4"], sourceLocation: sourceLocation)
        }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files.count >= 20)
    }

    @Test(arguments: files)
    func corpusScene(_ name: String) throws {
        let path = Self.corpus.appendingPathComponent(name).path
        let expected = try #require(
            Self.expectation(of: String(contentsOfFile: path, encoding: .utf8)), "\(name) has no '# hostile:' line")
        try Self.check(path, expected)
    }

    // MARK: Inputs made at test time (too large, or not files git can hold)

    static let header = "reel: 1\ncanvas: { size: [64, 48], fps: 10, duration: 0.2, background: black }\n"

    @Test func layersNestedToTheCeilingRender() throws {
        var layer =
            "{ name: l0, class: shape, frame: [0, 0, 9, 9], path: \"M0 0 L9 9\", strokeColor: white, shadowOpacity: 1 }"
        for i in 1..<400 { layer = "{ name: l\(i), frame: [0.01, 0, 20, 20], opacity: 0.999, sublayers: [\(layer)] }" }
        let folder = try TemporaryFolder()
        let scene = try folder.write("deep.yaml", Self.header + "layers: [\(layer)]\n")
        try Self.check(scene, .renders, options: ["--max-depth", "400"])
    }

    @Test func textBeyondItsLimits() throws {
        let folder = try TemporaryFolder()
        let long = try folder.write(
            "long.yaml",
            Self.header + "layers:\n  - { class: text, string: \"\(String(repeating: "ab ", count: 15_000))\" }\n")
        try Self.check(
            long, .error(location: "4:28", message: "string has 45000 characters; a text may have at most 20000"))
        let marks = try folder.write(
            "marks.yaml",
            Self.header
                + "layers:\n  - { class: text, string: \"a\(String(repeating: "\u{301}", count: 1_000_000))\" }\n")
        try Self.check(marks, .error(location: "4:28", message: "string has 1000001 characters"))
        let cluster = try folder.write(
            "cluster.yaml",
            Self.header + "layers:\n  - { class: text, string: \"a\(String(repeating: "\u{301}", count: 5_000))\" }\n")
        try Self.check(cluster, .error(location: "4:28", message: "string: character 1 carries 5000 combining marks"))
    }

    @Test func pathsWithTooManyPoints() throws {
        let folder = try TemporaryFolder()
        var generator = SystemRandomNumberGenerator()
        let points = (0..<100_000).map { _ in
            "L\(Int.random(in: 0...64, using: &generator)) \(Int.random(in: 0...48, using: &generator))"
        }
        let scene = try folder.write(
            "path.yaml",
            Self.header
                + "layers:\n  - { class: shape, path: \"M0 0 \(points.joined(separator: " "))\", strokeColor: red }\n")
        try Self.check(scene, .error(location: "4:27", message: "path: the path has more than 10000 elements"))
    }

    /// A scene in `folder` showing `contents`.
    func imageScene(_ contents: String, in folder: TemporaryFolder) throws -> String {
        try folder.write(
            "image.yaml", Self.header + "layers:\n  - { frame: [0, 0, 64, 48], contents: \"\(contents)\" }\n")
    }

    @Test func imagesOverBudgetNotFilesOrElsewhere() throws {
        let folder = try TemporaryFolder()
        // A PNG header claiming 12000 × 12000 (576 MB decoded); refused before decoding.
        var png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 0x2E, 0xE0, 0, 0, 0x2E, 0xE0
            ]
        png += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: folder.url.appendingPathComponent("big.png"))
        try Self.check(
            try imageScene("big.png", in: folder),
            .error(
                location: "4:40",
                message: "image 'big.png' is 12000×12000 pixels; an image may have at most 40000000 pixels"))
        #expect(mkfifo(folder.url.appendingPathComponent("fifo.png").path, 0o600) == 0)
        try Self.check(
            try imageScene("fifo.png", in: folder),
            .error(location: "4:40", message: "image 'fifo.png' is not a regular file"))
        try "ffconcat version 1.0\nfile 'big.png'\n".write(
            to: folder.url.appendingPathComponent("list.png"), atomically: true, encoding: .utf8)
        try Self.check(
            try imageScene("list.png", in: folder),
            .error(location: "4:40", message: "cannot load image 'list.png': the file is not a readable PNG image"))
        try Self.check(
            try imageScene("../elsewhere.png", in: folder),
            .error(location: "4:40", message: "image '../elsewhere.png' is outside the scene's folder"))
        try Self.check(
            try imageScene("nope.png", in: folder),
            .error(location: "4:40", message: "image 'nope.png' is missing or cannot be read"))
    }
}
