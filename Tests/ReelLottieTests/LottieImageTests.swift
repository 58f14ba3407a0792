import Foundation
import ReelCore
import ReelScene
import ReelTestSupport
import Testing

/// Image layers (`ty: 2`) and image assets: embedded base64, files beside the JSON (inside the
/// image sandbox), and images inside a dotLottie.
@Suite("Lottie image layers")
struct LottieImageTests {
    /// Decodes nothing: answers every image with an opaque blue one of the size its PNG header
    /// says, and remembers what it was asked for.
    final class BlueImages: SceneImageLoader, @unchecked Sendable {
        var paths: [String] = []
        var bytes: [[UInt8]] = []

        func loadImage(atPath path: String) throws -> CGImage {
            paths.append(path)
            return try blue(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }

        func loadImage(bytes: [UInt8], format: ImageHeader.Format, name: String) throws -> CGImage {
            self.bytes.append(bytes)
            return try blue(bytes)
        }

        private func blue(_ bytes: [UInt8]) throws -> CGImage {
            let header = try #require(ImageHeader.parse(bytes, as: .png))
            let pixels = PixelBuffer(width: header.width, height: header.height)
            for i in 0..<pixels.byteCount / 4 {
                pixels.baseAddress.storeBytes(of: 0xFF00_00FF, toByteOffset: i * 4, as: UInt32.self)
            }
            return CGImage(pixels: pixels, source: nil)
        }
    }

    /// The first 24 bytes of a PNG file of `width × height` pixels: all a header reader needs.
    static func pngHeader(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
            + be32(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    /// An image asset `img` of `w × h` points and an image layer showing it with its anchor `a`
    /// at position `p`.
    static func document(p file: String, u folder: String = "", w: Int = 40, h: Int = 30, e: Int = 0) -> String {
        lottie(
            #"{"ty": 2, "nm": "photo", "refId": "img", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [100, 100]}, "a": {"a": 0, "k": [10, 5]}}}"#,
            assets: #"[{"id": "img", "w": \#(w), "h": \#(h), "u": "\#(folder)", "p": "\#(file)", "e": \#(e)}]"#)
    }

    static let embedded = "data:image/png;base64," + Data(pngHeader(4, 3)).base64EncodedString()

    @Test func anEmbeddedImageFillsTheAssetsSizeFromTheLayersOrigin() throws {
        let images = BlueImages()
        let frame = try render(Self.document(p: Self.embedded, e: 1), at: 0, images: images)
        #expect(images.bytes == [Self.pngHeader(4, 3)], "the base64 data, decoded")
        // The asset's 40 × 30 points (not the image's 4 × 3 pixels), with the anchor (10, 5) at
        // (100, 100): x from 90 to 130, y from 95 to 125.
        for (x, y) in [(91, 96), (129, 96), (91, 124), (129, 124), (110, 110)] {
            #expect(isColor(frame, x, y, [0, 0, 255]), "inside at (\(x), \(y))")
        }
        for (x, y) in [(88, 110), (132, 110), (110, 93), (110, 127)] {
            #expect(frame.rgba(x: x, y: y).a == 0, "outside at (\(x), \(y))")
        }
    }

    @Test func theImageLayerKeepsItsNameAndTheImageItsBounds() throws {
        let scene = try loadLottie(Self.document(p: Self.embedded, e: 1), images: BlueImages()).scene
        let layer = try #require(scene.rootLayer.sublayers?.first { $0.name == "photo" })
        let image = try #require(layer.sublayers?.first)
        #expect(image.contents?.width == 4)
        #expect(image.bounds.size == CGSize(width: 40, height: 30))
        #expect(image.contentsGravity == .resize)
    }

    @Test func eachEmbeddedAssetKeepsItsOwnImage() throws {
        func asset(_ id: String, _ width: UInt32) -> String {
            let url = "data:image/png;base64," + Data(Self.pngHeader(width, 3)).base64EncodedString()
            return #"{"id": "\#(id)", "w": 40, "h": 30, "u": "", "p": "\#(url)", "e": 1}"#
        }
        let layers = ["a", "b"].map {
            #"{"ty": 2, "nm": "\#($0)", "refId": "\#($0)", "ip": 0, "op": 30, "ks": {}}"#
        }
        let text = lottie(layers.joined(separator: ","), assets: "[\(asset("a", 4)), \(asset("b", 7))]")
        let scene = try loadLottie(text, images: BlueImages()).scene
        func width(_ name: String) -> Int? {
            scene.rootLayer.sublayers?.first { $0.name == name }?.sublayers?.first?.contents?.width
        }
        #expect(width("a") == 4)
        #expect(width("b") == 7)
    }

    /// Loads a Lottie saved as `json` in a fresh folder whose image asset is `u` + `a.png`, with
    /// a PNG saved as `png`; returns the loaded scene and the paths the loader was asked for.
    static func loadFromFolder(json: String, png: String, u: String) throws -> (LoadedScene, [String]) {
        let folder = try ScratchFolder()
        FileManager.default.createFile(atPath: try folder.file(png), contents: Data(pngHeader(8, 8)))
        let path = try folder.write(json, document(p: "a.png", u: u))
        let images = BlueImages()
        return (try SceneLoader.load(path: path, images: images), images.paths)
    }

    @Test func filesAreReadBesideTheJSONFromTheAssetsFolder() throws {
        let (loaded, paths) = try Self.loadFromFolder(json: "anim.json", png: "images/a.png", u: "images/")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(paths.count == 1 && paths[0].hasSuffix("/images/a.png"))
    }

    @Test func filesOutsideTheFolderAreRefusedAsForScenes() throws {
        let (loaded, paths) = try Self.loadFromFolder(json: "sub/anim.json", png: "a.png", u: "../")
        #expect(paths.isEmpty)
        #expect(loaded.warnings.map(\.message).contains { $0.contains("is outside the scene's folder") })
    }

    @Test func imagesOverThePixelBudgetAreRefusedFromTheirHeader() throws {
        let huge = "data:image/png;base64," + Data(Self.pngHeader(10_000, 10_000)).base64EncodedString()
        let images = BlueImages()
        let loaded = try loadLottie(Self.document(p: huge, e: 1), images: images)
        #expect(images.bytes.isEmpty, "never decoded")
        #expect(
            loaded.warnings.map(\.message).contains {
                $0.contains("is 10000×10000 pixels; an image may have at most 40000000 pixels")
            })
    }

    @Test func aDotLottiesImagesComeFromItsImageFolder() throws {
        let png = Self.pngHeader(6, 5) + [1, 2, 3]
        let archive = ZipWriter.archive([
            DotLottieTests.manifest(["a"]), ZipWriter.Entry("animations/a.json", Self.document(p: "img_0.png")),
            ZipWriter.Entry("images/img_0.png", png)
        ])
        let images = BlueImages()
        let loaded = try SceneLoader.decode(bytes: archive, file: "anim.lottie", images: images)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(images.bytes == [png])
        #expect(images.paths.isEmpty, "nothing read from disk")
    }

    @Test func aMissingImageIsAWarningAndNothingIsDrawn() throws {
        let archive = ZipWriter.archive([
            DotLottieTests.manifest(["a"]), ZipWriter.Entry("animations/a.json", Self.document(p: "gone.png"))
        ])
        let loaded = try SceneLoader.decode(bytes: archive, file: "anim.lottie", images: BlueImages())
        #expect(
            loaded.warnings.map(\.description).contains {
                $0.hasPrefix("anim.lottie(animations/a.json):")
                    && $0.contains("image 'gone.png' is not in the archive (looked for images/gone.png)")
            })
    }
}
