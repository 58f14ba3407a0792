import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelEncode

/// A dark two-colour gradient (navy to plum across, darker downwards) with an orange square
/// moving over it: the picture whose GIF showed crosshatch bands.
enum DarkGradient {
    static let width = 160, height = 96
    static func colour(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let t = Double(x) / Double(width - 1), shade = 1 - 0.5 * Double(y) / Double(height - 1)
        func mix(_ a: Double, _ b: Double) -> Int { Int(((a + (b - a) * t) * shade).rounded()) }
        return (mix(10, 70), mix(14, 24), mix(48, 64))
    }
    static let draw: FramePipeline.Draw = { k, buffer in
        for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<buffer.width {
                let inSquare = x >= 10 + 8 * k && x < 34 + 8 * k && y >= 36 && y < 60
                let c = inSquare ? (r: 250, g: 140, b: 30) : colour(x, y)
                row[x] = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
    }

    /// PSNR (dB) of the decoded GIF frames against the frames drawn, over RGB, pixel by pixel
    /// (`block` 1) or of `block`×`block` means — what the eye sees of a fine pattern, where
    /// bands show and a dither does not.
    static func psnr(_ decoded: [[UInt8]], block: Int = 1) -> Double {
        let buffer = PixelBuffer(width: width, height: height)
        var squared = 0.0, samples = 0.0
        for (k, frame) in decoded.enumerated() {
            draw(k, buffer)
            for by in stride(from: 0, to: height - block + 1, by: block) {
                for bx in stride(from: 0, to: width - block + 1, by: block) {
                    var sums = [0, 0, 0, 0, 0, 0]
                    for y in by..<by + block {
                        for x in bx..<bx + block {
                            let p = buffer.premultipliedRGBA(x: x, y: y), i = (y * width + x) * 4
                            sums[0] += Int(p.r) - Int(frame[i])
                            sums[1] += Int(p.g) - Int(frame[i + 1])
                            sums[2] += Int(p.b) - Int(frame[i + 2])
                        }
                    }
                    for c in 0..<3 {
                        let e = Double(sums[c]) / Double(block * block)
                        squared += e * e
                        samples += 1
                    }
                }
            }
        }
        return 10 * log10(255 * 255 / (squared / samples))
    }
}

/// GIF dithering: the three modes as decoded by FFmpeg, against goldens and against the frames.
@Suite("GIF dithering", .enabled(if: MediaTools.ffmpeg != nil, "ffmpeg is not installed"))
struct GIFDitherTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    private func decodedGIF(_ dither: GIFDither?, frames: Int = 4) throws -> [[UInt8]] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("gradient.gif")
        var settings = VideoSettings(width: DarkGradient.width, height: DarkGradient.height, fps: 25, codec: .gif)
        settings.dither = dither
        try PipelineEncode.video(settings, to: path, frames: frames, draw: DarkGradient.draw)
        let decoded = try MediaTools.frames(path, width: DarkGradient.width, height: DarkGradient.height)
        try #require(decoded.count == frames)
        return decoded
    }

    @Test("each mode's decoded frame matches its golden", arguments: GIFDither.allCases)
    func goldens(dither: GIFDither) throws {
        let frame = try decodedGIF(dither)[2]
        let buffer = PixelBuffer(width: DarkGradient.width, height: DarkGradient.height)
        frame.withUnsafeBytes { rgba in
            for y in 0..<buffer.height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<buffer.width {
                    let i = (y * buffer.width + x) * 4
                    row[x] = 0xFF00_0000 | UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
                }
            }
        }
        try GoldenImages.check(buffer, "gif-dither-\(dither.rawValue)", in: Self.golden)
    }

    @Test("dithering is closer to the frames than the nearest colour, and error diffusion closest")
    func fidelity() throws {
        var psnr: [GIFDither: (Double, Double)] = [:]
        for dither in GIFDither.allCases {
            let decoded = try decodedGIF(dither)
            psnr[dither] = (DarkGradient.psnr(decoded), DarkGradient.psnr(decoded, block: 4))
        }
        print("GIF PSNR on the dark gradient (pixels, 4×4 means):", psnr.map { "\($0.key.rawValue) \($0.value)" })
        let none = psnr[GIFDither.none]!, bayer = psnr[.bayer]!, diffused = psnr[.floydSteinberg]!
        #expect(diffused.1 > none.1)
        #expect(bayer.1 > none.1)
    }

    @Test("Bayer is the default, and other codecs refuse --dither")
    func defaults() throws {
        #expect(try decodedGIF(nil) == decodedGIF(.bayer))
        var settings = VideoSettings(width: 64, height: 64, fps: 30)
        settings.dither = GIFDither.none
        #expect(throws: EncodeError.self) { try settings.validate() }
        #expect(throws: EncodeError.self) { try GIFDither(named: "atkinson") }
    }

    @Test("the palette pass draws at most 32 frames, spread over the clip, first and last included")
    func sample() {
        let sample = AnalysisSample(10..<310)
        let frames = (0..<sample.count).map(sample.frame)
        #expect(frames.count == 32)
        #expect(frames.first == 10 && frames.last == 309)
        #expect(frames == frames.sorted() && Set(frames).count == 32)
        let short = AnalysisSample(5..<9)
        #expect((0..<short.count).map(short.frame) == [5, 6, 7, 8])
    }
}
