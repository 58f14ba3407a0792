import Foundation
import ReelTestSupport
import Testing

/// Media files Reel reads but did not write — given to `reel diff`, left in a `--baseline`
/// folder, joined by `reel concat`, used as a soundtrack — made hostile: playlists in disguise,
/// FIFOs, headers claiming huge frames or absurd audio. Each run must end (a hang is a kill at
/// `HostileSceneTests.deadline`), with the exit status the command promises, under 600 MB, and
/// leave nothing behind.
@Suite("Hostile media files")
struct HostileMediaTests {
    /// Five frames at 10 fps: rendering it takes a moment.
    static let scene = """
        reel: 1
        canvas: { size: [160, 90], fps: 10, duration: 0.5, background: "#102030" }
        layers:
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: orange }
        """

    /// An HLS playlist and an ffconcat list, each naming `clip.mkv` beside it: FFmpeg's probing
    /// picks their demuxers by content, whatever the file is called.
    static let playlists = [
        ("hls", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nclip.mkv\n#EXT-X-ENDLIST\n"),
        ("ffconcat", "ffconcat version 1.0\nfile clip.mkv\n")
    ]

    static func expectBounded(
        _ run: HostileSceneTests.Measured, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            !run.hung, "\(what) hung: killed after \(Int(HostileSceneTests.deadline)) s", sourceLocation: sourceLocation
        )
        #expect((run.peakKB ?? 0) < 600_000, "\(what) peaked at \(run.peakKB ?? 0) KB", sourceLocation: sourceLocation)
    }

    /// `scene` rendered by `reel render` into `folder` as `name`; its path.
    static func render(_ name: String, in folder: TemporaryFolder) throws -> String {
        let scene = try folder.write("render.yaml", Self.scene)
        let path = folder.url.appendingPathComponent(name).path
        let result = try ReelProcess.run(["render", scene, "-o", path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        try FileManager.default.removeItem(atPath: scene)
        return path
    }

    // MARK: Reads outside what the user named

    @Test("a playlist named .mp4 is not followed by reel diff", arguments: playlists)
    func playlistGivenToDiff(kind: String, text: String) throws {
        let folder = try TemporaryFolder()
        let real = try Self.render("real.webm", in: folder)
        try FileManager.default.copyItem(atPath: real, toPath: folder.url.appendingPathComponent("clip.mkv").path)
        let fake = try folder.write("fake.mp4", text)
        let run = try HostileSceneTests.measure(["diff", fake, real])
        Self.expectBounded(run, "diff of a \(kind) list")
        #expect(run.status == 2, "\(kind): a list of other files is not a video (today: identical): \(run.stderr)")
        #expect(run.stderr.contains("A: cannot read \(fake) as MP4/MOV"), "\(run.stderr)")
        #expect(folder.contents == ["clip.mkv", "fake.mp4", "real.webm"], "nothing left behind")
    }

    @Test("a playlist named like a baseline output is changed, not unchanged")
    func playlistAsBaseline() throws {
        let folder = try TemporaryFolder()
        _ = try BatchCLITests.write(folder, "scenes/s.yaml", Self.scene)
        _ = try BatchCLITests.write(folder, "base/s.mp4", Self.playlists[0].1)
        // The playlist leads to the very frames the scene renders: followed, it compares unchanged.
        let clip = try Self.render("base/clip.webm", in: folder)
        try FileManager.default.moveItem(atPath: clip, toPath: folder.url.appendingPathComponent("base/clip.mkv").path)
        let report = folder.url.appendingPathComponent("r.json").path
        let run = try HostileSceneTests.measure([
            "batch", folder.url.appendingPathComponent("scenes").path, "-o",
            folder.url.appendingPathComponent("out").path,
            "--baseline", folder.url.appendingPathComponent("base").path, "--report", report, "--quiet"
        ])
        Self.expectBounded(run, "batch --baseline")
        #expect(run.status == 0, "\(run.stderr)")
        let baseline = try #require(try BatchCLITests.jobs(report)["s.yaml"]?.job["baseline"] as? [String: Any])
        #expect(baseline["status"] as? String == "changed", "a playlist is not last night's output: \(baseline)")
        #expect((baseline["note"] as? String ?? "").contains("cannot decode"), "\(baseline)")
        #expect(baseline["baselinePNG"] == nil, "no frames from elsewhere in the report: \(baseline.keys)")
    }

    // MARK: Hangs

    @Test("FIFOs are refused without blocking: reel diff, reel concat, a --baseline folder")
    func fifos() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("fifo.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let real = try Self.render("real.mp4", in: folder)

        let diff = try HostileSceneTests.measure(["diff", fifo, real])
        Self.expectBounded(diff, "diff of a FIFO")
        #expect(diff.status == 2 && diff.stderr.contains("\(fifo): not a regular file"), "\(diff.stderr)")

        let joined = folder.url.appendingPathComponent("joined.mp4").path
        let concat = try HostileSceneTests.measure(["concat", fifo, "-o", joined, "--quiet"])
        Self.expectBounded(concat, "concat of a FIFO")
        #expect(concat.status == 2 && concat.stderr.contains("not a regular file"), "\(concat.stderr)")

        _ = try BatchCLITests.write(folder, "scenes/s.yaml", Self.scene)
        let base = folder.url.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        #expect(mkfifo(base.appendingPathComponent("s.mp4").path, 0o600) == 0)
        let report = folder.url.appendingPathComponent("r.json").path
        let batch = try HostileSceneTests.measure([
            "batch", folder.url.appendingPathComponent("scenes").path, "-o",
            folder.url.appendingPathComponent("out").path,
            "--baseline", base.path, "--report", report, "--quiet"
        ])
        Self.expectBounded(batch, "batch with a FIFO baseline")
        #expect(batch.status == 0, "\(batch.stderr)")
        let baseline = try #require(try BatchCLITests.jobs(report)["s.yaml"]?.job["baseline"] as? [String: Any])
        #expect(baseline["status"] as? String == "changed", "\(baseline)")
        #expect((baseline["note"] as? String ?? "").contains("not a regular file"), "\(baseline)")
        #expect(folder.contents == ["base", "fifo.mp4", "out", "r.json", "real.mp4", "scenes"], "nothing left behind")
    }

    // MARK: Memory from tiny inputs

    /// A 29-byte GIF: a screen and an image of 16 000 × 16 000 pixels, no palette, a scrap of data.
    static let hugeGIF: [UInt8] =
        Array("GIF89a".utf8) + [0x80, 0x3E, 0x80, 0x3E, 0, 0, 0]
        + [0x2C, 0, 0, 0, 0, 0x80, 0x3E, 0x80, 0x3E, 0] + [0x08, 0x02, 0x4C, 0x01, 0x00, 0x3B]

    @Test("a 29-byte GIF claiming 16000×16000 pixels is refused from its header")
    func hugeGIFGivenToDiff() throws {
        let folder = try TemporaryFolder()
        let gif = folder.url.appendingPathComponent("big.gif").path
        try Data(Self.hugeGIF).write(to: URL(fileURLWithPath: gif))
        let run = try HostileSceneTests.measure(["diff", gif, gif])
        Self.expectBounded(run, "diff of a huge GIF")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "\(gif) is 16000×16000 pixels; Reel decodes images and video frames of at most 40000000 pixels"),
            "\(run.stderr)")
    }

