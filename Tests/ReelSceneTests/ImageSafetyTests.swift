import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Image `contents` come from scene files of any origin: only regular files in the scene's folder,
/// only the three image formats, and one message for a file missing or unreadable.
@Suite("Image files opened safely")
struct ImageSafetyTests {
    /// Decodes a scene in `folder` whose one layer shows `contents`; the errors as "LINE:COL: …".
    func problems(
        _ contents: String, in folder: URL, limits: SceneLimits = SceneLimits(), images: FakeImages = FakeImages()
    ) -> [String] {
        let text = "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n  - { contents: \"\(contents)\" }\n"
        do {
            _ = try SceneLoader.decode(
                text: text, file: "s.yaml", limits: limits, images: images, baseDirectory: folder)
            return []
        } catch let error as SceneLoadError {
            return error.diagnostics.map { "\($0.location): \($0.message)" }
        } catch { return ["\(error)"] }
    }

    /// A scene folder (with `ok.png` and a sub-folder) inside a parent holding `outside.png`.
    func folders() throws -> (scene: URL, parent: URL) {
        let parent = try LayerClassDecodingTests.temporaryFolder().resolvingSymlinksInPath()
        let scene = parent.appendingPathComponent("scene")
        try FileManager.default.createDirectory(
            at: scene.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for url in [scene.appendingPathComponent("ok.png"), parent.appendingPathComponent("outside.png")] {
            try Data("x".utf8).write(to: url)
        }
        return (scene, parent)
    }

    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let (scene, parent) = try folders()
        defer { try? FileManager.default.removeItem(at: parent) }
        let fifo = scene.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening it would block this test forever.
        #expect(problems("pipe.png", in: scene) == ["4:17: image 'pipe.png' is not a regular file (\(fifo))"])
    }

    @Test(arguments: ["../outside.png", "sub/../../outside.png", "ABSOLUTE", "link.png"])
    func pathsLeavingTheSceneFolderAreRefused(_ written: String) throws {
        let (scene, parent) = try folders()
        defer { try? FileManager.default.removeItem(at: parent) }
        let outside = parent.appendingPathComponent("outside.png").path
        try FileManager.default.createSymbolicLink(
            atPath: scene.appendingPathComponent("link.png").path, withDestinationPath: outside)
        let path = written == "ABSOLUTE" ? outside : written
        let images = FakeImages()
        #expect(
            problems(path, in: scene, images: images) == [
                "4:17: image '\(path)' is outside the scene's folder (\(scene.path)); images must be in that folder or below it (set the root with --root, or allow others with --allow-files-outside)"
            ])
        #expect(images.loaded.isEmpty)
        var allowed = SceneLimits()
        allowed.allowsFilesOutsideRoot = true
        #expect(problems(path, in: scene, limits: allowed, images: images) == [])
        #expect(images.loaded == [outside])
    }

    /// A project's shared `assets/` beside its scenes' folder: inside a root above both, a file
    /// outside that root still refused, with the root named.
    @Test func aRootAboveTheSceneFolderAdmitsItsFilesOnly() throws {
        let (scene, parent) = try folders()
        defer { try? FileManager.default.removeItem(at: parent) }
        var rooted = SceneLimits()
        rooted.fileRoot = parent.path
        let images = FakeImages()
        #expect(problems("../outside.png", in: scene, limits: rooted, images: images) == [])
        #expect(images.loaded == [parent.appendingPathComponent("outside.png").path])
        rooted.fileRoot = scene.appendingPathComponent("sub").path
        #expect(
            problems("ok.png", in: scene, limits: rooted) == [
                "4:17: image 'ok.png' is outside the root folder (\(scene.path)/sub); images must be in that folder or below it (set the root with --root, or allow others with --allow-files-outside)"
            ])
    }

    @Test func pathsInsideTheFolderLoad() throws {
        let (scene, parent) = try folders()
        defer { try? FileManager.default.removeItem(at: parent) }
        #expect(problems("sub/../ok.png", in: scene) == [])
        #expect(problems(scene.appendingPathComponent("ok.png").path, in: scene) == [])
    }

    @Test func missingAndUnreadableFilesReadAlike() throws {
        let (scene, parent) = try folders()
        defer { try? FileManager.default.removeItem(at: parent) }
        #expect(
            problems("nope.png", in: scene) == [
                "4:17: image 'nope.png' is missing or cannot be read (looked for \(scene.path)/nope.png)"
            ])
        #expect(
            problems("sub", in: scene) == [
                "4:17: image 'sub': Reel reads PNG, JPEG and WebP images and SVG files, named .png, .jpg, .jpeg, .webp or .svg"
            ])
        #expect(
            problems("clip.gif", in: scene) == [
                "4:17: image 'clip.gif': Reel reads PNG, JPEG and WebP images and SVG files, named .png, .jpg, .jpeg, .webp or .svg"
            ])
    }
}
