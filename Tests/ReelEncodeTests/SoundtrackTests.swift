import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelEncode

/// Soundtracks encoded with the frames, measured by decoding the files with the ffmpeg CLI.
@Suite("Soundtracks", .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct SoundtrackTests {
    static let rate = AudioCodec.sampleRate

    /// Encodes `frames` frames at `fps` into `path` (the extension picks MP4 or WebM) with `soundtrack`.
    static func video(
        _ path: String, frames: Int, fps: Double, soundtrack: CanvasAudio,
        container: VideoContainer
    ) throws -> EncodedAudio {
        let count = Int((Double(frames) / fps * Double(rate)).rounded())
        let audio = try SoundtrackEncoder.encode(
            soundtrack, codec: container.audioCodec!, firstSample: 0, sampleCount: count)
        let codec: VideoCodec = container == .webm ? .vp9 : .h264
        let settings = VideoSettings(
            width: MovingSquare.width, height: MovingSquare.height, fps: fps, codec: codec, container: container,
            preset: codec == .h264 ? "ultrafast" : nil)
        let encoder = try VideoEncoder(path: path, settings: settings, audio: audio)
        let buffer = PixelBuffer(width: MovingSquare.width, height: MovingSquare.height)
        for k in 0..<frames {
            MovingSquare.render(frame: k, into: buffer)
            try encoder.append(buffer)
        }
        try encoder.finish()
        return audio
    }

    @Test(
        "AAC in MP4 and Opus in WebM: codec, 48 kHz, channels, the video's duration",
        arguments: [VideoContainer.mp4, .webm])
    func codecAndDuration(container: VideoContainer) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tone = folder.file("tone.wav")
        try AudioTools.tone(tone, seconds: 5, sampleRate: 44_100, channels: 2)
        let out = folder.file("clip.\(container.rawValue)")
        let audio = try Self.video(out, frames: 60, fps: 30, soundtrack: CanvasAudio(file: tone), container: container)
        #expect(!audio.copied)
        let stream = try AudioTools.stream(out)
        #expect(stream.codec == (container == .mp4 ? "aac" : "opus"))
        #expect(stream.channels == 2)
        #expect(stream.sampleRate == 48_000)
        let video = try StreamProbe.read(out)
        #expect(video.frames == 60)
        let frame = Double(audio.codec.frameSamples) / 48_000
        #expect(abs(stream.duration - 2.0) <= frame, "audio lasts \(stream.duration) s, the video 2 s")
        // Decoded, the sound is as long as the video too (priming removed by the player).
        let samples = try AudioTools.samples(out)
        #expect(abs(samples.count - 96_000) <= audio.codec.frameSamples, "decoded \(samples.count) samples for 2 s")
    }

    @Test("Volume and linear fades, measured: rising from silence, level in the middle, silent at the end")
    func fades() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tone = folder.file("tone.flac")
        try AudioTools.tone(tone, seconds: 5)
        let out = folder.file("clip.mp4")
        _ = try Self.video(
            out, frames: 90, fps: 30, soundtrack: CanvasAudio(file: tone, volume: 2, fadeIn: 1, fadeOut: 1),
            container: .mp4)
        let samples = try AudioTools.samples(out)
        let window = 2_400  // 50 ms
        let full = 2 * AudioTools.toneAmplitude / Float(2).squareRoot()  // the sine's RMS at volume 2
        let start = AudioTools.rms(samples, from: 0, count: window)
        let quarter = AudioTools.rms(samples, from: 12_000 - window / 2, count: window)  // 0.25 s into a 1 s fade
        let middle = AudioTools.rms(samples, from: 72_000 - window / 2, count: window)  // 1.5 s: no fade
        let end = AudioTools.rms(samples, from: samples.count - window, count: window)
        #expect(start < 0.05 * full, "start \(start)")
        #expect(
            abs(quarter - 0.25 * full) < 0.03 * full, "a quarter into the fade-in: \(quarter), expected \(0.25 * full)")
        #expect(abs(middle - full) < 0.03 * full, "middle \(middle), expected \(full)")
        #expect(end < 0.05 * full, "end \(end)")
    }

    @Test("Shorter audio is padded with silence; longer audio is cut; start skips into the file")
    func padTrimAndStart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let short = folder.file("short.wav")
        try AudioTools.tone(short, seconds: 1)
        let out = folder.file("padded.webm")
        _ = try Self.video(out, frames: 60, fps: 30, soundtrack: CanvasAudio(file: short), container: .webm)
        let samples = try AudioTools.samples(out)
        let level = AudioTools.toneAmplitude / Float(2).squareRoot()
        #expect(abs(AudioTools.rms(samples, from: 24_000, count: 4_800) - level) < 0.05 * level)
        #expect(AudioTools.rms(samples, from: 60_000, count: 24_000) < 0.01 * level, "after the file's 1 s: silence")
        #expect(abs(try AudioTools.stream(out).duration - 2) <= 960.0 / 48_000)

        // 5 s of tone from 4.5 s into the file: half a second of sound, then silence; 2 s long.
        let long = folder.file("long.wav")
        try AudioTools.tone(long, seconds: 5)
        let late = folder.file("late.mp4")
        _ = try Self.video(late, frames: 60, fps: 30, soundtrack: CanvasAudio(file: long, start: 4.5), container: .mp4)
        let cut = try AudioTools.samples(late)
        #expect(abs(cut.count - 96_000) <= 1_024)
        #expect(abs(AudioTools.rms(cut, from: 9_600, count: 4_800) - level) < 0.05 * level)
        #expect(AudioTools.rms(cut, from: 36_000, count: 48_000) < 0.01 * level)
    }

    @Test("An AAC file that already fits is copied packet for packet")
    func copiesWhatFits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let aac = folder.file("fits.m4a")
        try AudioTools.tone(aac, seconds: 2, sampleRate: 48_000, codec: "aac")
        let out = folder.file("clip.mp4")
        let audio = try Self.video(out, frames: 60, fps: 30, soundtrack: CanvasAudio(file: aac), container: .mp4)
        #expect(audio.copied)
        #expect(try AudioTools.packetHashes(out) == (try AudioTools.packetHashes(aac)))
        #expect(abs(try AudioTools.stream(out).duration - 2) <= 1_024.0 / 48_000)

        // The same file with a fade is re-encoded.
        let faded = folder.file("faded.mp4")
        let encoded = try Self.video(
            faded, frames: 60, fps: 30, soundtrack: CanvasAudio(file: aac, fadeOut: 0.5), container: .mp4)
        #expect(!encoded.copied)
        #expect(try AudioTools.packetHashes(faded) != (try AudioTools.packetHashes(aac)))
    }

    @Test("The same inputs give the same bytes")
    func deterministic() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tone = folder.file("tone.mp3")
        try AudioTools.tone(tone, seconds: 3)
        for container in [VideoContainer.mp4, .webm] {
            let a = folder.file("a.\(container.rawValue)"), b = folder.file("b.\(container.rawValue)")
            let settings = CanvasAudio(file: tone, volume: 0.5, fadeIn: 0.2)
            _ = try Self.video(a, frames: 30, fps: 30, soundtrack: settings, container: container)
            _ = try Self.video(b, frames: 30, fps: 30, soundtrack: settings, container: container)
            #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
        }
    }

    @Test("A file that is not audio is refused with FFmpeg's reason")
    func notAudio() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bogus = folder.file("bogus.wav")
        try Data("this is not a wave file".utf8).write(to: URL(fileURLWithPath: bogus))
        #expect(throws: EncodeError.self) { try CanvasAudio(file: bogus).probe() }
        #expect(throws: EncodeError.self) { try CanvasAudio(file: folder.file("missing.wav")).probe() }
        #expect(throws: EncodeError.self) { try CanvasAudio(file: bogus, volume: 5).validate() }
        let tone = folder.file("tone.ogg")
        try AudioTools.tone(tone, seconds: 1, channels: 2)
        let info = try CanvasAudio(file: tone).probe()
        #expect(info.channels == 2)
        #expect(abs((info.duration ?? 0) - 1) < 0.05)
    }
}
