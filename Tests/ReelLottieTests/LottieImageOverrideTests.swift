import Foundation
import ReelCore
import ReelScene
import ReelTestSupport
import Testing

/// Image replacement by keypath (`LAYER.Image`), as lottie-ios's image provider replaces an image
/// layer's picture: the new image fills the asset's `w × h`, and other layers showing the same
/// asset keep the file's image.
@Suite("Lottie image overrides")
struct LottieImageOverrideTests {
    /// Answers an image given as bytes (the file's embedded asset) in red and one read from a file
    /// (the override) in green, each of the size its PNG header says.
    final class TwoColourImages: SceneImageLoader, @unchecked Sendable {
        func loadImage(atPath path: String) throws -> CGImage {
            try solid(Array(try Data(contentsOf: URL(fileURLWithPath: path))), 0xFF00_FF00)
        }

        func loadImage(bytes: [UInt8], format: ImageHeader.Format, name: String) throws -> CGImage {
            try solid(bytes, 0xFFFF_0000)
        }

        private func solid(_ bytes: [UInt8], _ argb: UInt32) throws -> CGImage {
            let header = try #require(ImageHeader.parse(bytes, as: .png))
            let pixels = PixelBuffer(width: header.width, height: header.height)
            for i in 0..<pixels.byteCount / 4 {
                pixels.baseAddress.storeBytes(of: argb, toByteOffset: i * 4, as: UInt32.self)
            }
            return CGImage(pixels: pixels, source: nil)
        }
    }

    /// A 100 × 100 template with two image layers showing the same 40 × 30 asset: "photo" at
    /// (10, 10) and "logo" at (10, 60).
    static let template: String = {
        let url = "data:image/png;base64," + Data(LottieImageTests.pngHeader(4, 3)).base64EncodedString()
        func layer(_ name: String, _ y: Int) -> String {
            #"{"ty": 2, "nm": "\#(name)", "refId": "img", "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [10, \#(y)]}}}"#
        }
        return lottie(
            layer("photo", 10) + ", " + layer("logo", 60), w: 100, h: 100, fr: 10, op: 10,
            assets: #"[{"id": "img", "w": 40, "h": 30, "u": "", "p": "\#(url)", "e": 1}]"#)
    }()

    /// Decodes a white 100 × 100 scene playing the template with `values`, in a folder holding
    /// `green.png` (a 2 × 2 PNG header: the loader paints it green).
    func load(values: String) throws -> LoadedScene {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.template.write(to: folder.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        try Data(LottieImageTests.pngHeader(2, 2)).write(to: folder.appendingPathComponent("green.png"))
        let scene = """
            reel: 1
            canvas: {size: [100, 100], duration: 1, background: "#FFFFFF"}
            layers:
              - {name: host, frame: [0, 0, 100, 100], lottie: card.json, values: \(values)}
            """
        return try SceneLoader.decode(
            text: scene, file: "scene.yaml", images: TwoColourImages(), baseDirectory: folder)
    }

    @Test func theReplacementFillsTheAssetsSizeAndOnlyThatLayerChanges() throws {
        let frame = try render(try load(values: #"{"photo.Image": "green.png"}"#), at: 0)
        // "photo": the 2 × 2 image stretched over x 10…50, y 10…40.
        for (x, y) in [(11, 11), (49, 11), (11, 39), (49, 39), (30, 25)] {
            #expect(isColor(frame, x, y, [0, 255, 0]), "photo at (\(x), \(y))")
        }
        #expect(isColor(frame, 52, 25, [255, 255, 255]))
        #expect(isColor(frame, 30, 42, [255, 255, 255]))
        // "logo" shows the same asset: still the file's (red) image.
        #expect(isColor(frame, 30, 75, [255, 0, 0]))
    }

    @Test func nullDrawsNothingWhereTheImageWas() throws {
        let frame = try render(try load(values: #"{"photo.Image": null}"#), at: 0)
        #expect(isColor(frame, 30, 25, [255, 255, 255]))
        #expect(isColor(frame, 30, 75, [255, 0, 0]))
    }

    @Test func aWildcardReplacesEveryImageLayer() throws {
        let frame = try render(try load(values: #"{"*.Image": "green.png"}"#), at: 0)
        #expect(isColor(frame, 30, 25, [0, 255, 0]))
        #expect(isColor(frame, 30, 75, [0, 255, 0]))
    }

    @Test(arguments: [
        (#"{"photo.Image": "missing.png"}"#, "missing"),
        (#"{"photo.Image": "../outside.png"}"#, "outside"),
        (#"{"photo.Image": "photo.gif"}"#, "Reel reads PNG, JPEG and WebP")
    ])
    func aBadImageIsALocatedError(values: String, message: String) throws {
        do {
            _ = try load(values: values)
            Issue.record("accepted \(values)")
        } catch let error as SceneLoadError {
            let text = "\(error)"
            #expect(text.contains("scene.yaml:4:"), "\(text)")
            #expect(text.contains(message), "\(text)")
        }
    }
}
