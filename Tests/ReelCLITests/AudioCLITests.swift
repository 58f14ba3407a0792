import Foundation
import ReelTestSupport
import Testing

/// Soundtracks through the command line: `canvas.audio`, `--audio`, segments and `reel concat`,
/// batches. Sound is made with the ffmpeg CLI and measured by decoding the outputs with it.
@Suite(
    "Soundtracks (canvas.audio, --audio)", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct AudioCLITests {
    /// 3 s at 30 fps, with `audio` as the canvas's soundtrack (nil: none).
    static func scene(audio: String?) -> String {
        """
        reel: 1
        canvas:
          size: [160, 90]
          fps: 30
          duration: 3
          background: "#102030"\(audio.map { "\n  audio: \($0)" } ?? "")
        layers:
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: orange }
        timeline:
          - at: 0
            add: { layer: box, key: move, animation: { keyPath: position.x, toValue: 130, duration: 3 } }
        """
    }

    static let level = AudioTools.toneAmplitude / Float(2).squareRoot()  // the test tone's RMS
    static let window = 2_400  // 50 ms at 48 kHz

    func path(_ folder: TemporaryFolder, _ name: String) -> String { folder.url.appendingPathComponent(name).path }
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(
        "canvas.audio in .mp4 and .webm: codec, channels, 48 kHz, the video's duration, fades and volume measured",
        arguments: [("mp4", "aac", 1_024), ("webm", "opus", 960)])
    func sceneSoundtrack(ext: String, codec: String, frameSamples: Int) throws {
        let folder = try TemporaryFolder()
        try AudioTools.tone(path(folder, "tone.wav"), seconds: 5, sampleRate: 44_100, channels: 2)
        let out = try ReelProcess.render(
            Self.scene(audio: "{ file: tone.wav, volume: 2, fadeIn: 1, fadeOut: 1 }"), "clip.\(ext)", in: folder)
        let stream = try AudioTools.stream(out)
        #expect(stream.codec == codec)
        #expect(stream.channels == 2)
        #expect(stream.sampleRate == 48_000)
        let video = try StreamProbe.read(out)
        #expect(video.frames == 90)
        #expect(abs(stream.duration - 3) <= Double(frameSamples) / 48_000, "audio \(stream.duration) s, video 3 s")

        let samples = try AudioTools.samples(out)
        #expect(abs(samples.count - 144_000) <= frameSamples, "\(samples.count) samples decoded for 3 s")
        let full = 2 * Self.level
        let first = AudioTools.rms(samples, from: 0, count: Self.window)
        let halfIn = AudioTools.rms(samples, from: 24_000 - Self.window / 2, count: Self.window)
        let middle = AudioTools.rms(samples, from: 72_000 - Self.window / 2, count: Self.window)
        let halfOut = AudioTools.rms(samples, from: 120_000 - Self.window / 2, count: Self.window)
        let last = AudioTools.rms(samples, from: samples.count - Self.window, count: Self.window)
        #expect(first < 0.05 * full, "the fade-in starts from silence: \(first)")
        #expect(
            abs(halfIn - 0.5 * full) < 0.05 * full, "halfway into the 1 s fade-in: \(halfIn), expected \(0.5 * full)")
        #expect(abs(middle - full) < 0.05 * full, "volume 2 doubles the tone: \(middle), expected \(full)")
        #expect(
            abs(halfOut - 0.5 * full) < 0.05 * full,
            "halfway through the fade-out, which ends at the video's end: \(halfOut)")
        #expect(last < 0.05 * full, "the last 50 ms are near silence: \(last)")
    }

    @Test("Audio shorter than the video is padded with silence; start plays the file from later on")
    func padAndStart() throws {
        let folder = try TemporaryFolder()
        try AudioTools.tone(path(folder, "one.flac"), seconds: 1)
        let padded = try ReelProcess.render(Self.scene(audio: "one.flac"), "padded.mp4", in: folder)
        let samples = try AudioTools.samples(padded)
        #expect(abs(try AudioTools.stream(padded).duration - 3) <= 1_024.0 / 48_000)
        #expect(
            abs(AudioTools.rms(samples, from: 24_000, count: 4_800) - Self.level) < 0.05 * Self.level,
            "the tone in the first second")
        #expect(AudioTools.rms(samples, from: 60_000, count: 80_000) < 0.01 * Self.level, "silence after it")

        // 5 s of tone from 4 s in: one second of sound, then silence; cut at the video's 3 s.
        try AudioTools.tone(path(folder, "five.mp3"), seconds: 5)
        let late = try ReelProcess.render(Self.scene(audio: "{ file: five.mp3, start: 4 }"), "late.webm", in: folder)
        let cut = try AudioTools.samples(late)
        #expect(abs(cut.count - 144_000) <= 960)
        #expect(abs(AudioTools.rms(cut, from: 19_200, count: 4_800) - Self.level) < 0.06 * Self.level)
        #expect(AudioTools.rms(cut, from: 60_000, count: 80_000) < 0.01 * Self.level)
    }

    @Test("--audio sets a soundtrack; an AAC file that already fits is copied, not re-encoded")
    func copiedWhenItFits() throws {
        let folder = try TemporaryFolder()
        let aac = path(folder, "fits.m4a")
        try AudioTools.tone(aac, seconds: 3, sampleRate: 48_000, channels: 2, codec: "aac")
        let scene = try folder.write("scene.yaml", Self.scene(audio: nil))
        let out = path(folder, "clip.mp4")
        let result = try ReelProcess.run(["render", scene, "-o", out, "--audio", aac])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("AAC stereo sound (copied)"), "the summary says so: \(result.stderr)")
        #expect(try AudioTools.packetHashes(out) == (try AudioTools.packetHashes(aac)), "the file's packets, unchanged")
        #expect(abs(try AudioTools.stream(out).duration - 3) <= 1_024.0 / 48_000)

        // The same file in a WebM needs Opus: encoded.
        let webm = path(folder, "clip.webm")
        let encoded = try ReelProcess.run(["render", scene, "-o", webm, "--audio", aac])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(encoded.stderr.contains("Opus stereo sound") && !encoded.stderr.contains("copied"), "\(encoded.stderr)")
    }

    @Test("A bad or missing sound file is an error at its place in the scene: exit 2, nothing written")
    func badFiles() throws {
        let folder = try TemporaryFolder()
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: path(folder, "noise.mp3")))
        let scene = try folder.write("scene.yaml", Self.scene(audio: "{ file: noise.mp3, fadeIn: 0.5 }"))
        let out = path(folder, "clip.mp4")
        let bad = try ReelProcess.run(["render", scene, "-o", out])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains("scene.yaml:7:18: error: audio file 'noise.mp3' cannot be used as a soundtrack"),
            "\(bad.stderr)")

        _ = try folder.write("scene.yaml", Self.scene(audio: "missing.wav"))
        let missing = try ReelProcess.run(["render", scene, "-o", out])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains("scene.yaml:7:10: error: audio file 'missing.wav' is missing"), "\(missing.stderr)")

        _ = try folder.write("scene.yaml", Self.scene(audio: "{ file: missing.wav, volume: 5, fade: 1 }"))
        let fields = try ReelProcess.run(["validate", scene])
        #expect(fields.status == 2)
        #expect(
            fields.stderr.contains("scene.yaml:7:39: error: audio volume must be between 0 and 4, found 5"),
            "\(fields.stderr)")
        #expect(fields.stderr.contains("scene.yaml:7:42: error: unknown key 'fade' in 'audio'"), "\(fields.stderr)")

        // Playing from past the file's end is allowed, but silent: a warning says so.
        try AudioTools.tone(path(folder, "short.wav"), seconds: 2)
        _ = try folder.write("scene.yaml", Self.scene(audio: "{ file: short.wav, start: 2.5 }"))
        let past = try ReelProcess.run(["validate", scene])
        #expect(
            past.stderr.contains(
                "scene.yaml:7:18: warning: audio start 2.5 s is past the end of 'short.wav' (2 s): the video is silent"),
            "\(past.stderr)")
        try FileManager.default.removeItem(atPath: path(folder, "short.wav"))

        _ = try folder.write("scene.yaml", Self.scene(audio: nil))
        let option = try ReelProcess.run(["render", scene, "-o", out, "--audio", path(folder, "noise.mp3")])
        #expect(option.status == 2)
        #expect(option.stderr.contains("--audio: not usable as a soundtrack"), "\(option.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(folder.contents == ["noise.mp3", "scene.yaml"], "no temporary left: \(folder.contents)")
    }

    @Test("GIF and PNG have no sound: --audio is an error; canvas.audio is left out with a note")
    func silentFormats() throws {
        let folder = try TemporaryFolder()
        try AudioTools.tone(path(folder, "tone.wav"), seconds: 1)
        let silent = try folder.write("silent.yaml", Self.scene(audio: nil))
        for output in ["clip.gif", "frame-%04d.png"] {
            let refused = try ReelProcess.run([
                "render", silent, "-o", path(folder, output), "--audio", path(folder, "tone.wav")
            ])
            #expect(refused.status == 2)
            #expect(
                refused.stderr.contains("has no sound; write .mp4 or .mov (AAC) or .webm (Opus)"), "\(refused.stderr)")
        }
        #expect(folder.contents == ["silent.yaml", "tone.wav"])
        let scene = try folder.write("scene.yaml", Self.scene(audio: "tone.wav"))
        let gif = try ReelProcess.run(["render", scene, "-o", path(folder, "clip.gif")])
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect(gif.stderr.contains("note: a GIF has no sound: canvas.audio is left out"), "\(gif.stderr)")
        #expect(try StreamProbe.read(path(folder, "clip.gif")).frames > 0)
    }

    @Test(
        "Segments joined by reel concat, parallel segments and one render: the same bytes with sound",
        arguments: ["mp4", "webm"])
    func segmentsWithSound(ext: String) throws {
        let folder = try TemporaryFolder()
        try AudioTools.tone(path(folder, "tone.ogg"), seconds: 5, channels: 2)
        let chunks = ["--chunk-seconds", "0.5"]
        let whole = try ReelProcess.render(
            Self.scene(audio: "{ file: tone.ogg, fadeOut: 0.5 }"), "whole.\(ext)", chunks, in: folder)
        #expect(try AudioTools.hasAudio(whole))
        let scene = path(folder, "scene.yaml")
        let parts = try (0..<3).map { i -> String in
            let part = path(folder, "part\(i).\(ext)")
            let result = try ReelProcess.run(["render", scene, "-o", part, "-q", "--segment", "\(i)/3"] + chunks)
            try #require(result.status == 0, "\(result.stderr)")
            #expect(try !AudioTools.hasAudio(part), "parts are silent: the join adds the sound")
            return part
        }
        let joined = path(folder, "joined.\(ext)")
        let concat = try ReelProcess.run(["concat", parts[2], parts[0], parts[1], "-o", joined])
        #expect(concat.status == 0, "\(concat.stderr)")
        #expect(try bytes(joined) == bytes(whole), "reel concat with sound is the whole render, byte for byte")
        let parallel = try ReelProcess.render(
            Self.scene(audio: "{ file: tone.ogg, fadeOut: 0.5 }"), "parallel.\(ext)",
            chunks + ["--parallel-segments", "3", "--threads", "1"], in: folder)
        #expect(try bytes(parallel) == bytes(whole))
        let again = try ReelProcess.render(
            Self.scene(audio: "{ file: tone.ogg, fadeOut: 0.5 }"), "again.\(ext)", chunks, in: folder)
        #expect(try bytes(again) == bytes(whole), "the same bytes on every run")

        // Another sound file under the same name: the parts no longer describe it.
        try AudioTools.tone(path(folder, "tone.ogg"), seconds: 5, frequency: 660, channels: 2)
        let stale = try ReelProcess.run(["concat"] + parts + ["-o", path(folder, "stale.\(ext)")])
        #expect(stale.status == 2)
        #expect(stale.stderr.contains("tone.ogg changed since the parts were rendered"), "\(stale.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path(folder, "stale.\(ext)")))
    }

    @Test("Batch: a manifest's audio (relative to it) and the sound file as an input of the up-to-date check")
    func batch() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("jobs"), withIntermediateDirectories: true)
        try AudioTools.tone(path(folder, "jobs/music.wav"), seconds: 2)
        _ = try folder.write("jobs/a.yaml", Self.scene(audio: nil))
        _ = try folder.write(
            "jobs/nightly.yaml", "reel-batch: 1\njobs:\n  - { scene: a.yaml, output: a.mp4, audio: music.wav }\n")
        let first = try ReelProcess.run(["batch", "jobs/nightly.yaml", "-o", "out", "-q"], in: folder.url)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let output = path(folder, "out/a.mp4")
        #expect(try AudioTools.stream(output).codec == "aac")
        let unchanged = try ReelProcess.run(["batch", "jobs/nightly.yaml", "-o", "out", "--dry-run"], in: folder.url)
        #expect(unchanged.stdout.contains("0 of 1 jobs would render"), "\(unchanged.stdout)")
        try AudioTools.tone(path(folder, "jobs/music.wav"), seconds: 2, frequency: 880)
        let changed = try ReelProcess.run(["batch", "jobs/nightly.yaml", "-o", "out", "--dry-run"], in: folder.url)
        #expect(changed.stdout.contains("music.wav changed"), "\(changed.stdout)")
    }
}
