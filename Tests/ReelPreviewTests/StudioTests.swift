import Foundation
import Reel
import Testing

@testable import ReelPreview

/// The studio's shared state: what reloads, when, and what a broken edit leaves in place.
@Suite("Preview studio")
struct StudioTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-preview-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    static func scene(color: String = "red", image: String? = nil) -> String {
        var text = """
            reel: 1
            canvas: { size: [40, 20], fps: 10, duration: 1 }
            layers:
              - { name: left, frame: [0, 0, 20, 20], backgroundColor: \(color) }

            """
        if let image { text += "  - { name: right, frame: [20, 0, 20, 20], contents: \(image) }\n" }
        return text
    }

    /// A one-colour PNG, `r g b` in 0…255.
    static func writeImage(_ path: String, r: UInt8, g: UInt8, b: UInt8) throws {
        let buffer = PixelBuffer(width: 4, height: 4)
        let bytes = buffer.baseAddress.assumingMemoryBound(to: UInt8.self)
        for y in 0..<4 {
            for x in 0..<4 {
                let i = y * buffer.stride + x * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (b, g, r, 255)  // premultiplied BGRA, opaque
            }
        }
        try PNGFile.write(buffer, to: path)
    }

    /// The colour of pixel (x, y) of a PNG the studio served.
    static func pixel(_ png: Data?, x: Int, y: Int, in folder: Folder) throws -> [UInt8] {
        let path = folder.path("served-\(UUID().uuidString).png")
        try #require(png).write(to: URL(fileURLWithPath: path))
        let c = try PNGFile.read(path).rgba(x: x, y: y)
        return [c.r, c.g, c.b, c.a]
    }

    @Test func reloadsOnlyWhenAFileChangedAndKeepsTheLastGoodSceneWhileBroken() async throws {
        let folder = try Folder()
        let path = folder.path("scene.yaml")
        try Self.scene().write(toFile: path, atomically: true, encoding: .utf8)
        let studio = Studio(scene: path, options: RenderOptions())
        let (version, valid) = (await studio.version, await studio.isValid)
        #expect(version == 1 && valid)
        #expect(await studio.reloadIfChanged() == false, "nothing changed")
        let red = try await studio.frame(at: 0, scale: nil)
        #expect(try Self.pixel(red, x: 5, y: 5, in: folder) == [255, 0, 0, 255])

        try Self.scene(color: "blue").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(await studio.reloadIfChanged())
        #expect(await studio.version == 2)
        #expect(await studio.frameVersion == 2)
        let blue = try await studio.frame(at: 0, scale: nil)
        #expect(try Self.pixel(blue, x: 5, y: 5, in: folder) == [0, 0, 255, 255])

        try Self.scene(color: "[1, 2]").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await studio.reloadIfChanged())
        let expected = RenderJob(scene: path).check().problems.map(\.description)
        let problems = await studio.problems.map(\.description)
        #expect(problems == expected && !expected.isEmpty)
        #expect(expected.allSatisfy { $0.hasPrefix("\(path):4:") })
        #expect(await studio.isValid == false)
        // Frames still come from the last good version, which the state names.
        #expect(await studio.version == 3)
        #expect(await studio.frameVersion == 2)
        #expect(try await studio.frame(at: 0, scale: nil) == blue)
        let state = await studio.state.compact
        #expect(state.contains("\"valid\":false") && state.contains("\"frameVersion\":2"), "\(state)")
    }

    @Test func watchesTheImagesTheSceneReads() async throws {
        let folder = try Folder()
        let path = folder.path("scene.yaml")
        try Self.writeImage(folder.path("dot.png"), r: 0, g: 255, b: 0)
        try Self.scene(image: "dot.png").write(toFile: path, atomically: true, encoding: .utf8)
        let studio = Studio(scene: path, options: RenderOptions())
        let problems = await studio.problems
        #expect(await studio.isValid, "\(problems)")
        #expect(try Self.pixel(await studio.frame(at: 0, scale: nil), x: 30, y: 10, in: folder) == [0, 255, 0, 255])
        #expect(await studio.reloadIfChanged() == false)

        try Self.writeImage(folder.path("dot.png"), r: 255, g: 255, b: 0)
        #expect(await studio.reloadIfChanged(), "the image changed")
        #expect(try Self.pixel(await studio.frame(at: 0, scale: nil), x: 30, y: 10, in: folder) == [255, 255, 0, 255])
    }

    /// An editor that saves by writing a new file and renaming it over the old one can leave the
    /// same size and (on coarse clocks) the same modification time: the new file number tells.
    @Test func seesAFileReplacedByRenameWithTheSameSizeAndTime() async throws {
        let folder = try Folder()
        let path = folder.path("scene.yaml")
        try Self.scene(color: "blue").write(toFile: path, atomically: false, encoding: .utf8)
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
        let studio = Studio(scene: path, options: RenderOptions())
        let replacement = folder.path("scene.new")
        try Self.scene(color: "lime").write(toFile: replacement, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: replacement)
        #expect(rename(replacement, path) == 0)
        #expect(await studio.reloadIfChanged())
        #expect(try Self.pixel(await studio.frame(at: 0, scale: nil), x: 5, y: 5, in: folder) == [0, 255, 0, 255])
    }

    @Test func aClosedStudioEndsItsEventStreams() async throws {
        let folder = try Folder()
        let path = folder.path("scene.yaml")
        try Self.scene().write(toFile: path, atomically: true, encoding: .utf8)
        let studio = Studio(scene: path, options: RenderOptions())
        let events = await studio.listen()
        try Self.scene(color: "blue").write(toFile: path, atomically: false, encoding: .utf8)
        await studio.reloadIfChanged()
        await studio.close()
        var received: [String] = []
        for await event in events { received.append(event) }
        #expect(received.count == 2, "the state on listening, then after the reload: \(received)")
        #expect(received.last?.contains("\"version\":2") == true)
        var late: [String] = []
        for await event in await studio.listen() { late.append(event) }
        #expect(late.isEmpty, "a closed studio streams nothing")
    }

    /// A FIFO would block the load (nobody writes to it), and the actor with it: it is never opened.
    @Test func aSceneReplacedByAFIFOIsAnErrorAndTheLastFrameStays() async throws {
        let folder = try Folder()
        let path = folder.path("scene.yaml")
        try Self.scene().write(toFile: path, atomically: true, encoding: .utf8)
        let studio = Studio(scene: path, options: RenderOptions())
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(await studio.reloadIfChanged())
        #expect(await studio.isValid == false)
        let problems = await studio.problems.map(\.description)
        #expect(problems.first?.hasPrefix("\(path): error: not a regular file") == true, "\(problems)")
        #expect(try Self.pixel(await studio.frame(at: 0, scale: nil), x: 5, y: 5, in: folder) == [255, 0, 0, 255])
        let fresh = Studio(scene: path, options: RenderOptions())
        #expect(await fresh.isValid == false, "a studio started on a FIFO shows the same error")
    }
}
