import CFFmpeg
import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelEncode

/// Reel's yuv420p conversion against BT.709's formula (`limitedRangeYCbCr`, straight from the
/// standard) and against FFmpeg's decoder: independent of the reference the C paths are tested on.
@Suite("Reel's yuv420p conversion is BT.709, limited range, chroma averaged over 2×2 blocks")
struct YUV420ColorTests {
    /// The reference's conversion of a `width` × `height` picture whose pixel (x, y) is `color(x, y)`.
    static func convert(_ width: Int, _ height: Int, _ color: (Int, Int) -> RGB) -> YUV420Reference.Planes {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                (bytes[(y * width + x) * 4], bytes[(y * width + x) * 4 + 1], bytes[(y * width + x) * 4 + 2]) = (
                    c.b, c.g, c.r
                )
            }
        }
        return bytes.withUnsafeBytes {
            YUV420Reference.convert($0.baseAddress!, stride: width * 4, width: width, height: height)
        }
    }

    static func bt709(_ c: RGB) -> (y: Double, cb: Double, cr: Double) { limitedRangeYCbCr(c, kr: 0.2126, kb: 0.0722) }

    /// Rounded to nearest, a value lands within half a level; the weights' own rounding adds at
    /// most 0.005 (docs/color.md).
    static let tolerance = 0.505

    @Test("the weights are docs/color.md's")
    func weights() {
        let k = YUV420Coefficients.bt709
        #expect([k.yR, k.yG, k.yB] == [5983, 20127, 2032] as [Int])
        #expect([k.uR, k.uG, k.uB] == [-3298, -11094, 14392] as [Int])
        #expect([k.vR, k.vG, k.vB] == [14392, -13072, -1320] as [Int])
    }

    @Test("flat colours land within half a level of BT.709's formula, greys exactly neutral, black 16 and white 235")
    func flatColours() {
        var colours = (0...255).map { RGB(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    colours.append(RGB(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
                }
            }
        }
        for c in colours {
            let planes = Self.convert(2, 2) { _, _ in c }
            let exact = Self.bt709(c)
            #expect(
                planes.y.allSatisfy { abs(Double($0) - exact.y) <= Self.tolerance },
                "Y of \(c): \(planes.y[0]), BT.709 \(exact.y)")
            #expect(
                abs(Double(planes.u[0]) - exact.cb) <= Self.tolerance, "Cb of \(c): \(planes.u[0]), BT.709 \(exact.cb)")
            #expect(
                abs(Double(planes.v[0]) - exact.cr) <= Self.tolerance, "Cr of \(c): \(planes.v[0]), BT.709 \(exact.cr)")
            if c.r == c.g && c.g == c.b { #expect(planes.u[0] == 128 && planes.v[0] == 128, "grey \(c.r)") }
        }
        #expect(Self.convert(1, 1) { _, _ in RGB(r: 0, g: 0, b: 0) }.y == [16] as [UInt8])
        #expect(Self.convert(1, 1) { _, _ in RGB(r: 255, g: 255, b: 255) }.y == [235] as [UInt8])
    }

    @Test("chroma is the average of each 2×2 block, the last column and row repeated at odd edges")
    func boxAverage() {
        var generator = SplitMix(seed: 709)
        var random: RGB {
            RGB(
                r: UInt8(truncatingIfNeeded: generator.next()), g: UInt8(truncatingIfNeeded: generator.next()),
                b: UInt8(truncatingIfNeeded: generator.next()))
        }
        for _ in 0..<200 {
            // 3 × 3: one whole block, a block cut by the right edge, one by the bottom, the corner.
            let pixels = (0..<9).map { _ in random }
            let planes = Self.convert(3, 3) { x, y in pixels[y * 3 + x] }
            let blocks = [
                [(0, 0), (1, 0), (0, 1), (1, 1)], [(2, 0), (2, 0), (2, 1), (2, 1)],
                [(0, 2), (1, 2), (0, 2), (1, 2)], [(2, 2), (2, 2), (2, 2), (2, 2)]
            ]
            for (i, block) in blocks.enumerated() {
                let exact = block.map { Self.bt709(pixels[$0.1 * 3 + $0.0]) }
                let cb = exact.map(\.cb).reduce(0, +) / 4, cr = exact.map(\.cr).reduce(0, +) / 4
                #expect(
                    abs(Double(planes.u[i]) - cb) <= Self.tolerance,
                    "block \(i) of \(pixels): Cb \(planes.u[i]), expected \(cb)")
                #expect(
                    abs(Double(planes.v[i]) - cr) <= Self.tolerance,
                    "block \(i) of \(pixels): Cr \(planes.v[i]), expected \(cr)")
            }
        }
    }

    @Test(
        "an encoded MP4 decodes, by the ffmpeg CLI, to the colours drawn; tagged BT.709, limited, chroma centred",
        .enabled(if: MediaTools.available, "ffmpeg is not installed"))
    func decodedColours() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("colours.mp4")
        let (side, half) = (64, 32)
        let quadrants = [
            RGB(r: 255, g: 0, b: 0), RGB(r: 0, g: 255, b: 0), RGB(r: 0, g: 0, b: 255), RGB(r: 128, g: 128, b: 128)
        ]
        let buffer = PixelBuffer(width: side, height: side)
        for y in 0..<side {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<side {
                let c = quadrants[(y / half) * 2 + x / half]
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (c.b, c.g, c.r, 255)
            }
        }
        let encoder = try VideoEncoder(path: path, settings: VideoSettings(width: side, height: side, fps: 30))
        for _ in 0..<3 { try encoder.append(buffer) }
        try encoder.finish()

        // Decoded with the matrix and range the file declares, spelled out (ffmpeg's default is BT.601).
        let rgb = try [UInt8](
            MediaTools.run(
                "ffmpeg",
                [
                    "-v", "error", "-i", path, "-frames:v", "1",
                    "-vf", "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd", "-pix_fmt",
                    "rgb24", "-f", "rawvideo", "-"
                ]))
        try #require(rgb.count == side * side * 3)
        for (i, expected) in quadrants.enumerated() {
            let (x, y) = (half / 2 + (i % 2) * half, half / 2 + (i / 2) * half)
            let at = (y * side + x) * 3
            let decoded = RGB(r: rgb[at], g: rgb[at + 1], b: rgb[at + 2])
            #expect(decoded.distance(to: expected) <= 2, "quadrant \(i): decoded \(decoded), drawn \(expected)")
        }
        let tags = String(
            decoding: try MediaTools.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries",
                    "stream=color_space,color_range,chroma_location",
                    "-of", "default=noprint_wrappers=1", path
                ]), as: UTF8.self)
        #expect(
            tags.split(separator: "\n").sorted() == ["chroma_location=center", "color_range=tv", "color_space=bt709"],
            "\(tags)")
    }
}
