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
        #expect(
            try MediaTools.field(out, "width") == String(width) && MediaTools.field(out, "height") == String(height))
        try SummaryLineCLITests.expectSummary(result.stderr, file: out, details: "\(width)×\(height) PNG contact sheet")

        // Frames spread evenly over 45 frames, first and last included: 0, 11, 22, 33, 44.
        for (i, frame) in [0, 11, 22, 33, 44].enumerated() {
            let still = folder.url.appendingPathComponent("f\(frame).png").path
            try #require(try ReelProcess.run(["still", scene, "--frame", String(frame), "-o", still]).status == 0)
            let expected = try #require(try MediaTools.frames(still, width: 160, height: 90).first)
            let x0: Int = 16 + (i % 3) * (160 + 16)
            let y0: Int = 36 + 16 + (i / 3) * (90 + 26 + 16)
            #expect(
                Self.region(sheet, width: width, x: x0, y: y0, w: 160, h: 90) == expected,
                "tile \(i) is not frame \(frame)")
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

    /// `--frames` and `--at` put exactly those frames in the tiles, in the order given, each the
    /// picture `reel still` renders for it, labelled with its time and frame number.
    @Test(
        .enabled(if: MediaTools.available, "needs ffmpeg"),
        arguments: [
            (["--frames", "0,30,44,7"], [["--frame", "0"], ["--frame", "30"], ["--frame", "44"], ["--frame", "7"]]),
            (["--at", "0.5,1,1.25"], [["--at", "0.5"], ["--at", "1"], ["--at", "1.25"]])
        ])
    func chosenFramesEqualTheirStills(_ choice: [String], _ stills: [[String]]) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let out = folder.url.appendingPathComponent("sheet.png").path
        let result = try ReelProcess.run(["sheet", scene, "-o", out, "--columns", "2", "--scale", "1"] + choice)
        try #require(result.status == 0, "\(result.stderr)")
        let rows = (stills.count + 1) / 2
        let width = 2 * 160 + 3 * 16, height = 36 + rows * (90 + 26) + (rows + 1) * 16
        let sheet = try #require(try MediaTools.frames(out, width: width, height: height).first)
        var tiles: [[UInt8]] = []
        for (i, still) in stills.enumerated() {
            let path = folder.url.appendingPathComponent("still\(i).png").path
            try #require(try ReelProcess.run(["still", scene, "-o", path] + still).status == 0)
            let expected = try #require(try MediaTools.frames(path, width: 160, height: 90).first)
            let tile = Self.region(
                sheet, width: width, x: 16 + (i % 2) * (160 + 16), y: 36 + 16 + (i / 2) * (90 + 26 + 16), w: 160, h: 90)
            #expect(tile == expected, "tile \(i) is not still \(still)")
            tiles.append(tile)
        }
        #expect(Set(tiles).count == tiles.count, "the chosen moments are different pictures")
    }

    @Test(arguments: [
        ["--frames", "45"], ["--frames", "-1"], ["--frames", "1,x"], ["--frames", ""], ["--at", "1.6"],
        ["--at", "-0.5"], ["--at", "nan"],
        ["--at", "1", "--frames", "2"], ["--count", "3", "--at", "1"], ["--count", "3", "--frames", "1"]
    ])
    func badChoicesAreInvalid(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let result = try ReelProcess.run(
            ["sheet", scene, "-o", folder.url.appendingPathComponent("s.png").path] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(folder.contents == ["small.yaml"], "nothing written")
    }

    @Test func outlineDrawsOverTheTiles() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let plain = folder.url.appendingPathComponent("plain.png").path,
            outlined = folder.url.appendingPathComponent("outlined.png").path
        try #require(try ReelProcess.run(["sheet", scene, "-o", plain, "--frames", "0"]).status == 0)
        try #require(try ReelProcess.run(["sheet", scene, "-o", outlined, "--frames", "0", "--outline"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) != Data(contentsOf: URL(fileURLWithPath: outlined)))
        let still = try ReelProcess.run([
            "still", scene, "--at", "0", "--outline", "-o", folder.url.appendingPathComponent("o.png").path
        ])
        #expect(still.status == 0, "\(still.stderr)")
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
