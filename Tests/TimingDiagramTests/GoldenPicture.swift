import Foundation
import Reel
import ReelTestSupport
import Testing

/// Golden pictures of this target (`Golden/`), compared by `GoldenImages` (raw RGBA with a
/// tolerance; REEL_RECORD_GOLDEN=1 records), and the example scenes they are made from.
enum GoldenPicture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenes")

    static func check(_ buffer: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenImages.check(buffer, name, in: directory, sourceLocation: sourceLocation)
    }

    /// A scene written out as `name` in a temporary folder, loaded (the folder is removed after).
    static func load(text: String, name: String) throws -> LoadedJob {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try RenderJob(scene: path).load()
    }

    /// An example scene from the repository's scenes/ folder, loaded.
    static func load(_ scene: String) throws -> LoadedJob {
        try RenderJob(scene: scenes.appendingPathComponent(scene).path).load()
    }
}
