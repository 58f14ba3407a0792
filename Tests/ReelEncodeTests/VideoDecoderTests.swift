import Foundation
import ReelCore
import ReelEncode
import ReelTestSupport
import Testing

@Suite("Decoding files and images into premultiplied BGRA")
struct VideoDecoderTests {
    /// Straight RGBA in, and the premultiplied value Reel must see (c·a/255, rounded).
    static let pixels: [(straight: [UInt8], premultiplied: [UInt8])] = [
        ([255, 0, 0, 128], [128, 0, 0, 128]),
        ([200, 100, 50, 64], [50, 25, 13, 64]),
        ([255, 255, 255, 0], [0, 0, 0, 0]),
        ([10, 20, 30, 255], [10, 20, 30, 255]),
        ([0, 0, 255, 1], [0, 0, 1, 1]),
        ([100, 150, 200, 200], [78, 118, 157, 200]),
        ([0, 255, 0, 255], [0, 255, 0, 255]),
        ([255, 255, 255, 255], [255, 255, 255, 255])
    ]

    @Test("a PNG with alpha decodes to exactly premultiplied pixels")
    func pngWithAlpha() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("alpha.png")
        let png = MinimalPNG.encode(width: 4, height: 2, rgba: Self.pixels.flatMap(\.straight))
        try Data(png).write(to: URL(fileURLWithPath: path))

        let decoder = try VideoDecoder(path: path)
        #expect(decoder.codecName == "png")
        #expect(decoder.pixelFormatName == "rgba")
        #expect(decoder.width == 4 && decoder.height == 2)
        let image = try #require(try decoder.nextFrame())
        #expect(image.width == 4 && image.height == 2)
        for (i, pixel) in Self.pixels.enumerated() {
            let p = image.premultipliedRGBA(x: i % 4, y: i / 4)
            #expect([p.r, p.g, p.b, p.a] == pixel.premultiplied, "pixel \(i) from straight \(pixel.straight)")
        }
        #expect(try decoder.nextFrame() == nil)
    }

    @Test(
        "other alpha formats made by the ffmpeg CLI also come out premultiplied",
        .enabled(if: MediaTools.ffmpeg != nil, "ffmpeg is not installed; skipping files made by the ffmpeg CLI"),
        arguments: [
            ("rgba64be.png", "rgba64be", ["-pix_fmt", "rgba64be"]),
            ("lossless.webp", "argb", ["-c:v", "libwebp", "-lossless", "1"])
        ])
    func otherAlphaFormats(name: String, pixelFormat: String, arguments: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = folder.file("source.png")
        let path = folder.file(name)
        try Data(MinimalPNG.encode(width: 4, height: 2, rgba: Self.pixels.flatMap(\.straight)))
            .write(to: URL(fileURLWithPath: source))
        _ = try MediaTools.run("ffmpeg", ["-v", "error", "-i", source] + arguments + [path])

        let decoder = try VideoDecoder(path: path)
        #expect(decoder.pixelFormatName == pixelFormat)
        let image = try #require(try decoder.nextFrame())
        for (i, pixel) in Self.pixels.enumerated() {
            let p = image.premultipliedRGBA(x: i % 4, y: i / 4)
            let got = [p.r, p.g, p.b, p.a]
            let close = zip(got, pixel.premultiplied).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
            #expect(close, "\(name) pixel \(i): \(got), expected \(pixel.premultiplied)")
        }
    }

    @Test(
        "YUV files decode to the right RGB using the matrix and range they are tagged with",
        .enabled(if: MediaTools.ffmpeg != nil, "ffmpeg is not installed; skipping files made by the ffmpeg CLI"),
        arguments: [
            (
                "bt709.mp4", "bt709", "tv", "yuv420p",
                [
                    "-vf", "format=rgb24,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                    "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
                    "-c:v", "libx264", "-crf", "5"
                ]
            ),
            (
                "bt601.mp4", "smpte170m", "tv", "yuv420p",
                [
                    "-vf", "format=rgb24,scale=out_color_matrix=bt601:out_range=tv,format=yuv420p",
                    "-colorspace", "smpte170m", "-color_primaries", "smpte170m", "-color_trc", "smpte170m",
                    "-color_range", "tv", "-c:v", "libx264", "-crf", "5"
                ]
            ),
            (
                "full.jpg", "bt470bg", "pc", "yuvj420p",
                [
                    "-frames:v", "1", "-vf", "format=rgb24,scale=out_color_matrix=bt601:out_range=pc,format=yuvj420p",
                    "-q:v", "1"
                ]
            )
        ])
    func taggedMatrices(name: String, matrix: String, range: String, pixelFormat: String, arguments: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file(name)
        let color = MovingSquare.background
        let hex = String(format: "0x%02X%02X%02X", color.r, color.g, color.b)
        _ = try MediaTools.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=\(hex):s=64x64:r=10:d=0.3"] + arguments + [path])

        let decoder = try VideoDecoder(path: path)
        #expect(decoder.colorTags.matrix == matrix)
        #expect(decoder.colorTags.range == range)
        #expect(decoder.pixelFormatName == pixelFormat)
        let frame = try #require(try decoder.nextFrame())
        let decoded = frame.rgb(32, 32)
        #expect(decoded.distance(to: color) <= 4, "\(name): decoded \(decoded), expected \(color)")
        #expect(frame.premultipliedRGBA(x: 32, y: 32).a == 255)
    }

    @Test("missing files and files without video give errors naming the file")
    func errors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.file("missing.mp4")
        let notFound = #expect(throws: EncodeError.self) { try VideoDecoder(path: missing) }
        #expect(notFound?.message.contains(missing) == true)
        #expect(notFound?.message.contains("no such file") == true)

        let text = folder.file("notes.txt")
        try Data("not a video at all\n".utf8).write(to: URL(fileURLWithPath: text))
        let notVideo = #expect(throws: EncodeError.self) { try VideoDecoder(path: text) }
        #expect(notVideo?.message.contains(text) == true)
    }
}
