import Foundation
import ReelTestSupport
import Testing

/// SVG files as layer contents (drawn as vectors by librsvg) and as a shape layer's path.
/// Expected pixels come from each SVG's geometry, scaled by the layer's frame.
@Suite("SVG files", .enabled(if: MediaTools.ffmpeg != nil, "needs the ffmpeg CLI to read the frames"))
struct SVGContentsCLITests {
    /// A 20 × 10 icon: a red square over x 0…10, a blue circle of radius 4 centred at (15, 5).
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
          <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
          <circle cx="15" cy="5" r="4" fill="#0000ff"/>
        </svg>
        """

    /// Renders `layers` on a white canvas of `size` points at `scale`; the frame's RGBA pixels.
    func still(
        _ layers: String, size: (Int, Int), scale: Int = 1, files: [String: String] = ["icon.svg": icon]
    ) throws -> (Int, Int) -> [Int] {
        let folder = try TemporaryFolder()
        for (name, text) in files { _ = try folder.write(name, text) }
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [\(size.0), \(size.1)], duration: 1, background: white }
            layers:
            \(layers)
            """)
        let out = folder.url.appendingPathComponent("f.png").path
        let result = try ReelProcess.run(["still", scene, "--at", "0", "--scale", "\(scale)", "-o", out])
        try #require(result.status == 0, "\(result.stderr)")
        let width = size.0 * scale
        let data = try #require(try MediaTools.frames(out, width: width, height: size.1 * scale).first)
        return { x, y in (0..<4).map { Int(data[(y * width + x) * 4 + $0]) } }
    }

    func isColor(_ p: [Int], _ rgb: [Int], tolerance: Int = 8) -> Bool {
        zip(p.prefix(3), rgb).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: [1, 3])
    func iconAsContentsAtScale(scale: Int) throws {
        // resize: 20 × 10 → 100 × 50 points, five points per SVG unit.
        let pixel = try still(
            "  - { frame: [0, 0, 100, 50], contents: icon.svg, contentsGravity: resize }", size: (100, 50), scale: scale
        )
        let at = { (x: Double, y: Double) in pixel(Int(x * Double(scale)), Int(y * Double(scale))) }
        #expect(isColor(at(25, 25), [255, 0, 0]), "square: \(at(25, 25))")
        #expect(isColor(at(75, 25), [0, 0, 255]), "circle's centre: \(at(75, 25))")
        // The circle spans x 55…95 at y 25; corners of its bounding box are outside it.
        #expect(isColor(at(97, 25), [255, 255, 255]), "right of the circle: \(at(97, 25))")
        #expect(isColor(at(57, 7), [255, 255, 255]), "the circle's box corner: \(at(57, 7))")
        // Crisp: at scale 3 the circle's right edge is at device x 285; two pixels either side
        // are pure (a 20 × 10 bitmap stretched 15 times would blur across ~15 pixels).
        if scale == 3 {
            #expect(isColor(pixel(282, 75), [0, 0, 255]), "inside the edge: \(pixel(282, 75))")
            #expect(isColor(pixel(288, 75), [255, 255, 255]), "outside the edge: \(pixel(288, 75))")
        }
    }

    @Test func resizeAspectKeepsTheIntrinsicAspectRatio() throws {
        // 20 × 10 fitted into 100 × 100: 100 × 50, centred, y 25…75.
        let pixel = try still(
            "  - { frame: [0, 0, 100, 100], contents: icon.svg, contentsGravity: resizeAspect }", size: (100, 100))
        #expect(isColor(pixel(25, 10), [255, 255, 255]), "above the icon: \(pixel(25, 10))")
        #expect(isColor(pixel(25, 30), [255, 0, 0]), "square: \(pixel(25, 30))")
        #expect(isColor(pixel(75, 50), [0, 0, 255]), "circle: \(pixel(75, 50))")
        #expect(isColor(pixel(25, 90), [255, 255, 255]), "below the icon: \(pixel(25, 90))")
    }

    @Test func aPathFromTheSVGIsStrokedOnByStrokeEnd() throws {
        // translate(10 20) on the group, scale(2 1) on the path: M0 0 H40 runs x 10…90 at y 20
        // (the other order would give 20…100); strokeEnd 0.5 draws its first half, 10…50.
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="40">
              <!-- a <path id="check"> in a comment is not the element -->
              <path id="other" d="M0 0 V40"/>
              <g transform="translate(10 20)"><path id="check" transform="scale(2 1)" d="M0 0 H40"/></g>
            </svg>
            """
        let pixel = try still(
            "  - { class: shape, frame: [0, 0, 100, 40], path: { svg: tick.svg, id: check }, strokeColor: black, lineWidth: 4, fillColor: null, strokeEnd: 0.5 }",
            size: (100, 40), files: ["tick.svg": svg])
        #expect(isColor(pixel(13, 20), [0, 0, 0]), "start: \(pixel(13, 20))")
        #expect(isColor(pixel(47, 20), [0, 0, 0]), "before half way: \(pixel(47, 20))")
        #expect(isColor(pixel(55, 20), [255, 255, 255]), "after half way: \(pixel(55, 20))")
        #expect(isColor(pixel(7, 20), [255, 255, 255]), "before the start: \(pixel(7, 20))")
        #expect(isColor(pixel(1, 20), [255, 255, 255]), "the other path is not drawn: \(pixel(1, 20))")
    }

    /// `reel validate` on a one-layer scene beside `files`: its status and stderr.
    func validate(_ layer: String, files: [String: String]) throws -> (Int32, String, String) {
        let folder = try TemporaryFolder()
        for (name, text) in files { _ = try folder.write(name, text) }
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [64, 64], duration: 1 }
            layers:
              - \(layer)
            """)
        let result = try ReelProcess.run(["validate", scene])
        return (result.status, result.stderr, scene)
    }

    @Test func aBareSVGFileAsPathSaysHowToWriteIt() throws {
        let (status, stderr, scene) = try validate(
            "{ class: shape, path: icon.svg }", files: ["icon.svg": Self.icon])
        #expect(status == 2)
        #expect(
            stderr.contains(
                "\(scene):4:27: error: path: 'icon.svg' is a file, not path data; to take a path from an SVG file, write path: { svg: icon.svg, id: ... }"
            ), "\(stderr)")
    }

    @Test func aMissingIdIsALocatedError() throws {
        let (status, stderr, scene) = try validate(
            "{ class: shape, path: { svg: icon.svg, id: nope } }", files: ["icon.svg": Self.icon])
        #expect(status == 2)
        #expect(
            stderr.contains("\(scene):4:34: error: path from 'icon.svg': the SVG has no element with id 'nope'"),
            "\(stderr)")
    }
}
