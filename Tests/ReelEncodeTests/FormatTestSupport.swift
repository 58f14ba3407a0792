import Foundation
import ReelCore
import ReelEncode
import ReelTestSupport

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

/// The straight RGBA of pixel (x, y) in a decoded frame.
func pixel(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> (rgb: RGB, a: UInt8) {
    let i = (y * width + x) * 4
    return (RGB(r: frame[i], g: frame[i + 1], b: frame[i + 2]), frame[i + 3])
}
