import Foundation
import Testing

@testable import ReelScene

/// The one check every output name passes: relative, printable, and inside the output folder
/// once `..` and symbolic links are followed.
@Suite("Output root")
struct OutputRootTests {
    final class Folder {
        let path: String
        init() throws {
            // Resolved, so expectations compare real paths (the temporary folder may be a link).
            let made = NSTemporaryDirectory() + "reel-root-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: made + "/out", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: made + "/elsewhere", withIntermediateDirectories: true)
            path = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    func refusal(_ root: OutputRoot, _ name: String) -> String? {
        if case .failure(let error) = root.check(name) { return error.description }
        return nil
    }

    @Test func namesInsideTheRootAreWrittenThere() throws {
        let folder = try Folder()
        let root = OutputRoot(folder.path + "/out")
        #expect(
            try root.check("a.mp4").get()
                == .init(path: folder.path + "/out/a.mp4", resolved: folder.path + "/out/a.mp4"))
        #expect(try root.check("new/deep/./b.mp4").get().resolved == folder.path + "/out/new/deep/b.mp4")
        #expect(try root.check("x/../c.mp4").get().resolved == folder.path + "/out/c.mp4")
        #expect(try root.check("seq/seq-%04d.png").get().path == folder.path + "/out/seq/seq-%04d.png")
        // A root that does not exist yet (the batch creates it) checks the same way.
        #expect(
            try OutputRoot(folder.path + "/later/out").check("a.mp4").get().resolved == folder.path + "/later/out/a.mp4"
        )
    }

    @Test func namesThatClimbOutOrAreAbsoluteAreRefused() throws {
        let folder = try Folder()
        let root = OutputRoot(folder.path + "/out")
        #expect(refusal(root, "../x.mp4")?.contains("is outside the output folder") == true)
        #expect(refusal(root, "sub/../../x.mp4")?.contains("resolves to \(folder.path)/x.mp4") == true)
        #expect(refusal(root, "..")?.contains("outside") == true)
        #expect(refusal(root, ".")?.contains("outside") == true, "the root itself is not a file in it")
        #expect(refusal(root, "/tmp/x.mp4")?.contains("is an absolute path") == true)
        #expect(refusal(root, "")?.contains("empty") == true)
    }

    @Test func controlCharactersAreRefused() throws {
        let root = OutputRoot(try Folder().path + "/out")
        for (name, shown) in [
            ("a\u{0}.mp4", #"\u{0}"#), ("a\u{1B}[2J.mp4", #"\u{1B}"#), ("a\u{7F}", #"\u{7F}"#),
            ("a\u{85}.mp4", #"\u{85}"#), ("a\nb.mp4", #"\u{A}"#)
        ] {
            let message = refusal(root, name)
            #expect(message?.contains("holds the control character \(shown)") == true, "\(message ?? "accepted")")
            #expect(message.map { !$0.unicodeScalars.contains { $0.value < 0x20 } } == true, "the message is printable")
        }
        #expect(refusal(root, "café → 東京.mp4") == nil)
    }

    @Test func symbolicLinksAreFollowed() throws {
        let folder = try Folder()
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: folder.path + "/out/away", withDestinationPath: folder.path + "/elsewhere")
        try fm.createSymbolicLink(atPath: folder.path + "/out/here", withDestinationPath: folder.path + "/out")
        #expect(fm.createFile(atPath: folder.path + "/elsewhere/f.mp4", contents: Data()))
        try fm.createSymbolicLink(
            atPath: folder.path + "/out/file.mp4", withDestinationPath: folder.path + "/elsewhere/f.mp4")
        try fm.createSymbolicLink(atPath: folder.path + "/out/dangling", withDestinationPath: folder.path + "/none/x")
        let root = OutputRoot(folder.path + "/out")
        #expect(refusal(root, "away/x.mp4")?.contains("resolves to \(folder.path)/elsewhere/x.mp4") == true)
        #expect(try root.check("here/x.mp4").get().resolved == folder.path + "/out/x.mp4")
        // Two names for one file resolve alike, so a batch sees they are one output.
        #expect(try root.check("here/x.mp4").get().resolved == root.check("x.mp4").get().resolved)
        #expect(refusal(root, "file.mp4")?.contains("outside") == true, "a link in place of the output itself")
        #expect(refusal(root, "dangling")?.contains("leads nowhere") == true)
        // The root itself may be a link: the user chose it.
        try fm.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: folder.path + "/elsewhere")
        #expect(
            try OutputRoot(folder.path + "/linked").check("x.mp4").get().resolved == folder.path + "/elsewhere/x.mp4")
    }
}
