import Foundation
import Testing

@testable import ReelBatch

/// What a worker writes on standard error goes into reports, so only its end is kept, however
/// much it writes, and the report says how much was cut.
@Suite("Worker output")
struct WorkerOutputTests {
    @Test func aChattyWorkersErrorsAreCutToTheirEnd() throws {
        // 1 MB of noise, then the line that says what went wrong.
        let worker = try WorkerProcess(
            executable: "/bin/sh",
            arguments: ["-c", "head -c 1000000 /dev/zero | tr '\\0' x >&2; echo >&2; echo 'error: the last words' >&2"],
            input: Data())
        worker.readLines { _ in true }
        #expect(worker.wait().ending == .exited(0))
        let log = worker.errorOutput
        let cut = 1_000_000 + 1 + "error: the last words\n".utf8.count - WorkerProcess.errorLimit
        #expect(log.hasPrefix("… (\(cut) bytes cut)\n"), "\(log.prefix(40))")
        #expect(log.hasSuffix("xx\nerror: the last words\n"))
        #expect(log.utf8.count < WorkerProcess.errorLimit + 100)
    }

    @Test func aShortLogIsKeptWhole() throws {
        let worker = try WorkerProcess(executable: "/bin/sh", arguments: ["-c", "echo 'one line' >&2"], input: Data())
        worker.readLines { _ in true }
        _ = worker.wait()
        #expect(worker.errorOutput == "one line\n")
    }
}
