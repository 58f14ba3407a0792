import Foundation
import Testing

@testable import ReelCore

/// `InputFile` opens only regular files, and never blocks doing so: what a FIFO, a device or a
/// folder named like a scene would otherwise do to a batch.
@Suite("Input files")
struct InputFileTests {
    /// A fresh folder, removed at the end.
    final class Folder {
        let path = NSTemporaryDirectory() + "reel-input-\(UUID().uuidString)"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws -> String {
            try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
            return path + "/" + name
        }
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Folder()
        let fifo = folder.path + "/scene.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever opens it: a blocking open would never return.
        #expect(InputFile.kind(atPath: fifo) == .special)
        guard case .failure(let error) = InputFile.read(fifo, limit: 100) else {
            Issue.record("a FIFO was read")
            return
        }
        #expect(error.reason.hasPrefix("not a regular file"))
        #expect(!error.tooLarge)
    }

    @Test func foldersDevicesAndMissingFilesAreRefused() throws {
        let folder = try Folder()
        #expect(InputFile.kind(atPath: folder.path) == .folder)
        #expect(InputFile.problem(atPath: folder.path) == "this is a folder, not a file")
        #expect(InputFile.kind(atPath: "/dev/null") == .special)
        guard case .failure = InputFile.open("/dev/null") else {
            Issue.record("/dev/null was opened")
            return
        }
        #expect(InputFile.kind(atPath: folder.path + "/none") == .missing)
        guard case .failure(let missing) = InputFile.read(folder.path + "/none", limit: 10) else {
            Issue.record("a missing file was read")
            return
        }
        #expect(missing.reason == "no such file")
    }

    @Test func aLinkToARegularFileIsFollowed() throws {
        let folder = try Folder()
        let file = try folder.write("real.yaml", "reel: 1\n")
        let link = folder.path + "/link.yaml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(InputFile.kind(atPath: link) == .regular(bytes: 8))
        #expect(try InputFile.read(link, limit: 100).get() == Data("reel: 1\n".utf8))
    }

    @Test func filesOverTheLimitAreRefusedWithoutReading() throws {
        let folder = try Folder()
        let file = try folder.write("big.yaml", String(repeating: "x", count: 101))
        #expect(try InputFile.read(file, limit: 101).get().count == 101)
        guard case .failure(let error) = InputFile.read(file, limit: 100) else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(error.tooLarge)
        // A sparse file of 1 GiB is refused from its size, not read (which would take a while).
        let sparse = folder.path + "/sparse.json"
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        #expect(truncate(sparse, 1 << 30) == 0)
        guard case .failure(let big) = InputFile.read(sparse, limit: 1 << 16) else {
            Issue.record("a sparse file over the limit was read")
            return
        }
        #expect(big.tooLarge)
    }
}
