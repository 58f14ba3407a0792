import Foundation
import ReelTestSupport
import Testing

/// SVG files from strangers: refused or bounded, never a crash, never a file outside the
/// scene's folder read.
@Suite("Hostile SVG files", .enabled(if: MediaTools.ffmpeg != nil, "needs the ffmpeg CLI to read the frames"))
struct HostileSVGTests {
    /// Renders a 64 × 64 white canvas with one 64 × 64 layer showing `svg` (written beside the
    /// scene with `files`); the status, stderr, seconds taken and the centre pixel's RGB when it rendered.
    func render(_ svg: String, files: [String: String] = [:], layer: String = "contents: icon.svg") throws -> (
        status: Int32, stderr: String, seconds: Double, centre: [Int]?
    ) {
        let folder = try TemporaryFolder()
        _ = try folder.write("icon.svg", svg)
        for (name, text) in files { _ = try folder.write(name, text) }
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [64, 64], duration: 1, background: white }
            layers:
              - { frame: [0, 0, 64, 64], \(layer) }
            """)
        let out = folder.url.appendingPathComponent("f.png").path
        let start = Date()
        let result = try ReelProcess.run(["still", scene, "--at", "0", "-o", out])
        let seconds = Date().timeIntervalSince(start)
        guard result.status == 0, let frame = try MediaTools.frames(out, width: 64, height: 64).first else {
            return (result.status, result.stderr, seconds, nil)
        }
        return (result.status, result.stderr, seconds, (0..<3).map { Int(frame[(32 * 64 + 32) * 4 + $0]) })
    }

    static let redSquare = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>
        """

    @Test func externalReferencesAreNotLoaded() throws {
        // Without a base URL librsvg resolves nothing: neither a file beside the scene nor an
        // absolute file URL. Given the file's path instead of its bytes, both would draw red.
        for href in ["red.svg", "file:///etc/passwd", "file://\(FileManager.default.currentDirectoryPath)/red.svg"] {
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
                  <image width="10" height="10" href="\(href)"/><image width="10" height="10" xlink:href="\(href)"/>
                </svg>
                """
            let r = try render(svg, files: ["red.svg": Self.redSquare])
            #expect(r.status == 0, "\(href): \(r.stderr)")
            #expect(r.centre == [255, 255, 255], "\(href) must not be drawn: \(String(describing: r.centre))")
        }
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
        var entities = "<!ENTITY lol0 \"lollollollollollollollollollol\">"
        for i in 1...9 { entities += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">" }
        let svg = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [\(entities)]>
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&lol9;</text></svg>
            """
        // librsvg's XML parser (libxml2) detects the expansion and refuses the document.
        let r = try render(svg)
        #expect(r.status == 2 && r.stderr.contains("error: cannot load image 'icon.svg'"), "\(r.stderr)")
        #expect(r.seconds < 20, "took \(r.seconds) s")
        // And from a path: entities are not expanded.
        let p = try render(
            svg.replacingOccurrences(of: "<text>&lol9;</text>", with: "<path d=\"&lol9;\"/>"),
            layer: "class: shape, path: { svg: icon.svg }")
        #expect(p.status == 2 && p.stderr.contains("is not expanded"), "\(p.stderr)")
    }

    @Test func aHugeViewBoxCostsWhatTheLayerShows() throws {
        // A million-pixel-wide document shown at 64 points: drawn at the layer's size.
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="1000000" height="1000000" viewBox="0 0 1000000 1000000">
              <circle cx="500000" cy="500000" r="400000" fill="#0000ff"/>
            </svg>
            """
        let r = try render(svg)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.centre == [0, 0, 255], "\(String(describing: r.centre))")
        #expect(r.seconds < 20, "took \(r.seconds) s")
    }

    @Test func anAbsurdSizeIsALocatedError() throws {
        let r = try render(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e12" height="10"/>"#)
        #expect(r.status == 2)
        #expect(r.stderr.contains(":4:40: error: cannot load image"), "\(r.stderr)")
    }

    @Test func deepNestingEndsWithinBudget() throws {
        let depth = 50_000
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#
            + String(repeating: "<g>", count: depth) + #"<path d="M0 0 H10 V10 H0 Z"/>"#
            + String(repeating: "</g>", count: depth) + "</svg>"
        let r = try render(svg)
        #expect(r.status == 0 || r.status == 2, "\(r.stderr)")
        #expect(r.seconds < 30, "took \(r.seconds) s")
        let p = try render(svg, layer: "class: shape, path: { svg: icon.svg }")
        #expect(p.status == 2 && p.stderr.contains("nested more than"), "\(p.stderr)")
    }

    @Test func anSVGOutsideTheScenesFolderIsRefused() throws {
        let r = try render(Self.redSquare, layer: "contents: ../outside.svg")
        #expect(r.status == 2)
        #expect(r.stderr.contains("is outside the scene's folder"), "\(r.stderr)")
        let p = try render(Self.redSquare, layer: "class: shape, path: { svg: /etc/hostname.svg }")
        #expect(p.status == 2 && p.stderr.contains("is outside the scene's folder"), "\(p.stderr)")
    }
}
