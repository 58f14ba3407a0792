import Foundation
import ReelTestSupport
import Testing

/// `reel diff`: scenes and videos compared frame by frame, with diff's exit statuses.
@Suite("reel diff")
struct DiffCLITests {
    /// 45 frames at 30 fps: an orange box moving right.
    static let scene = RenderCLITests.small

    /// The same scene, but from 1 s (frame 30) the box is yellow — and at 1.2 s (frame 36
    /// alone) blue, the largest change: the first differing frame is 30, the worst 36.
    static let changed = scene.replacingOccurrences(
        of: "timeline:\n",
        with: """
            timeline:
              - { at: 1, disableActions: true, set: { box: { backgroundColor: yellow } } }
              - { at: 1.2, disableActions: true, set: { box: { backgroundColor: blue } } }
              - { at: 1.21, disableActions: true, set: { box: { backgroundColor: yellow } } }

            """)

    static func json(_ text: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    @Test func aSceneEqualsItself() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene)
        let result = try ReelProcess.run(["diff", a, a])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("45 frames compared, 160×90 at 30 fps: equal"), "\(result.stdout)")
        #expect(result.stdout.contains("SSIM: min 1.0000, mean 1.0000"))
        #expect(!result.stdout.contains("first differing"))
    }

    @Test func aChangedColourIsFoundFromItsFirstFrame() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene), b = try folder.write("b.yaml", Self.changed)
        let text = try ReelProcess.run(["diff", a, b])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stdout.contains("different: 15 of 45 frames beyond the tolerance"), "\(text.stdout)")
        #expect(text.stdout.contains("first differing frame: 30 (00:01.00)"), "\(text.stdout)")
        #expect(text.stdout.contains("worst frame (lowest SSIM): 36 (00:01.20)"), "\(text.stdout)")

        let result = try ReelProcess.run(["diff", a, b, "--json"])
        #expect(result.status == 1)
        let json = try Self.json(result.stdout)
        #expect(json["equal"] as? Bool == false)
        #expect(json["framesCompared"] as? Int == 45 && json["framesDiffering"] as? Int == 15)
        let first = try #require(json["firstDifferingFrame"] as? [String: Any])
        #expect(first["frame"] as? Int == 30 && first["time"] as? Double == 1)
        let worst = try #require(json["worstFrame"] as? [String: Any])
        #expect(worst["frame"] as? Int == 36)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 45)
        #expect(frames.map { $0["frame"] as? Int } == (0..<45).map { $0 })
        // Before 1 s the scenes are the same pixels: PSNR is infinite (null), SSIM 1.
        for frame in frames[0..<30] {
            #expect(frame["differs"] as? Bool == false && frame["psnr"] is NSNull && frame["ssim"] as? Double == 1)
        }
        let ssims = frames.map { $0["ssim"] as? Double ?? 1 }
        #expect(ssims.firstIndex(of: ssims.min()!) == 36)
        #expect(frames[30...].allSatisfy { $0["differs"] as? Bool == true && ($0["psnr"] as? Double ?? 99) < 40 })
        let ssim = try #require(json["ssim"] as? [String: Any])
        #expect(ssim["min"] as? Double == ssims.min())
        let mean = try #require(ssim["mean"] as? Double)
        #expect(abs(mean - ssims.reduce(0, +) / 45) < 1e-6)

        // A tolerance that takes the change: PSNR stays above 10 dB, blocks and shifts are free.
        #expect(try ReelProcess.run(["diff", a, b, "--tolerance", "psnr=10,block=none,shift=none"]).status == 0)
        #expect(
            try ReelProcess.run(["diff", a, b, "--tolerance", "ssim=0.5,psnr=none,block=none,shift=none"]).status == 0)
    }

    @Test(arguments: [
        (
            "size: [160, 90]", "size: [200, 90]",
            "the frames differ in size: A (A_PATH) is 160×90 pixels, B (B_PATH) is 200×90"
        ),
        ("fps: 30", "fps: 25", "the frame rates differ: A (A_PATH) is 30 fps, B (B_PATH) is 25 fps"),
        ("duration: 1.5", "duration: 1", "the frame counts differ: A (A_PATH) has 45 frames, B (B_PATH) has 30")
    ])
    func mismatchesAreBadInput(_ find: String, _ replace: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene)
        let other = Self.scene.replacingOccurrences(of: find, with: replace)
        let b = try folder.write("b.yaml", other)
        let out = folder.url.appendingPathComponent("d.mp4").path
        let result = try ReelProcess.run(["diff", a, b, "-o", out])
        #expect(result.status == 2)
        let expected = message.replacingOccurrences(of: "A_PATH", with: a).replacingOccurrences(of: "B_PATH", with: b)
        #expect(result.stderr.contains("error: \(expected)"), "\(result.stderr)")
        #expect(folder.contents == ["a.yaml", "b.yaml"], "nothing written for clips that cannot be compared")
    }

    @Test func unreadableInputsAreBadInput() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene)
        let missing = try ReelProcess.run(["diff", a, folder.url.appendingPathComponent("none.mp4").path])
        #expect(
            missing.status == 2 && missing.stderr.contains("B: ") && missing.stderr.contains("none.mp4"),
            "\(missing.stderr)")
        let text = try folder.write("fake.mp4", "not a video")
        let fake = try ReelProcess.run(["diff", text, a])
        #expect(fake.status == 2 && fake.stderr.contains("A: cannot read \(text) as MP4/MOV"), "\(fake.stderr)")
        let broken = try folder.write("broken.yaml", "reel: 1\ncanvas: { size: [160, 90], duration: oops }\n")
        let scene = try ReelProcess.run(["diff", a, broken])
        #expect(scene.status == 2 && scene.stderr.contains("broken.yaml:2:"), "\(scene.stderr)")
        #expect(try ReelProcess.run(["diff", a, a, "--tolerance", "psnr"]).status == 2)
        #expect(try ReelProcess.run(["diff", a, a, "-o", folder.url.appendingPathComponent("d.gif").path]).status == 2)
    }

    @Test(.enabled(if: MediaTools.available, "needs ffmpeg"))
    func videosAndTheirScene() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene), b = try folder.write("b.yaml", Self.changed)
        let mp4 = folder.url.appendingPathComponent("a.mp4").path,
            again = folder.url.appendingPathComponent("a-crf.mp4").path
        let changed = folder.url.appendingPathComponent("b.mp4").path
        for (scene, out, options) in [
            (a, mp4, [String]()), (a, again, ["--crf", "20", "--preset", "fast"]), (b, changed, [])
        ] {
            try #require(try ReelProcess.run(["render", scene, "-o", out, "--quiet"] + options).status == 0)
        }
        // A scene and its own render: the encoder's loss is within the default tolerance.
        let own = try ReelProcess.run(["diff", a, mp4])
        #expect(own.status == 0, "\(own.stdout)\(own.stderr)")
        // Two encodes of one scene.
        let twice = try ReelProcess.run(["diff", mp4, again])
        #expect(twice.status == 0, "\(twice.stdout)\(twice.stderr)")
        // The change survives encoding, found at the same frames.
        let json = try Self.json(try ReelProcess.run(["diff", mp4, changed, "--json"]).stdout)
        #expect((json["firstDifferingFrame"] as? [String: Any])?["frame"] as? Int == 30)
        #expect((json["worstFrame"] as? [String: Any])?["frame"] as? Int == 36)
        let mixed = try Self.json(try ReelProcess.run(["diff", b, mp4, "--json"]).stdout)
        #expect((mixed["firstDifferingFrame"] as? [String: Any])?["frame"] as? Int == 30)
        // Any pixel off counts with --tolerance exact.
        #expect(try ReelProcess.run(["diff", a, mp4, "--tolerance", "exact"]).status == 1)

        // A shorter video: the counts are found by reading both to the end.
        let short = folder.url.appendingPathComponent("short.mp4").path
        try #require(try ReelProcess.run(["render", a, "-o", short, "--frames", "0-29", "--quiet"]).status == 0)
        let counts = try ReelProcess.run(["diff", mp4, short])
        #expect(counts.status == 2)
        #expect(
            counts.stderr.contains("the frame counts differ: A (\(mp4)) has 45 frames, B (\(short)) has 30"),
            "\(counts.stderr)")
    }

    @Test(.enabled(if: MediaTools.available, "needs ffmpeg"))
    func picturesOfTheDifference() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene), b = try folder.write("b.yaml", Self.changed)
        let video = folder.url.appendingPathComponent("d.mp4").path,
            sheet = folder.url.appendingPathComponent("d.png").path
        #expect(try ReelProcess.run(["diff", a, b, "-o", video]).status == 1)
        #expect(try ReelProcess.run(["diff", a, b, "-o", sheet]).status == 1)
        #expect(folder.contents == ["a.yaml", "b.yaml", "d.mp4", "d.png"], "no temporary files left")

        // Three 320-pixel panels (the 160-pixel frames doubled) with 16-pixel gutters, a title and labels.
        let probe = try StreamProbe.read(video)
        #expect(probe.width == 3 * 320 + 4 * 16 && probe.height == 36 + 180 + 26 + 2 * 16 && probe.frames == 45)
        let frames = try MediaTools.frames(video, width: probe.width, height: probe.height)
        // The heatmap panel: black while the scenes agree; hot where the box changed colour.
        func heat(_ frame: [UInt8]) -> Int {
            var hot = 0
            for y in (36 + 16)..<(36 + 16 + 180) {
                for x in (16 + 2 * 336)..<(16 + 2 * 336 + 320) where frame[(y * probe.width + x) * 4] > 128 { hot += 1 }
            }
            return hot
        }
        #expect(heat(frames[10]) == 0)
        // The 40×40-point box, doubled: about 80×80 pixels of heat.
        #expect((5000...7000).contains(heat(frames[36])), "\(heat(frames[36]))")

        // The sheet: first (30), worst (36) and 4 evenly spaced frames (0, 15, 29, 44), a row each.
        let sheetHeight = try Int(MediaTools.field(sheet, "height"))
        #expect(sheetHeight == 36 + 6 * (180 + 26) + 7 * 16)
    }

    @Test func twoStillImages() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", Self.scene), b = try folder.write("b.yaml", Self.changed)
        let first = folder.url.appendingPathComponent("a.png").path,
            second = folder.url.appendingPathComponent("b.png").path
        try #require(try ReelProcess.run(["still", a, "--at", "1.2", "-o", first]).status == 0)
        try #require(try ReelProcess.run(["still", b, "--at", "1.2", "-o", second]).status == 0)
        let same = try ReelProcess.run(["diff", first, first])
        #expect(
            same.status == 0 && same.stdout.contains("1 frame compared, 160×90: equal"),
            "an image has no frame rate: \(same.stdout)")
        let different = try ReelProcess.run(["diff", first, second, "--json"])
        #expect(different.status == 1)
        let json = try Self.json(different.stdout)
        #expect(json["fps"] is NSNull && (json["worstFrame"] as? [String: Any])?["time"] is NSNull)
    }

    @Test func helpHasExamples() throws {
        let help = try ReelProcess.run(["diff", "--help"])
        #expect(help.stdout.contains("reel diff scene.yaml scene.mp4") && help.stdout.contains("--tolerance"))
    }
}
