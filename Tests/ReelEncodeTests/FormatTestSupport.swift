import Foundation
import ReelCore
import ReelEncode

/// A transparent test picture: a clear background, a half-transparent orange square that moves,
/// and an opaque blue bar that does not — alpha 0, 128 and 255 in every frame.
enum TranslucentScene {
    static let width = 128
    static let height = 96
    /// The square's straight colour and alpha.
    static let square = RGB(r: 240, g: 80, b: 20)
    static let squareAlpha: UInt8 = 128
    static let bar = RGB(r: 20, g: 60, b: 220)

    /// Top-left corner of the square in frame `k`.
    static func origin(frame k: Int) -> (x: Int, y: Int) { (8 + 4 * k, 16) }
    /// Where to sample: inside the square, inside the bar, and on the clear background.
    static func squarePoint(frame k: Int) -> (x: Int, y: Int) { (origin(frame: k).x + 16, 32) }
    static let barPoint = (x: 64, y: 84)
    static let clearPoint = (x: 120, y: 4)

    /// The square's colour as stored (premultiplied: c·a/255, rounded).
    static var premultipliedSquare: RGB {
        func p(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(squareAlpha) + 127) / 255) }
        return RGB(r: p(square.r), g: p(square.g), b: p(square.b))
    }

    static func render(frame k: Int, into buffer: PixelBuffer) {
        buffer.clear()
        let (sx, sy) = origin(frame: k)
        let s = premultipliedSquare
        for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<buffer.width {
                let p = row + x * 4
                if y >= 76 && y < 92 && x >= 8 && x < 120 {
                    (p[0], p[1], p[2], p[3]) = (bar.b, bar.g, bar.r, 255)
                } else if x >= sx && x < sx + 32 && y >= sy && y < sy + 32 {
                    (p[0], p[1], p[2], p[3]) = (s.b, s.g, s.r, squareAlpha)
                }
            }
        }
    }
}

/// Encoding through the parallel pipeline, as `reel render` does.
enum PipelineEncode {
    /// Encodes `frames` frames drawn by `draw` into a new `VideoEncoder` at `path` and finishes it.
    static func video(
        _ settings: VideoSettings, to path: String, frames: Int, threads: Int = 2,
        draw: @escaping FramePipeline.Draw
    ) throws {
        let encoder = try VideoEncoder(path: path, settings: settings)
        let first = settings.startFrame
        try FramePipeline(threads: threads).run(
            frames: first..<(first + frames), width: settings.width, height: settings.height, draw: draw, into: encoder)
        try encoder.finish()
    }

    static let movingSquare: FramePipeline.Draw = { k, buffer in MovingSquare.render(frame: k, into: buffer) }
    static let translucent: FramePipeline.Draw = { k, buffer in TranslucentScene.render(frame: k, into: buffer) }
}

/// What ffprobe says about the first video stream, decoding it to count frames.
struct StreamProbe {
    var codec: String
    var codecTag: String
    var pixelFormat: String
    var width: Int
    var height: Int
    var frameRate: String
    var frames: Int
    var startTime: Double
    var duration: Double
    var alphaMode: String?

    static func read(_ path: String) throws -> StreamProbe {
        let json = try Tools.run(Tools.ffprobe!, [
            "-v", "error", "-select_streams", "v:0", "-count_frames",
            "-show_entries", "stream=codec_name,codec_tag_string,pix_fmt,width,height,avg_frame_rate,nb_read_frames:stream_tags=alpha_mode,ALPHA_MODE",
            "-show_entries", "format=start_time,duration", "-of", "json", path,
        ])
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let stream = (object?["streams"] as? [[String: Any]])?.first ?? [:]
        let format = object?["format"] as? [String: Any] ?? [:]
        return StreamProbe(
            codec: stream["codec_name"] as? String ?? "", codecTag: stream["codec_tag_string"] as? String ?? "",
            pixelFormat: stream["pix_fmt"] as? String ?? "",
            width: stream["width"] as? Int ?? 0, height: stream["height"] as? Int ?? 0,
            frameRate: stream["avg_frame_rate"] as? String ?? "",
            frames: Int(stream["nb_read_frames"] as? String ?? "") ?? -1,
            startTime: Double(format["start_time"] as? String ?? "") ?? -1,
            duration: Double(format["duration"] as? String ?? "") ?? -1,
            alphaMode: ((stream["tags"] as? [String: Any]).flatMap { $0["alpha_mode"] ?? $0["ALPHA_MODE"] }) as? String)
    }
}

/// Decodes every frame of a file to straight RGBA with the ffmpeg CLI (an independent decoder;
/// `decoder: "libvpx-vp9"` reads VP9's alpha, which FFmpeg's own VP9 decoder ignores).
func decodeRGBA(_ path: String, width: Int, height: Int, decoder: String? = nil) throws -> [[UInt8]] {
    let input = (decoder.map { ["-c:v", $0] } ?? []) + ["-i", path]
    let raw = try [UInt8](Tools.run(Tools.ffmpeg!, ["-v", "error"] + input + ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
    let size = width * height * 4
    return stride(from: 0, to: raw.count, by: size).map { Array(raw[$0..<min($0 + size, raw.count)]) }
}

/// The straight RGBA of pixel (x, y) in a decoded frame.
func pixel(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> (rgb: RGB, a: UInt8) {
    let i = (y * width + x) * 4
    return (RGB(r: frame[i], g: frame[i + 1], b: frame[i + 2]), frame[i + 3])
}

enum FFmpegAvailability {
    static let tools = Tools.ffprobe != nil && Tools.ffmpeg != nil
}
