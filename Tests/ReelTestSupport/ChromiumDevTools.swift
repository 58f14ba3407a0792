import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol, for pages that live: a test loads a
/// page, evaluates script in it, waits for what it shows and reads its console.
///
/// The protocol runs over `--remote-debugging-pipe` (file descriptors 3 and 4, one JSON message
/// per NUL-terminated chunk) rather than a WebSocket: the same protocol, with nothing to
/// download and no port to find.
public final class ChromiumDevTools: @unchecked Sendable {
    /// A console message or uncaught exception the page produced.
    public struct ConsoleEntry: CustomStringConvertible, Sendable {
        /// `error`, `warning`, `log`, `info`, `debug`… (exceptions are `error`).
        public var level: String
        public var text: String
        public var description: String { "[\(level)] \(text)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: ScratchFolder
    private let lock = NSCondition()
    private var nextID = 0
    private var replies: [Int: [String: Any]] = [:]
    private var closed = false
    private var console: [ConsoleEntry] = []
    /// The page's session (flat mode: its id goes with each command).
    private var session: String?

    /// Starts headless Chromium with a fresh profile and opens a blank page of `width`×`height`
    /// CSS pixels. Throws when Chromium is missing: CI installs it (tools/setup --deps).
    public init(width: Int = 1280, height: Int = 800) throws {
        guard let chromium = ToolRun.find("chromium") ?? ToolRun.find("chromium-browser") else {
            throw Failure("chromium is not installed; run tools/setup --deps")
        }
        profile = try ScratchFolder()
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure("pipe failed") }
        // Only the ends dup'ed to 3 and 4 reach Chromium.
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let log = try profile.file("chromium.log")
        let arguments = [
            chromium, "--headless", "--no-sandbox",  // the sandbox cannot start as root (CI containers)
            "--disable-gpu", "--disable-dev-shm-usage", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.path)/profile", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-extensions", "--mute-audio", "--hide-scrollbars",
            "--window-size=\(width),\(height)", "about:blank"
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Chromium reads commands on fd 3 and writes replies and events on fd 4.
        posix_spawn_file_actions_adddup2(&actions, input[0], 3)
        posix_spawn_file_actions_adddup2(&actions, output[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, chromium, &actions, nil, &argv, environ)
        closeDescriptor(input[0])
        closeDescriptor(output[1])
        guard status == 0 else {
            closeDescriptor(input[1])
            closeDescriptor(output[0])
            throw Failure("cannot start \(chromium): \(String(cString: strerror(status)))")
        }
        pid = child
        toBrowser = input[1]
        fromBrowser = output[0]
        // The reader holds the browser object until the browser has gone (close()).
        let reader = Thread { self.readLoop() }
        reader.start()

        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure("no target: \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        lock.withLock { session = attached["sessionId"] as? String }
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] { _ = try send(domain, [:]) }
        _ = try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// Closes the browser and waits for it to exit (killing it after 5 s).
    public func close() {
        let wasClosed = lock.withLock { () -> Bool in
            defer { closed = true }
            return closed
        }
        if wasClosed { return }
        lock.withLock { session = nil }
        _ = try? send("Browser.close", [:], timeout: 5, ignoringClosed: true)
        let deadline = Date().addingTimeInterval(5)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        closeDescriptor(toBrowser)
    }

    /// Chromium's own log (stderr), for failure messages.
    public var log: String {
        (try? String(contentsOfFile: profile.url.appendingPathComponent("chromium.log").path, encoding: .utf8)) ?? ""
    }

    /// Console messages and exceptions so far.
    public var consoleEntries: [ConsoleEntry] { lock.withLock { console } }

    /// Sends a command (to the page once one is open) and waits for its result.
    @discardableResult
    public func send(_ method: String, _ params: [String: Any], timeout: TimeInterval = 30) throws -> [String: Any] {
        try send(method, params, timeout: timeout, ignoringClosed: false)
    }

    private func send(_ method: String, _ params: [String: Any], timeout: TimeInterval, ignoringClosed: Bool) throws
        -> [String: Any]
    {
        let (id, session) = lock.withLock { () -> (Int, String?) in
            nextID += 1
            return (nextID, self.session)
        }
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session, !method.hasPrefix("Target.") && !method.hasPrefix("Browser.") { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = write(toBrowser, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        guard written else { throw Failure("cannot write to chromium (\(method))\n\(log)") }
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while replies[id] == nil {
            if !lock.wait(until: deadline) { throw Failure("\(method): no reply within \(timeout) s\n\(log)") }
        }
        let reply = replies.removeValue(forKey: id)!
        if let error = reply["error"] { throw Failure("\(method): \(error)") }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// Evaluates `expression` in the page (awaiting a promise) and returns its value as JSON
    /// types; a thrown exception fails.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let text = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? "\(exception)"
            throw Failure("script failed: \(text)\n  in: \(expression.prefix(200))")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Polls `condition` (a script expression) every 50 ms until it is true. The deadline only
    /// ends a wait that would never end; on a loaded machine a page can take many seconds.
    public func waitFor(_ condition: String, timeout: TimeInterval = 60, _ what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate("!!(\(condition))") as? Bool == true { return }
            usleep(50_000)
        }
        throw Failure("timed out after \(timeout) s waiting for \(what) (\(condition))")
    }

    /// Loads `url` and waits for its load event.
    public func navigate(_ url: String) throws {
        _ = try send("Page.navigate", ["url": url])
        try waitFor("document.readyState === 'complete'", "the page to load")
    }

    /// A PNG of the page as shown.
    public func screenshot() throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png"])
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure("no screenshot")
        }
        return data
    }

    private func readLoop() {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fromBrowser, &buffer, buffer.count)
            if n <= 0 { break }
            pending.append(contentsOf: buffer[0..<n])
            while let end = pending.firstIndex(of: 0) {
                let chunk = pending[pending.startIndex..<end]
                pending = Data(pending[(end + 1)...])
                if let message = (try? JSONSerialization.jsonObject(with: chunk)) as? [String: Any] { handle(message) }
            }
        }
        closeDescriptor(fromBrowser)
        lock.withLock {
            // Wake every waiter: the browser is gone.
            closed = true
            lock.broadcast()
        }
    }

    private func handle(_ message: [String: Any]) {
        lock.lock()
        defer { lock.unlock() }
        if let id = message["id"] as? Int {
            replies[id] = message
            lock.broadcast()
            return
        }
        let params = message["params"] as? [String: Any] ?? [:]
        switch message["method"] as? String {
        case "Runtime.consoleAPICalled":
            let args = (params["args"] as? [[String: Any]] ?? []).map {
                ($0["value"].map { "\($0)" } ?? $0["description"] as? String) ?? "?"
            }
            console.append(ConsoleEntry(level: params["type"] as? String ?? "log", text: args.joined(separator: " ")))
        case "Runtime.exceptionThrown":
            let details = params["exceptionDetails"] as? [String: Any] ?? [:]
            let text =
                ((details["exception"] as? [String: Any])?["description"] as? String) ?? details["text"] as? String
                ?? "exception"
            console.append(ConsoleEntry(level: "error", text: text))
        case "Log.entryAdded":
            let entry = params["entry"] as? [String: Any] ?? [:]
            console.append(
                ConsoleEntry(
                    level: entry["level"] as? String ?? "info",
                    text: "\(entry["text"] as? String ?? "") \(entry["url"] as? String ?? "")"))
        default:
            break
        }
    }
}

private func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(fd)
    #else
        _ = Darwin.close(fd)
    #endif
}