    @Test(
        "a small PNG of 8000×8000 pixels is refused from its header",
        .enabled(if: MediaTools.available, "needs ffmpeg to make the PNG"))
    func hugePNGGivenToDiff() throws {
        let folder = try TemporaryFolder()
        let png = folder.url.appendingPathComponent("big.png").path
        _ = try MediaTools.run(
            "ffmpeg",
            ["-v", "error", "-f", "lavfi", "-i", "color=black:s=8000x8000", "-frames:v", "1", "-pix_fmt", "rgb24", png])
        let run = try HostileSceneTests.measure(["diff", png, png])
        Self.expectBounded(run, "diff of an 8000×8000 PNG")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("\(png) is 8000×8000 pixels"), "\(run.stderr)")
    }

    /// A WAV file of 16-bit PCM samples with the header's rate and channel count.
    static func wav(sampleRate: UInt32, channels: UInt16, bytes: Int = 6000) -> Data {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        let fmt =
            le(UInt16(1)) + le(channels) + le(sampleRate) + le(sampleRate * UInt32(channels) * 2)
            + le(channels * 2) + le(UInt16(16))
        let samples = [UInt8](repeating: 0x10, count: bytes)
        let body =
            Array("WAVE".utf8) + Array("fmt ".utf8) + le(UInt32(16)) + fmt + Array("data".utf8)
            + le(UInt32(bytes)) + samples
        return Data(Array("RIFF".utf8) + le(UInt32(body.count)) + body)
    }

    @Test(
        "audio outside the rates and channel counts Reel reads is refused before decoding",
        arguments: [(UInt32(1), UInt16(1), "is sampled at 1 Hz"), (48_000, 300, "has 300 channels")])
    func absurdAudio(rate: UInt32, channels: UInt16, message: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene)
        let audio = folder.url.appendingPathComponent("odd.wav").path
        try Self.wav(sampleRate: rate, channels: channels, bytes: 6000 / Int(channels) * Int(channels))
            .write(to: URL(fileURLWithPath: audio))
        let output = folder.url.appendingPathComponent("out.mp4").path
        let run = try HostileSceneTests.measure(["render", scene, "-o", output, "--audio", audio, "--quiet"])
        Self.expectBounded(run, "render with \(rate) Hz, \(channels) channels")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("\(audio): its audio \(message)"), "\(run.stderr)")
        #expect(folder.contents == ["odd.wav", "s.yaml"], "nothing written")
    }
}
