import Foundation
import ReelEncode
import Testing

@Suite("Atomic output files")
struct AtomicOutputTests {
    @Test("the temporary file is hidden, in the same folder, and keeps the extension")
    func temporaryName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try AtomicOutput(finalPath: folder.file("clip.mp4"))
        let url = URL(fileURLWithPath: output.temporaryPath)
        #expect(url.deletingLastPathComponent().path == folder.path)
        #expect(url.lastPathComponent.hasPrefix(".clip.reel-tmp-\(ProcessInfo.processInfo.processIdentifier)-"))
        #expect(url.pathExtension == "mp4")
        #expect(output.finalPath == folder.file("clip.mp4"))
        #expect(!fileExists(output.temporaryPath))  // nothing is created until someone writes it

        let other = try AtomicOutput(finalPath: folder.file("clip.mp4"))
        #expect(other.temporaryPath != output.temporaryPath)
    }

    @Test("names without an extension, hidden names, and relative paths")
    func otherNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let plain = try AtomicOutput(finalPath: folder.file("clip"))
        #expect(URL(fileURLWithPath: plain.temporaryPath).lastPathComponent.hasPrefix(".clip.reel-tmp-"))
        // No empty extension.
        #expect(!URL(fileURLWithPath: plain.temporaryPath).lastPathComponent.contains(".reel-tmp-."))
        let hidden = try AtomicOutput(finalPath: folder.file(".hidden"))
        #expect(URL(fileURLWithPath: hidden.temporaryPath).lastPathComponent.hasPrefix("..hidden.reel-tmp-"))
        let relative = try AtomicOutput(finalPath: "out.mov")
        #expect(relative.temporaryPath.hasPrefix(".out.reel-tmp-") && relative.temporaryPath.hasSuffix(".mov"))
        #expect(!relative.temporaryPath.contains("/"))
    }

    @Test("commit moves the temporary file to the final path, replacing an old file")
    func commit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let final = folder.file("video.mp4")
        try Data("old".utf8).write(to: URL(fileURLWithPath: final))
        let output = try AtomicOutput(finalPath: final)
        try Data("new".utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
        #expect(try String(contentsOfFile: final, encoding: .utf8) == "old")  // untouched until commit
        try output.commit()
        #expect(try String(contentsOfFile: final, encoding: .utf8) == "new")
        #expect(try folder.contents() == ["video.mp4"])
    }

    @Test("discard removes the temporary file and leaves the final path alone; a missing file is fine")
    func discard() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let final = folder.file("video.mp4")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: final))
        let output = try AtomicOutput(finalPath: final)
        try Data("partial".utf8).write(to: URL(fileURLWithPath: output.temporaryPath))
        output.discard()
        #expect(!fileExists(output.temporaryPath))
        #expect(try String(contentsOfFile: final, encoding: .utf8) == "keep")
        output.discard()  // already gone: no crash, no error
        #expect(try folder.contents() == ["video.mp4"])
    }

    @Test("committing when nothing was written fails with a clear message")
    func commitWithoutFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try AtomicOutput(finalPath: folder.file("never.mp4"))
        let error = #expect(throws: EncodeError.self) { try output.commit() }
        #expect(error?.message.contains("No such file or directory") == true)
        #expect(error?.message.contains(output.finalPath) == true)
    }

    @Test("a missing folder, a file used as a folder, and a folder as the target are refused")
    func badFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = #expect(throws: EncodeError.self) { try AtomicOutput(finalPath: folder.file("nope/clip.mp4")) }
        #expect(
            missing?.message
                == "Cannot write \(folder.file("nope/clip.mp4")): the folder \(folder.file("nope")) does not exist")

        try Data().write(to: URL(fileURLWithPath: folder.file("file")))
        let notFolder = #expect(throws: EncodeError.self) { try AtomicOutput(finalPath: folder.file("file/clip.mp4")) }
        #expect(notFolder?.message.contains("is not a folder") == true)

        try FileManager.default.createDirectory(atPath: folder.file("dir.mp4"), withIntermediateDirectories: false)
        let isFolder = #expect(throws: EncodeError.self) { try AtomicOutput(finalPath: folder.file("dir.mp4")) }
        #expect(isFolder?.message.contains("a folder with that name already exists") == true)

        #expect(throws: EncodeError.self) { try AtomicOutput(finalPath: folder.path + "/") }
    }
}
