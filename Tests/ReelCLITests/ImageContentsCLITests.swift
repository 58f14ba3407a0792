import Foundation
import ReelTestSupport
import Testing

/// Layer contents from PNG, JPEG and WebP files, decoded by the FFmpeg libraries reel links.
@Suite("Image contents", .enabled(if: MediaTools.ffmpeg != nil, "needs the ffmpeg CLI to make test images"))
struct ImageContentsCLITests {
    /// Makes a 64×32 image, left half red and right half blue, in `format`.
    func makeImage(_ path: String) throws {
        _ = try MediaTools.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=32x32", "-f", "lavfi", "-i",
                "color=blue:s=32x32",
                "-filter_complex", "[0][1]hstack", "-frames:v", "1"
            ]
                + (path.hasSuffix(".webp") ? ["-lossless", "1"] : []) + (path.hasSuffix(".jpg") ? ["-q:v", "2"] : [])
                + [path])
    }

    @Test(arguments: ["png", "jpg", "webp"])
    func imageFormats(ext: String) throws {
        let folder = try TemporaryFolder()
        try makeImage(folder.url.appendingPathComponent("picture.\(ext)").path)
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [128, 64], duration: 1, background: black }
            layers:
              - { frame: [0, 0, 128, 64], contents: picture.\(ext) }
            """)
        let out = folder.url.appendingPathComponent("f.png").path
        let result = try ReelProcess.run(["still", scene, "--at", "0", "-o", out])
        try #require(result.status == 0, "\(result.stderr)")
        // Decode our PNG with ffmpeg to raw RGBA and check both halves.
        let frames = try MediaTools.frames(out, width: 128, height: 64)
        try #require(frames.count == 1)
        let data = frames[0]
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(data[(y * 128 + x) * 4 + $0]) } }
        let left = pixel(20, 32), right = pixel(108, 32)
        #expect(left[0] > 230 && left[2] < 25, "red half: \(left)")
        #expect(right[2] > 230 && right[0] < 25, "blue half: \(right)")
    }

    @Test func missingImageIsInvalidInputWithThePathTried() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [64, 64], duration: 1 }
            layers:
              - { contents: assets/nope.png }
            """)
        let result = try ReelProcess.run(["validate", scene])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "\(scene):4:17: error: image 'assets/nope.png' is missing or cannot be read (looked for \(folder.url.resolvingSymlinksInPath().path)/assets/nope.png)"
            ), "\(result.stderr)")
    }

    @Test func aDamagedImageIsOneLocatedErrorWithoutFFmpegsOwnLog() throws {
        let folder = try TemporaryFolder()
        try Data((0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(
            to: folder.url.appendingPathComponent("bad.png"))
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [64, 64], duration: 1 }
            layers:
              - { contents: bad.png }
            """)
        let result = try ReelProcess.run(["validate", scene])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].hasPrefix("\(scene):4:17: error: "),
            "exactly one located error: \(result.stderr)")
        #expect(!result.stderr.contains("FFmpeg error") && !result.stderr.contains(" @ 0x"), "\(result.stderr)")
    }

    @Test func anAnimationOfContentsNamesItsImagesByFileAndCrossDissolves() throws {
        let folder = try TemporaryFolder()
        for colour in ["red", "blue"] {
            _ = try MediaTools.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-f", "lavfi", "-i", "color=\(colour):s=16x16", "-frames:v", "1",
                    folder.url.appendingPathComponent("\(colour).png").path
                ])
        }
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [32, 32], duration: 3, background: black }
            layers:
              - { name: pic, frame: [0, 0, 32, 32], contents: red.png }
            timeline:
              - at: 0
                add: { layer: pic, key: fade, animation: { keyPath: contents, fromValue: red.png, toValue: blue.png, duration: 2, timingFunction: linear } }
            """)
        let out = folder.url.appendingPathComponent("mid.png").path
        let result = try ReelProcess.run(["still", scene, "--at", "1", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try #require(try MediaTools.frames(out, width: 32, height: 32).first)
        let centre = Array(frame[(16 * 32 + 16) * 4..<(16 * 32 + 16) * 4 + 4]).map(Int.init)
        #expect(
            abs(centre[0] - 128) <= 2 && centre[1] == 0 && abs(centre[2] - 128) <= 2 && centre[3] == 255, "\(centre)")

        let missing = try folder.write(
            "bad.yaml",
            """
            reel: 1
            canvas: { size: [32, 32], duration: 3 }
            layers:
              - { name: pic, frame: [0, 0, 32, 32] }
            timeline:
              - at: 0
                add: { layer: pic, animation: { keyPath: contents, toValue: nope.png } }
            """)
        let bad = try ReelProcess.run(["validate", missing])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains("\(missing):7:65: error: image 'nope.png' is missing or cannot be read"),
            "\(bad.stderr)")
    }
}
