import Foundation
import Reel
import ReelTestSupport
import Testing

/// A scene built in Swift renders in one call (`scene.render(to:)`, `still`, `sheet`), through
/// the job `reel render` uses; checked by decoding what it wrote.
@Suite(
    "Rendering a Swift scene in one call", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct SceneRenderingTests {
    /// 2 s, 160×90 at 30 fps: an orange box that moves right at 1 s (an implicit animation).
    static func scene(duration: Double = 2) -> Scene {
        let scene = Scene(
            canvas: Canvas(
                size: CGSize(width: 160, height: 90), fps: 30, duration: duration,
                background: CGColor(red: 0.1, green: 0.1, blue: 0.2)))
        let box = CALayer()
        box.frame = CGRect(x: 10, y: 25, width: 40, height: 40)
        box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0)
        scene.rootLayer.addSublayer(box)
        scene.at(1) {
            CATransaction.setAnimationDuration(0.5)
            box.position = CGPoint(x: 130, y: 45)
        }
        return scene
    }

    @Test func rendersAVideoAStillAndASheet() throws {
        let folder = try ScratchFolder()
        var frames: [Int] = []
        let result = try Self.scene().render(to: folder.path + "/clip.mp4", progress: { frames.append($0.framesDone) })
        #expect(result.frames == 60 && frames.last == 60)
        let probe = try StreamProbe.read(folder.path + "/clip.mp4")
        #expect(
            probe.codec == "h264" && probe.width == 160 && probe.height == 90 && probe.frames == 60
                && abs(probe.duration - 2) < 1e-6)

        let gif = try Self.scene().render(to: folder.path + "/clip.gif", options: RenderOptions(scale: 0.5))
        #expect(gif.frames > 0)
        #expect(try StreamProbe.read(folder.path + "/clip.gif").width == 80)

        // The box before and after its move, in the frames themselves.
        let before = try Self.scene().still(at: 0.5), after = try Self.scene().still(at: 1.9)
        #expect(before.rgba(x: 30, y: 45).r == 255 && after.rgba(x: 30, y: 45).r < 60)
        #expect(after.rgba(x: 130, y: 45).r == 255)
        try Self.scene().still(at: 1.9, to: folder.path + "/frame.png")
        let png = try PNGFile.read(folder.path + "/frame.png")
        #expect(png.width == 160 && png.rgba(x: 130, y: 45).r == 255)

        try Self.scene().sheet(to: folder.path + "/sheet.png", count: 4, columns: 2)
        #expect(try PNGFile.read(folder.path + "/sheet.png").width > 160)
    }

    /// `sheet(to:picking:)`: the tiles are the stills of the chosen moments, in order; a moment
    /// outside the scene is refused; `outline` draws over the frame.
    @Test func sheetsOfChosenMomentsAndOutlines() throws {
        let folder = try ScratchFolder()
        // Tiles are 160×90 at 16-pixel gutters under a 36-pixel title; one row of two.
        try Self.scene().sheet(to: folder.path + "/keys.png", picking: .times([1.9, 0.5]), columns: 2)
        let sheet = try PNGFile.read(folder.path + "/keys.png")
        #expect(sheet.width == 2 * 160 + 3 * 16 && sheet.height == 36 + 90 + 26 + 2 * 16)
        let stills = [try Self.scene().still(at: 1.9), try Self.scene().still(at: 0.5)]
        for (i, still) in stills.enumerated() {
            for (x, y) in [(30, 45), (130, 45), (5, 5), (80, 80)] {
                let tile = sheet.rgba(x: 16 + i * (160 + 16) + x, y: 36 + 16 + y), frame = still.rgba(x: x, y: y)
                #expect(tile.r == frame.r && tile.g == frame.g && tile.b == frame.b, "tile \(i) at (\(x), \(y))")
            }
        }
        try Self.scene().sheet(to: folder.path + "/frames.png", picking: .frames([0, 59]), columns: 1)
        #expect(try PNGFile.read(folder.path + "/frames.png").height == 36 + 2 * (90 + 26) + 3 * 16)
        #expect(throws: RenderJobError.self) {
            try Self.scene().sheet(to: folder.path + "/bad.png", picking: .frames([60]))
        }
        #expect(throws: RenderJobError.self) {
            try Self.scene().sheet(to: folder.path + "/bad.png", picking: .times([2.5]))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/bad.png"))

        // Outlines: the box's bounds at 0.5 s (10…50 × 25…65) are drawn in the depth-1 colour.
        let plain = try Self.scene().still(at: 0.5), outlined = try Self.scene().still(at: 0.5, outline: true)
        let edge = outlined.rgba(x: 30, y: 65), inside = plain.rgba(x: 30, y: 65)
        #expect(edge.r > 150 && edge.g < 110 && edge.b < 110 && inside.r < 40, "outline \(edge), plain \(inside)")
        #expect(outlined.rgba(x: 30, y: 45).r == plain.rgba(x: 30, y: 45).r, "inside the box is untouched")
    }

    @Test func badOptionsAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try ScratchFolder()
        #expect(throws: RenderJobError.self) {
            try Self.scene().render(to: folder.path + "/x.mp4", options: RenderOptions(crf: 99))
        }
        #expect(throws: RenderJobError.self) { try Self.scene().render(to: folder.path + "/x.avi") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func cancellingTheTaskStopsTheRenderAndLeavesNothing() async throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/long.mp4"
        let task = Task { try await Self.scene(duration: 600).render(to: path) }
        // Cancelled once the render is writing (its hidden temporary exists). A blocking wait on
        // this thread, not `Task.sleep`: on a loaded machine the cooperative pool (one thread a
        // core) can resume a sleeping test only after the whole render has finished.
        let deadline = Date().addingTimeInterval(120)
        while try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, Date() < deadline {
            usleep(2_000)
        }
        task.cancel()
        await #expect(throws: RenderJobError.interrupted) { try await task.value }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no file, no temporary")
        // And a whole async render completes.
        let done = try await Self.scene().render(to: folder.path + "/short.webm")
        #expect(done.frames == 60)
    }
}
