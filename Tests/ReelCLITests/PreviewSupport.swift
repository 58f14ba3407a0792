import Foundation
import ReelTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running `reel preview`: the address it printed, and a way to stop it as Ctrl-C does.
final class StudioProcess {
    let running: ReelProcess.Running
    let url: String
    let port: Int

    /// Starts `reel preview ARGS --port 0` and waits (up to 30 s) for the address line.
    init(_ arguments: [String]) throws {
        running = try ReelProcess.start(["preview"] + arguments + ["--port", "0"])
        let line = Self.firstLine(of: running.out.fileHandleForReading, timeout: 30)
        guard let line, line.hasPrefix("http://127.0.0.1:"), line.hasSuffix("/"),
            let port = Int(line.dropFirst("http://127.0.0.1:".count).dropLast())
        else {
            running.process.terminate()
            let rest = running.wait()
            throw ToolError(
                description:
                    "reel preview printed no address (got \(line ?? "nothing")); status \(rest.status)\n\(rest.stderr)")
        }
        url = line
        self.port = port
    }

    /// Reads one line from `handle` on another thread, so a process that prints nothing cannot hang the test.
    private static func firstLine(of handle: FileHandle, timeout: TimeInterval) -> String? {
        final class Box: @unchecked Sendable { var line: String? }
        let box = Box(), done = DispatchSemaphore(value: 0)
        Thread {
            var bytes = Data()
            while true {
                let chunk = handle.readData(ofLength: 1)
                if chunk.isEmpty || chunk == Data("\n".utf8) { break }
                bytes.append(chunk)
            }
            box.line = String(decoding: bytes, as: UTF8.self)
            done.signal()
        }.start()
        return done.wait(timeout: .now() + timeout) == .success ? box.line : nil
    }

    /// Sends `signal` (SIGINT: Ctrl-C) and waits up to `timeout` seconds for the exit; the result,
    /// or nil if it did not exit (it is then killed). A deadline for a hung server, not a speed
    /// check: it normally exits at once.
    func interrupt(_ signal: Int32 = SIGINT, timeout: TimeInterval = 60) -> ReelProcess.Result? {
        guard running.process.isRunning else { return running.wait() }
        kill(running.process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while running.process.isRunning && Date() < deadline { usleep(20_000) }
        if running.process.isRunning {
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.wait()
            return nil
        }
        return running.wait()
    }

    /// `GET path` on the studio: status, body and content type.
    func get(_ path: String, host: String? = nil) throws -> (status: Int, body: Data, type: String) {
        var request = URLRequest(url: URL(string: url + path.dropFirst())!)
        if let host { request.setValue(host, forHTTPHeaderField: "Host") }
        request.timeoutInterval = 30
        final class Box: @unchecked Sendable { var result: (Int, Data, String)?; var error: (any Error)? }
        let box = Box(), done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse {
                box.result = (
                    response.statusCode, data ?? Data(), response.value(forHTTPHeaderField: "Content-Type") ?? ""
                )
            }
            box.error = error
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 35) == .success, let result = box.result else {
            throw ToolError(description: "GET \(path) failed: \(box.error.map { "\($0)" } ?? "timeout")")
        }
        return result
    }

    /// `GET /state` as JSON.
    func state() throws -> [String: Any] {
        let (status, body, _) = try get("/state")
        try #require(status == 200)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
}

enum StudioCheck {
    /// Whether a new server could listen on 127.0.0.1:`port` now.
    static func portIsFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0 && listen(fd, 1) == 0
    }

    /// The largest difference of any channel between two RGBA images of the same size.
    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 255 }
        // A plain loop over the buffers: the tests run unoptimized, and frames are megabytes.
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var worst = 0
                for i in 0..<a.count { worst = max(worst, abs(Int(a[i]) - Int(b[i]))) }
                return worst
            }
        }
    }

    /// `reel still SCENE --at T --scale S` decoded by ffmpeg as RGBA.
    static func still(_ scene: String, at time: Double, scale: Double, width: Int, height: Int) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        let png = folder.url.appendingPathComponent("still.png").path
        let result = try ReelProcess.run(["still", scene, "--at", "\(time)", "--scale", "\(scale)", "-o", png])
        try #require(result.status == 0, "reel still: \(result.stderr)")
        return try #require(try MediaTools.frames(png, width: width, height: height).first)
    }

    /// The error lines `reel validate SCENE` prints.
    static func validateErrors(_ scene: String) throws -> [String] {
        let result = try ReelProcess.run(["validate", scene])
        #expect(result.status == 2)
        return result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
    }
}
