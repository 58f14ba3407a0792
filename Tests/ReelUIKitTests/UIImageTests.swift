import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

@Suite("UIImage", .serialized)
struct UIImageTests {
    /// A w×h PNG whose left half is red and right half blue, opaque.
    func writePNG(_ path: String, width: Int, height: Int) throws {
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let p = buffer.baseAddress.advanced(by: y * buffer.stride + x * 4).assumingMemoryBound(to: UInt8.self)
                // Premultiplied BGRA.
                (p[0], p[1], p[2], p[3]) = x < width / 2 ? (0, 0, 255, 255) : (255, 0, 0, 255)
            }
        }
        try PNGFile.write(buffer, to: path)
    }

    @Test func namedImagesComeFromTheResourceFolder() throws {
        let folder = try ScratchFolder()
        try writePNG(folder.path + "/logo.png", width: 40, height: 20)
        try writePNG(folder.path + "/icon@2x.png", width: 64, height: 32)
        try "not an image".write(toFile: folder.path + "/broken.png", atomically: true, encoding: .utf8)
        let previous = UIImage.resourceFolder
        defer { UIImage.resourceFolder = previous }
        #expect(previous == FileManager.default.currentDirectoryPath, "the current directory by default")
        UIImage.resourceFolder = folder.path

        let logo = try #require(UIImage(named: "logo"))
        #expect(logo.size == CGSize(width: 40, height: 20) && logo.scale == 1)
        let pixels = try #require(logo.cgImage?.pixels)
        #expect(pixels.rgba(x: 5, y: 10) == (255, 0, 0, 255) && pixels.rgba(x: 35, y: 10) == (0, 0, 255, 255))
        #expect(UIImage(named: "logo.png")?.size == logo.size)

        let icon = try #require(UIImage(named: "icon"))
        #expect(icon.scale == 2 && icon.size == CGSize(width: 32, height: 16), "points, not pixels")

        #expect(UIImage(named: "missing") == nil)
        #expect(UIImage(named: "broken") == nil)
        #expect(UIImage(contentsOfFile: folder.path + "/logo.png")?.cgImage?.width == 40)
    }

    @Test func anImageDrawsAsLayerContents() throws {
        let folder = try ScratchFolder()
        try writePNG(folder.path + "/card.png", width: 20, height: 10)
        let image = try #require(UIImage(contentsOfFile: folder.path + "/card.png"))
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 20), fps: 10, duration: 1, background: .black))
        let view = UIView(frame: CGRect(origin: .zero, size: CGSize(width: 40, height: 20)))
        view.layer.contents = image.cgImage
        scene.addSubview(view)
        let frame = try scene.still(at: 0)
        #expect(frame.rgba(x: 5, y: 10).r == 255 && frame.rgba(x: 35, y: 10).b == 255)
    }
}
