import CReelSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A worker process: started in a process group of its own (so a timeout or an interrupt reaches it
/// and nothing else), fed jobs on standard input one a line; its standard output is read line by
/// line, its standard error kept (the last 16 KiB) for the report.
final class WorkerProcess: @unchecked Sendable {
    /// How a worker ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    private static let spawnLock = NSLock()
    private var stdoutFD: Int32
    private let stderrFD: Int32
    /// Its standard input while more jobs may follow (-1 once closed).
    private var stdinFD: Int32
    /// Output read past the last line handed out.
    private var pending = Data()
    private let lock = NSLock()
    private var errorTail = Data()
    /// How many bytes of standard error were dropped to keep `errorTail` bounded.
    private var errorCut = 0
    private let errorReader = DispatchGroup()

    /// Starts `executable` with `arguments` and writes `input` to its standard input, which stays
    /// open for more jobs (`send`) when `keepInputOpen`.
    init(
        executable: String, arguments: [String], input: Data, keepInputOpen: Bool = false,
        environment: [String: String]? = nil
    ) throws {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        // Pipes are made close-on-exec and workers started one at a time, so a worker started by
        // another thread never inherits this one's pipes (it would hold this worker's output
        // open, and its reader would never see the end).
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw WorkerError("cannot create pipes for a worker: \(String(cString: strerror(errno)))")
        }
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group: killing the group reaches the worker and anything it started.
        // Default signal dispositions: the parent's handlers and ignored signals do not carry over.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, env)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard status == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            throw WorkerError("cannot start a worker (\(executable)): \(String(cString: strerror(status)))")
        }
        pid = child
        // A parent ended by its watchdog (a second signal, or a stop that took too long) kills it.
        reel_register_child(child)
        stdoutFD = outPipe[0]
        stderrFD = errPipe[0]
        stdinFD = inPipe[1]
        send(input)
        if !keepInputOpen { finishInput() }
        errorReader.enter()
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(stderrFD, &buffer, buffer.count)
                if n <= 0 { break }
                lock.withLock {
                    errorTail.append(contentsOf: buffer[0..<n])
                    if errorTail.count > Self.errorLimit {
                        errorCut += errorTail.count - Self.errorLimit
                        errorTail = errorTail.suffix(Self.errorLimit)
                    }
                }
            }
            close(stderrFD)
            errorReader.leave()
        }
    }

    /// Writes `data` (a job, ending in a newline) to the worker's standard input. Requests are small
    /// (well under a pipe's buffer), but written fully anyway; a worker that died makes this fail
    /// with EPIPE, which the parent ignores (SIGPIPE is ignored): reading its output then tells.
    func send(_ data: Data) {
        guard stdinFD >= 0 else { return }
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(stdinFD, raw.baseAddress! + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// Closes the worker's standard input: it ends after the job it is on.
    func finishInput() {
        guard stdinFD >= 0 else { return }
        close(stdinFD)
        stdinFD = -1
    }

    /// Calls `line` for each line the worker writes on standard output, until `line` returns false
    /// (true comes back: the worker may go on) or the worker closes its output (false).
    @discardableResult
    func readLines(_ line: (String) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                let text = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                if !line(text) { return true }
            }
            let n = read(stdoutFD, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            pending.append(contentsOf: buffer[0..<n])
            // A line longer than any message a worker sends is not one of ours: drop it.
            if pending.count > 16 << 20 { pending.removeAll() }
        }
        closeOutput()
        return false
    }

    private func closeOutput() {
        guard stdoutFD >= 0 else { return }
        close(stdoutFD)
        stdoutFD = -1
    }

    /// Waits for the worker to end (after its output is closed): how it ended and its peak
    /// resident memory in bytes.
    func wait() -> (ending: Ending, peakMemory: Int) {
        finishInput()
        // Nothing more is read: a worker between jobs has written all it will.
        closeOutput()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        reel_unregister_child(pid)
        errorReader.wait()
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros: decode the status word by hand.
        let signal = status & 0x7F
        return (signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal), Int(usage.ru_maxrss) * 1024)
    }

    /// Sends `signal` to the worker's process group.
    func kill(_ signal: Int32) {
        _ = Glibc.kill(-pid, signal)
    }

    /// The most of a worker's standard error kept for reports: its end, where the error is.
    static let errorLimit = 16384

    /// Forgets what the worker wrote on standard error so far: a new job's log starts here.
    func clearErrorOutput() {
        lock.withLock {
            errorTail.removeAll()
            errorCut = 0
        }
    }

    /// The end of what the worker wrote on standard error, saying how much was cut before it.
    var errorOutput: String {
        lock.withLock {
            let tail = String(decoding: errorTail, as: UTF8.self)
            return errorCut > 0 ? "… (\(errorCut) bytes cut)\n" + tail : tail
        }
    }
}

struct WorkerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
