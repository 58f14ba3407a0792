import Foundation
import ReelCore
import ReelEncode
import ReelTestSupport
import Testing

/// Images held in memory (inside a dotLottie, or base64 in a Lottie file), decoded by their
/// format's codec without a file.
@Suite("Decoding images held in memory")
struct ImageBytesDecoderTests {
    /// With a limit of exactly its 8 pixels: FFmpeg's own check counts padded rows, and refused it.
    @Test func aPNGInMemoryDecodesToExactlyPremultipliedPixels() throws {
        let png = MinimalPNG.encode(width: 4, height: 2, rgba: VideoDecoderTests.pixels.flatMap(\.straight))
        let image = try ImageBytesDecoder.decode(png, format: .png, name: "mem.png", maxPixels: 8)
        #expect(image.width == 4 && image.height == 2)
        for (i, pixel) in VideoDecoderTests.pixels.enumerated() {
            let p = image.premultipliedRGBA(x: i % 4, y: i / 4)
            #expect([p.r, p.g, p.b, p.a] == pixel.premultiplied, "pixel \(i) from straight \(pixel.straight)")
        }
    }

    @Test(
        .enabled(if: MediaTools.ffmpeg != nil, "ffmpeg is not installed"),
        arguments: [("jpeg", ImageHeader.Format.jpeg), ("webp", .webp)])
    func jpegAndWebPInMemoryDecode(ext: String, format: ImageHeader.Format) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = folder.file("source.png")
        let path = folder.file("image.\(ext)")
        let grey = [UInt8](repeating: 128, count: 16 * 8 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        try Data(MinimalPNG.encode(width: 16, height: 8, rgba: grey)).write(to: URL(fileURLWithPath: source))
        _ = try MediaTools.run("ffmpeg", ["-v", "error", "-i", source, "-q:v", "2", path])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try ImageBytesDecoder.decode(bytes, format: format, name: "mem", maxPixels: 10_000)
        #expect(image.width == 16 && image.height == 8)
        let p = image.premultipliedRGBA(x: 8, y: 4)
        #expect(abs(Int(p.r) - 128) <= 3 && abs(Int(p.g) - 128) <= 3 && p.a == 255, "\(p)")
    }

    @Test func anImageOverTheBudgetIsRefusedFromItsHeader() {
        let png = MinimalPNG.encode(width: 4, height: 2, rgba: [UInt8](repeating: 0, count: 32))
        #expect(throws: EncodeError.self) { try ImageBytesDecoder.decode(png, format: .png, name: "m", maxPixels: 7) }
    }

    @Test func bytesThatAreNotTheFormatAreAnError() {
        let png = MinimalPNG.encode(width: 4, height: 2, rgba: [UInt8](repeating: 0, count: 32))
        #expect(throws: EncodeError.self) { try ImageBytesDecoder.decode(png, format: .jpeg, name: "m", maxPixels: 99) }
        #expect(throws: EncodeError.self) {
            try ImageBytesDecoder.decode(Array(png.prefix(40)), format: .png, name: "m", maxPixels: 99)
        }
    }
}
