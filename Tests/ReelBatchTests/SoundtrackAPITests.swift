import Foundation
import Reel
import ReelTestSupport
import Testing

/// A Swift scene's soundtrack (`canvas.audio`, `RenderOptions.audio`) goes through the same job
/// as `reel render`'s.
@Suite(
    "Soundtracks from the Swift API",
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct SoundtrackAPITests {
    static func scene(audio: CanvasAudio?) -> Scene {
        var canvas = Canvas(size: CGSize(width: 64, height: 36), fps: 25, duration: 2)
        canvas.audio = audio
        let scene = Scene(canvas: canvas)
        let box = CALayer()
        box.frame = CGRect(x: 4, y: 4, width: 16, height: 16)
        box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0)
        scene.rootLayer.addSublayer(box)
        return scene
    }

    @Test func canvasAudioAndTheOptionBothReachTheFile() throws {
        let folder = try ScratchFolder()
        let tone = try folder.file("tone.wav")
        try AudioTools.tone(tone, seconds: 3)
        let result = try Self.scene(audio: CanvasAudio(file: tone, volume: 0.5)).render(to: try folder.file("a.mp4"))
        #expect(result.audio?.codec == .aac && result.audio?.copied == false)
        let samples = try AudioTools.samples(try folder.file("a.mp4"))
        let level = AudioTools.toneAmplitude / Float(2).squareRoot()
        #expect(
            abs(AudioTools.rms(samples, from: 48_000, count: 4_800) - 0.5 * level) < 0.03 * level,
            "volume 0.5 halves the tone")

        var options = RenderOptions()
        options.audio = tone
        let webm = try Self.scene(audio: nil).render(to: try folder.file("b.webm"), options: options)
        #expect(webm.audio?.codec == .opus)
        #expect(abs(try AudioTools.stream(try folder.file("b.webm")).duration - 2) <= 960.0 / 48_000)

        let silent = try Self.scene(audio: nil).render(to: try folder.file("c.mp4"))
        #expect(silent.audio == nil)
        #expect(try !AudioTools.hasAudio(try folder.file("c.mp4")))

        let bogus = try folder.write("bogus.wav", "not audio")
        #expect(throws: RenderJobError.self) {
            try Self.scene(audio: CanvasAudio(file: bogus)).render(to: try folder.file("d.mp4"))
        }
        #expect(!FileManager.default.fileExists(atPath: try folder.file("d.mp4")))
    }
}
