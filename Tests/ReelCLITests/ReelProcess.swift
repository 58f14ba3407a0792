import Foundation
import ReelTestSupport
import Testing

/// Runs the built `reel` binary the way a user does, capturing its output and exit status.
struct ReelProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `reel` executable next to the test bundle (or $REEL_BINARY).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["REEL_BINARY"] { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // Inside an .xctest bundle on some platforms the executable is nested deeper.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("reel")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("reel")
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `reel ARGS` in `directory`, waiting for it to end.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        let process = try start(arguments, in: directory, environment: environment)
        return process.wait()
    }

    /// Writes `scene` as scene.yaml in `folder` and renders it quietly to `output` there, which
    /// must succeed and print nothing; the output's path.
    static func render(_ scene: String, _ output: String, _ options: [String] = [], in folder: TemporaryFolder) throws
        -> String
    {
        let path = try folder.write("scene.yaml", scene)
        let out = folder.url.appendingPathComponent(output).path
        let result = try run(["render", path, "-o", out, "--quiet"] + options)
        try #require(result.status == 0, "reel render -o \(output) \(options): \(result.stderr)")
        #expect(result.stderr.isEmpty, "--quiet prints nothing: \(result.stderr)")
        return out
    }

    /// Starts `reel ARGS` without waiting.
    static func start(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Running
    {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Running(process: process, out: out, err: err)
    }

    final class Running {
        let process: Process
        let out: Pipe
        let err: Pipe
        init(process: Process, out: Pipe, err: Pipe) { self.process = process; self.out = out; self.err = err }

        func wait() -> Result {
            // Read before waiting so a chatty process cannot block on a full pipe.
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }
}

/// A fresh temporary folder, removed when the test ends.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? [] }
}
