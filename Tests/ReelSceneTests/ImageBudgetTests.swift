import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Image `contents` are bounded in pixels, per image and for the whole scene, and an image over
/// budget is refused from its header, before anything is decoded (a 12 000 × 12 000 PNG took
/// 4.7 s and 1 GB to load only to be drawn small).
@Suite("Image budgets")
struct ImageBudgetTests {
    /// A folder with PNG headers (signature + IHDR, no image data) of the given sizes.
    func folder(_ sizes: [String: (Int, Int)]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, (w, h)) in sizes {
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            for v in [w, h] {
                bytes += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
            }
            bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(bytes).write(to: dir.appendingPathComponent(name))
        }
        return dir
    }

    func decode(_ layers: String, in dir: URL, limits: SceneLimits = SceneLimits(), images: SceneImageLoader)
        -> [String]
    {
        let text = "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n\(layers)"
        do {
            _ = try SceneLoader.decode(text: text, file: "s.yaml", limits: limits, images: images, baseDirectory: dir)
            return []
        } catch let error as SceneLoadError {
            return error.diagnostics.map { "\($0.location):\($0.message)" }
        } catch { return ["\(error)"] }
    }

    @Test func anImageOverTheBudgetIsRefusedFromItsHeader() throws {
        let dir = try folder(["big.png": (12000, 12000)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = FakeImages()
        let found = decode("  - { contents: big.png }\n", in: dir, images: images)
        #expect(
            found == [
                "4:17:image 'big.png' is 12000×12000 pixels; an image may have at most 40000000 pixels (raise it with --max-image-pixels)"
            ])
        #expect(images.loaded.isEmpty, "nothing is decoded")
        var raised = SceneLimits()
        raised.maxImagePixels = 150_000_000
        raised.maxTotalImagePixels = 150_000_000
        #expect(decode("  - { contents: big.png }\n", in: dir, limits: raised, images: images) == [])
    }

    @Test func imagesTogetherHaveABudget() throws {
        let dir = try folder(["a.png": (3000, 3000), "b.png": (3000, 3000)])
        defer { try? FileManager.default.removeItem(at: dir) }
        var limits = SceneLimits()
        limits.maxTotalImagePixels = 15_000_000
        // a.png twice is one image; b.png brings the total over.
        let found = decode(
            "  - { contents: a.png }\n  - { contents: b.png }\n  - { contents: a.png }\n", in: dir, limits: limits,
            images: SizedImages(width: 3000, height: 3000))
        #expect(
            found == [
                "5:17:image 'b.png' (3000×3000 pixels) would bring the scene's images to 18000000 pixels; the limit is 15000000 in all (raise it with --max-image-pixels)"
            ])
    }

    @Test func headersOfEachFormat() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 1, 44, 0, 0, 0, 200
            ]
        #expect(ImageHeader.parse(png, as: .png) == ImageHeader(format: .png, width: 300, height: 200))
        #expect(ImageHeader.parse(png, as: .jpeg) == nil)
        // SOI, an APP0 segment of 16 bytes, then SOF0: precision 8, height 0x0102, width 0x0304.
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + [UInt8](repeating: 0, count: 14) + [0xFF, 0xC0, 0, 17, 8, 1, 2, 3, 4, 3]
        #expect(ImageHeader.parse(jpeg, as: .jpeg) == ImageHeader(format: .jpeg, width: 0x0304, height: 0x0102))
        let webp: [UInt8] =
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [
                99, 0, 0, 49, 0, 0
            ]
        #expect(ImageHeader.parse(webp, as: .webp) == ImageHeader(format: .webp, width: 100, height: 50))
        #expect(ImageHeader.parse(Array("#EXTM3U\n#EXT-X-VERSION:3\n".utf8), as: .png) == nil)
    }
}

/// A loader that decodes any file to an image of one size.
struct SizedImages: SceneImageLoader {
    var width: Int, height: Int
    func loadImage(atPath path: String) throws -> CGImage {
        CGImage(pixels: PixelBuffer(width: width, height: height), source: path)
    }
}
