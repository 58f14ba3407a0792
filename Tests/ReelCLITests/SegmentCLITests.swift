import Foundation
import ReelTestSupport
import Testing

/// Render farms: `reel render --segment I/N` and `reel concat`, whose join must be the whole
/// render byte for byte, and whose files never depend on threads or cores.
@Suite(
    "reel render --segment / reel concat", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct SegmentCLITests {
    /// 3 s at 30 fps: with 0.25 s chunks of 7.5 → 8 frames, 11 chunks: the last 2 frames, at
    /// most half a chunk, join the chunk before (frames 80–89).
    static let scene = """
        reel: 1
        canvas: { size: [160, 90], fps: 30, duration: 3, background: "#102030" }
        layers:
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: orange, cornerRadius: 8 }
          - { name: bar, frame: [10, 70, 20, 10], backgroundColor: "#1E3CDC" }
        timeline:
          - at: 0
            add: { layer: box, key: move, animation: { keyPath: position.x, toValue: 130, duration: 3 } }
          - at: 0.5
            add: { layer: bar, key: grow, animation: { keyPath: bounds.size.width, toValue: 120, duration: 2 } }
        """
    static let chunks = ["--chunk-seconds", "0.25"]

    /// Renders segment `index` of `count` to `name` in `folder`; its path.
    func part(_ folder: TemporaryFolder, _ name: String, _ index: Int, of count: Int, _ options: [String]) throws
        -> String
    {
        let out = folder.url.appendingPathComponent(name).path
        let result = try ReelProcess.run(
            [
                "render", folder.url.appendingPathComponent("scene.yaml").path, "-o", out, "-q",
                "--segment", "\(index)/\(count)"
            ] + Self.chunks + options)
        try #require(result.status == 0, "segment \(index)/\(count): \(result.stderr)")
        return out
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(
        "concat of N segments is the whole render, byte for byte",
        arguments: [
            ("mp4", [String]()), ("mp4", ["--codec", "hevc"]), ("mov", []), ("mov", ["--codec", "h264"]),
            ("mov", ["--codec", "hevc"]), ("webm", [])
        ])
    func segmentsJoinIntoTheWholeRender(ext: String, options: [String]) throws {
        let folder = try TemporaryFolder()
        let whole = try ReelProcess.render(Self.scene, "whole.\(ext)", Self.chunks + options, in: folder)
        let wholeProbe = try StreamProbe.read(whole)
        #expect(wholeProbe.frames == 90 && abs(wholeProbe.duration - 3) < 1e-6 && abs(wholeProbe.startTime) < 1e-6)
        for count in [1, 2, 3] {
            let parts = try (0..<count).map { try part(folder, "p\($0)-\(count).\(ext)", $0, of: count, options) }
            var first = 0
            for (index, part) in parts.enumerated() {
                // 11 chunks of 8 frames (the last 10) spread evenly: frames are whole chunks.
                let endChunk = (index + 1) * 11 / count
                let end = endChunk < 11 ? endChunk * 8 : 90
                let probe = try StreamProbe.read(part)
                #expect(probe.frames == end - first, "\(part)")
                // MP4/MOV edit lists and WebM timestamps count milliseconds: exact to the millisecond.
                #expect(abs(probe.startTime - Double(first) / 30) <= 0.001, "\(part) starts at its first frame's time")
                #expect(abs(probe.duration - Double(end) / 30) <= 0.001, "\(part) ends at its last frame's end")
                first = end
            }
            let joined = folder.url.appendingPathComponent("joined-\(count).\(ext)").path
            // Reversed on purpose: the order comes from the parts' records.
            let result = try ReelProcess.run(["concat"] + parts.reversed() + ["-o", joined, "-q"])
            try #require(result.status == 0, "\(result.stderr)")
            #expect(
                try bytes(joined) == bytes(whole), "\(count) segments of .\(ext) \(options) join into the whole render")
        }
    }

    @Test func eightSegmentsOfH264JoinIntoTheWholeRender() throws {
        let folder = try TemporaryFolder()
        let whole = try ReelProcess.render(Self.scene, "whole.mp4", Self.chunks, in: folder)
        let parts = try (0..<8).map { try part(folder, "part\($0).mp4", $0, of: 8, []) }
        #expect(
            try parts.map { try StreamProbe.read($0).frames } == [8, 8, 16, 8, 8, 16, 8, 18],
            "11 chunks (the last 10 frames) over 8 parts")
        let joined = folder.url.appendingPathComponent("joined.mp4").path
        let result = try ReelProcess.run(["concat"] + parts.shuffled() + ["-o", joined])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("8 parts, 90 frames"), "\(result.stderr)")
        #expect(try bytes(joined) == bytes(whole))
        #expect(try StreamProbe.read(joined).frames == 90)
    }

    /// Transparent WebM carries its alpha plane as packet side data (BlockAdditional), which the
    /// stream copy must carry too; the slowest presets reorder frames most deeply (B-pyramids).
    @Test(
        "alpha side data and deep B-frame pyramids survive the join",
        arguments: [
            ("webm", [String](), true), ("mp4", ["--preset", "placebo"], false),
            ("mp4", ["--codec", "hevc", "--preset", "veryslow"], false)
        ])
    func sideDataAndDeepReorderingJoin(ext: String, options: [String], transparent: Bool) throws {
        let folder = try TemporaryFolder()
        let scene = transparent ? Self.scene.replacingOccurrences(of: "\"#102030\"", with: "transparent") : Self.scene
        let whole = try ReelProcess.render(scene, "whole.\(ext)", Self.chunks + options, in: folder)
        let parts = try (0..<3).map { try part(folder, "p\($0).\(ext)", $0, of: 3, options) }
        let joined = folder.url.appendingPathComponent("joined.\(ext)").path
        let result = try ReelProcess.run(["concat"] + parts + ["-o", joined, "-q"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try bytes(joined) == bytes(whole))
        if transparent { #expect(try StreamProbe.read(joined).alphaMode == "1") }
    }

    @Test func eachPartRecordsWhatItIs() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene)
        let part = try part(folder, "p.webm", 1, of: 3, [])
        let comment = try MediaTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags=comment", "-of", "default=nw=1:nk=1", part])
        let record = try #require(try JSONSerialization.jsonObject(with: comment) as? [String: Any])
        let sha = Process()
        sha.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sha.arguments = [scene]
        let pipe = Pipe()
        sha.standardOutput = pipe
        try sha.run()
        let digest = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        sha.waitUntilExit()
        #expect(record["scene"] as? String == String(digest))
        #expect(record["index"] as? Int == 1 && record["count"] as? Int == 3)
        #expect(
            record["firstFrame"] as? Int == 24 && record["frameCount"] as? Int == 32
                && record["chunkFrames"] as? Int == 8)
        #expect(record["codec"] as? String == "vp9" && record["crf"] as? Int == 28 && record["reel"] as? String != nil)
        #expect((record["options"] as? String)?.contains("\"chunkSeconds\":0.25") == true)
    }

    // MARK: - Parts that do not fit

    /// Runs `reel concat` on `parts` expecting exit 2 with `message`, and nothing written.
    func refuse(_ parts: [String], in folder: TemporaryFolder, _ message: String) throws {
        let before = folder.contents
        let result = try ReelProcess.run(["concat"] + parts + ["-o", folder.url.appendingPathComponent("out.mp4").path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "error: \(message)\n")
        #expect(folder.contents == before, "nothing written")
    }

    @Test func badPartsAreRefusedByName() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("scene.yaml", Self.scene)
        let parts = try (0..<3).map { try part(folder, "p\($0).mp4", $0, of: 3, []) }
        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

        try refuse([parts[0], parts[2]], in: folder, "segment 1/3 missing: all 3 parts are needed")
        try refuse([parts[0], parts[1], parts[1], parts[2]], in: folder, "\(parts[1]): segment 1/3 is given twice")

        let data = try bytes(parts[1])
        try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: path("cut.mp4")))
        try refuse(
            [parts[0], path("cut.mp4"), parts[2]], in: folder,
            "\(path("cut.mp4")): damaged or truncated (\(path("cut.mp4")) is damaged (a packet is cut short))")

        let other = try part(folder, "crf.mp4", 1, of: 3, ["--crf", "30"])
        try refuse(
            [parts[0], other, parts[2]], in: folder,
            "\(other) does not belong with \(parts[0]): options "
                + "{\"format\":\"mp4/h264\",\"crf\":30,\"preset\":\"medium\",\"chunkSeconds\":0.25} "
                + "instead of {\"format\":\"mp4/h264\",\"crf\":18,\"preset\":\"medium\",\"chunkSeconds\":0.25}")
        let ofTwo = try part(folder, "half.mp4", 1, of: 2, [])
        try refuse(
            [parts[0], ofTwo], in: folder,
            "\(ofTwo) does not belong with \(parts[0]): number of segments 2 instead of 3")

        _ = try folder.write("scene.yaml", Self.scene.replacingOccurrences(of: "orange", with: "red"))
        let changed = try part(folder, "changed.mp4", 1, of: 3, [])
        let result = try ReelProcess.run(["concat", parts[0], changed, parts[2], "-o", path("out.mp4")])
        #expect(
            result.status == 2
                && result.stderr.contains(
                    "\(changed) does not belong with \(parts[0]): scene or an image it reads (SHA-256) "),
            "\(result.stderr)")

        try refuse(
            [path("scene.yaml")], in: folder,
            "\(path("scene.yaml")): not a readable video (\(path("scene.yaml")): Reel reads videos and images named "
                + ".apng, .gif, .jpeg, .jpg, .m4v, .mkv, .mov, .mp4, .png, .webm, .webp; the extension picks the reader "
                + "(the content is never guessed), so rename or convert the file)"
        )
        #expect(!folder.contents.contains("out.mp4"))
    }

    /// The same scene file with another version of an image it shows is another scene.
    @Test func aPartRenderedWithAnotherImageIsRefused() throws {
        let folder = try TemporaryFolder()
        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
        func image(_ color: String) throws {
            _ = try MediaTools.run(
                "ffmpeg",
                ["-v", "error", "-y", "-f", "lavfi", "-i", "color=\(color):s=32x32", "-frames:v", "1", path("pic.png")])
        }
        try image("red")
        _ = try folder.write(
            "scene.yaml",
            Self.scene.replacingOccurrences(
                of: "timeline:", with: "  - { name: pic, frame: [100, 10, 32, 32], contents: pic.png }\ntimeline:"))
        let first = try part(folder, "p0.mp4", 0, of: 2, [])
        try image("blue")
        let second = try part(folder, "p1.mp4", 1, of: 2, [])
        let result = try ReelProcess.run(["concat", first, second, "-o", path("out.mp4")])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("\(second) does not belong with \(first): scene or an image it reads (SHA-256) "),
            "\(result.stderr)")
        #expect(!folder.contents.contains("out.mp4"))
    }

    @Test func segmentsThatCannotBeAreRefused() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene)
        let gif = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("a.gif").path, "--segment", "0/2"
        ])
        #expect(
            gif.status == 2
                && gif.stderr.contains("--segment cannot split a GIF: its one palette is chosen from every frame"),
            "\(gif.stderr)")
        let many = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("a.mp4").path, "--segment", "0/4",
            "--chunk-seconds", "1"
        ])
        #expect(many.status == 2)
        #expect(
            many.stderr
                == "error: --segment 0/4: the render has only 3 chunks of 1 s (30 frames), and a segment is made of "
                + "whole chunks; use at most 3 segments, or shorter chunks with --chunk-seconds\n")
        let bad = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("a.mp4").path, "--segment", "3/3"
        ])
        #expect(bad.status == 2)
        #expect(folder.contents == ["scene.yaml"])
    }

    @Test func helpExplainsSegmentsAndConcat() throws {
        let root = try ReelProcess.run(["--help"])
        #expect(root.stdout.contains("concat") && root.stdout.contains("--segment 3/8"), "\(root.stdout)")
        let concat = try ReelProcess.run(["concat", "--help"])
        #expect(concat.status == 0)
        #expect(
            concat.stdout.contains("byte for byte") && concat.stdout.contains("not the order they"), "\(concat.stdout)")
        let render = try ReelProcess.run(["render", "--help"])
        #expect(
            render.stdout.contains("--segment <I/N>") && render.stdout.contains("--chunk-seconds <s>"),
            "\(render.stdout)")
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene)
        let zero = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("a.mp4").path, "--chunk-seconds", "0"
        ])
        #expect(zero.status == 2 && zero.stderr.contains("--chunk-seconds must be greater than 0"), "\(zero.stderr)")
        let noParts = try ReelProcess.run(["concat", "-o", folder.url.appendingPathComponent("a.mp4").path])
        #expect(noParts.status == 2)
        #expect(folder.contents == ["scene.yaml"])
    }

    @Test func pngSequenceSegmentsAreTheWholeSequencesFrames() throws {
        let folder = try TemporaryFolder()
        _ = try ReelProcess.render(Self.scene, "whole-%03d.png", Self.chunks + ["--frames", "0-19"], in: folder)
        for i in 0..<2 { _ = try part(folder, "part-%03d.png", i, of: 2, ["--frames", "0-19"]) }
        for frame in 0..<20 {
            let name = String(format: "%03d.png", frame)
            #expect(
                try bytes(folder.url.appendingPathComponent("part-" + name).path)
                    == bytes(folder.url.appendingPathComponent("whole-" + name).path), "frame \(frame)")
        }
    }

    /// Above 4 MP each chunk's encoder is finished before the next opens (two would hold too
    /// much memory): the same bytes as segments joined all the same.
    @Test func largeFramesJoinIntoTheWholeRender() throws {
        let folder = try TemporaryFolder()
        let big = Self.scene.replacingOccurrences(
            of: "size: [160, 90], fps: 30, duration: 3", with: "size: [320, 180], scale: 12, fps: 10, duration: 0.4")
        let chunks = ["--chunk-seconds", "0.1"]
        let whole = try ReelProcess.render(big, "whole.mp4", chunks, in: folder)
        let probe = try StreamProbe.read(whole)
        #expect(probe.width == 3840 && probe.height == 2160 && probe.frames == 4)
        let parts = try (0..<2).map { i -> String in
            let out = folder.url.appendingPathComponent("p\(i).mp4").path
            let r = try ReelProcess.run(
                ["render", folder.url.appendingPathComponent("scene.yaml").path, "-o", out, "-q", "--segment", "\(i)/2"]
                    + chunks)
            try #require(r.status == 0, "\(r.stderr)")
            return out
        }
        let joined = folder.url.appendingPathComponent("joined.mp4").path
        #expect(try ReelProcess.run(["concat"] + parts + ["-o", joined, "-q"]).status == 0)
        #expect(try bytes(joined) == bytes(whole))
    }

    // MARK: - Machine independence

    @Test(
        "the same render with one core, one thread and the default gives the same bytes",
        arguments: ["mp4", "webm", "mov"])
    func bytesDoNotDependOnThreadsOrCores(ext: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene)
        let normal = try ReelProcess.render(Self.scene, "default.\(ext)", [], in: folder)
        let one = try ReelProcess.render(Self.scene, "one.\(ext)", ["--threads", "1"], in: folder)
        let pinned = folder.url.appendingPathComponent("core0.\(ext)").path
        let taskset = Process()
        taskset.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        taskset.arguments = ["-c", "0", ReelProcess.binary.path, "render", scene, "-o", pinned, "-q"]
        try taskset.run()
        taskset.waitUntilExit()
        try #require(taskset.terminationStatus == 0)
        #expect(try bytes(one) == bytes(normal), "--threads 1")
        #expect(
            try bytes(pinned) == bytes(normal), "taskset -c 0 (one core: encoders sized from the cores would differ)")
        let data = try bytes(normal)
        #expect(data.range(of: Data("creation_time".utf8)) == nil)
    }
}
