import ArgumentParser
import Foundation
import Reel

/// How frames are made and encoded: the flags `render`, `batch` and `submit` share, spelled one
/// way (`RenderOptions.init(limits:encoding:…)` turns them into a job's options).
struct EncodingOptions: ParsableArguments {
    @Option(
        name: [.customLong("fps"), .customShort("r")], parsing: .unconditional,
        help: ArgumentHelp(
            "Frames per second (default: the scene's canvas.fps; for GIF the nearest 100/n below it).", valueName: "n"))
    var fps: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point (default: the scene's canvas.scale).", valueName: "s"))
    var scale: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Quality: H.264/HEVC 0…51 (default 18/22), VP9 0…63 (default 28); lower is better and larger.",
            valueName: "q"))
    var crf: Int?

    @Option(
        help: ArgumentHelp(
            "Encoder speed: ultrafast … veryslow (slower makes smaller files; default \(VideoCodec.h264.defaultPreset ?? "")).",
            valueName: "p"))
    var preset: String?

    @Option(
        help: ArgumentHelp(
            "Codec within the format: h264 or hevc (.mp4, .mov), prores (.mov), vp9 (.webm).", valueName: "c"))
    var codec: String?

    @Option(
        name: .customLong("pix-fmt"),
        help: ArgumentHelp(
            "Pixel format: yuv420p10le for 10-bit HEVC (Main 10) or VP9 (profile 2), yuv422p10le for ProRes 422 HQ (.mov; default ProRes 4444, yuva444p10le). 10-bit output is dithered from Reel's 8-bit frames.",
            valueName: "fmt"))
    var pixelFormat: String?

    @Option(
        help: ArgumentHelp(
            "GIF dithering: bayer (default: a still pattern, small files), floyd-steinberg (smoothest gradients), none.",
            valueName: "mode"))
    var dither: String?

    @Option(
        help: ArgumentHelp(
            "A soundtrack (WAV, MP3, M4A, Ogg, FLAC …) instead of the scene's canvas.audio, played from its start at volume 1, cut or padded with silence to the video's length: AAC in .mp4/.mov, Opus in .webm; an error for GIF and PNG.",
            valueName: "file"),
        completion: .file())
    var audio: String?

    @Option(
        help: ArgumentHelp(
            "Motion blur: each frame the average of up to SAMPLES sub-frames (default 16; one per pixel of motion) over a shutter open ANGLE degrees of a frame (180: half a frame), centred on the frame's time as After Effects' default phase; replaces the scene's canvas.motionBlur.",
            valueName: "angle[:samples]"))
    var motionBlur: String?

    /// `--audio` as an absolute path: jobs run in other folders and processes (batch workers, Slurm).
    var audioPath: String? { audio.map { URL(fileURLWithPath: $0).standardizedFileURL.path } }
}
