import Foundation
import ReelTestSupport
import Testing

@Suite("reel sheet")
struct SheetCLITests {
    @Test(.enabled(if: MediaTools.available, "needs ffmpeg"))
    func aGridOfFramesEqualToStills() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let out = folder.url.appendingPathComponent("sheet.png").path
        let result = try ReelProcess.run(["sheet", scene, "-o", out, "--count", "5", "--columns", "3", "--scale", "1"])
        try #require(result.status == 0, "\(result.stderr)")
        // 3 columns of 160-pixel tiles with 16-pixel gutters; a 36-pixel title, 2 rows of
        // 90-pixel tiles with 26-pixel labels.
        let width = 3 * 160 + 4 * 16, height = 36 + 2 * (90 + 26) + 3 * 16
        let sheet = try #require(try MediaTools.frames(out, width: width, height: height).first)
        #expect(try MediaTools.field(out, "width") == String(width) && MediaTools.field(out, "height") == String(height))

        // Frames spread evenly over 45 frames, first and last included: 0, 11, 22, 33, 44.
        for (i, frame) in [0, 11, 22, 33, 44].enumerated() {
            let still = folder.url.appendingPathComponent("f\(frame).png").path
            try #require(try ReelProcess.run(["still", scene, "--frame", String(frame), "-o", still]).status == 0)
            let expected = try #require(try MediaTools.frames(still, width: 160, height: 90).first)
            let x0: Int = 16 + (i % 3) * (160 + 16)
            let y0: Int = 36 + 16 + (i / 3) * (90 + 26 + 16)
            #expect(Self.region(sheet, width: width, x: x0, y: y0, w: 160, h: 90) == expected, "tile \(i) is not frame \(frame)")
        }
        // Labels are drawn under the tiles: the label band of the first tile is not all background.
        let band = Self.region(sheet, width: width, x: 16, y: 36 + 16 + 90 + 3, w: 120, h: 20)
        #expect(Set(band).count > 4, "no label text under the first tile")
    }

    /// The RGBA bytes of a w×h region at (x, y) of an image `width` pixels wide.
    static func region(_ image: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int) -> [UInt8] {
        var out: [UInt8] = []
        for row in y..<(y + h) {
            let start = (row * width + x) * 4
            out += image[start..<(start + w * 4)]
        }
        return out
    }

    @Test func defaultNameAndBadOptions() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let result = try ReelProcess.run(["sheet", scene], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.contents == ["small-sheet.png", "small.yaml"])
        #expect(try ReelProcess.run(["sheet", scene, "--count", "0"]).status == 2)
        #expect(try ReelProcess.run(["sheet", scene, "--columns", "0"]).status == 2)
    }
}
