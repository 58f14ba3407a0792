import Foundation
import Testing

/// A fresh temporary folder, removed when the test ends.
public final class ScratchFolder {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder, with its parent folders created.
    public func file(_ name: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return path
    }

    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let path = try file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// An external program run to completion or until a deadline.
public struct ToolRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether it was killed at the deadline.
    public var timedOut: Bool

    /// The path of `name` on `PATH`, or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `executable ARGS`, killing it after `timeout` seconds (a deadline for a hung child,
    /// not a speed check: callers give it many times the normal run). Its output goes to files,
    /// not pipes, so a chatty program (Chromium logs a lot) can never stall on a full pipe.
    public static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 60) throws -> ToolRun {
        let scratch = try ScratchFolder()
        let outPath = try scratch.file("stdout"), errPath = try scratch.file("stderr")
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                // Its children too: a wrapper such as /usr/bin/time dies of SIGTERM and leaves the
                // program it runs behind, which would go on eating memory after the test.
                let family = [process.processIdentifier] + descendants(of: process.processIdentifier)
                for pid in family { kill(pid, SIGTERM) }
                // A process ignoring SIGTERM gets SIGKILL after a grace period.
                let grace = Date().addingTimeInterval(5)
                while process.isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.05) }
                for pid in family { kill(pid, SIGKILL) }
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus,
            stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
            timedOut: timedOut)
    }

    /// The processes below `pid` (children, theirs, …), from /proc; pids are not reused while a
    /// parent has not reaped its child, so the list is safe to signal right away.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // "PID (NAME) STATE PPID …": the name may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(child) }
        }
        var found: [Int32] = []
        var queue = [pid]
        while let next = queue.popLast() {
            let children = parents[next] ?? []
            found += children
            queue += children
        }
        return found
    }
}
