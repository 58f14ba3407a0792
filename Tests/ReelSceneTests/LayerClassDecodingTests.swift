import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// A loader that makes a 2×2 image for any path and counts its calls.
final class FakeImages: SceneImageLoader, @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String] = []
    var loaded: [String] { lock.withLock { calls } }

    func loadImage(atPath path: String) throws -> CGImage {
        lock.withLock { calls.append(path) }
        if path.hasSuffix("broken.png") { throw AnimationError("not an image") }
        return CGImage(pixels: PixelBuffer(width: 2, height: 2), source: path)
    }

    func loadVector(bytes: [UInt8], name: String) throws -> CGImage {
        lock.withLock { calls.append(name) }
        return CGImage(pixels: PixelBuffer(width: 2, height: 2), source: name)
    }
}

@Suite("Layer classes in scene files")
struct LayerClassDecodingTests {
    @Test func shapeTextGradientReplicatorProperties() throws {
        let (_, t) = try load(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1 }
            layers:
              - { name: s, class: shape, path: "M0 0 L10 10", lineCap: round, lineJoin: bevel, lineDashPattern: [2, 3],
                  strokeColor: red, strokeEnd: 0.5, fillRule: evenOdd }
              - { name: t, class: text, string: "你好", font: Noto Sans, fontSize: 20, alignmentMode: center, wrapped: true,
                  truncationMode: end }
              - { name: g, class: CAGradientLayer, colors: [red, "#00FF00", [0, 0, 1]], locations: [0, 0.2, 1], type: conic }
              - { name: r, class: replicator, instanceCount: 5, instanceDelay: 0.1, instanceTransform: [{rotate: 72deg}],
                  instanceAlphaOffset: -0.2 }
              - { name: m, cornerRadius: 10, maskedCorners: [minXMinY, layerMaxXMaxYCorner], shadowOpacity: 0.5,
                  shadowPath: { rect: [0, 0, 5, 5] }, mask: { name: masker, class: shape, path: { ellipse: [0, 0, 10, 10] } } }
            """)
        let s = t.state("s", at: 0)
        #expect(
            s.lineCap == .round && s.lineJoin == .bevel && s.lineDashPattern == [2, 3] && s.strokeEnd == 0.5
                && s.fillRule == .evenOdd)
        #expect(s.path?.elements.count == 2)
        let text = t.state("t", at: 0)
        #expect(text.string == "你好" && text.font == "Noto Sans" && text.fontSize == 20 && text.alignmentMode == .center)
        #expect(text.isWrapped && text.truncationMode == .end)
        let g = t.state("g", at: 0)
        #expect(g.colors?.count == 3 && g.locations == [0, 0.2, 1] && g.gradientType == .conic)
        let r = t.state("r", at: 0)
        #expect(r.instanceCount == 5 && r.instanceDelay == 0.1 && close(r.instanceAlphaOffset, -0.2))
        let m = t.presentation(at: 0, layerNamed: "m")!
        #expect(m.state.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(m.mask?.name == "masker" && m.mask?.kind == .shape)
        #expect(t.presentation(at: 0, layerNamed: "t")?.className == "CATextLayer")
    }

    @Test func propertiesOfAnotherClassAreReported() {
        let found = problems(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1 }
            layers:
              - { name: box, path: "M0 0 L1 1", lineCap: rounded }
              - { name: line, class: shape, lineCap: rounded, colors: [red] }
            timeline:
              - at: 0
                set: { box: { strokeEnd: 0.5 }, late: { string: 2024 } }
              - at: 0.5
                insert: [{ layer: { name: late, class: text } }]
            """)
        #expect(
            found == [
                "4:18: 'path' is a property of CAShapeLayer, and layer 'box' is a CALayer (add 'class: shape')",
                "4:37: 'lineCap' is a property of CAShapeLayer, and layer 'box' is a CALayer (add 'class: shape')",
                "5:42: lineCap must be one of 'butt', 'round', 'square'; found 'rounded' (did you mean 'round'?)",
                "5:51: 'colors' is a property of CAGradientLayer, and layer 'line' is a CAShapeLayer (add 'class: gradient')",
                "8:19: 'strokeEnd' is a property of CAShapeLayer, and layer 'box' is a CALayer (add 'class: shape')"
            ])
    }

    @Test func imagesAreLoadedOnceRelativeToTheScene() throws {
        let images = FakeImages()
        let base = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let petal = base.appendingPathComponent("petal.png").path
        try "x".write(toFile: petal, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.decode(
            text: """
                reel: 1
                canvas: { size: [100, 100], duration: 1 }
                layers:
                  - { name: a, contents: petal.png, contentsGravity: resizeAspect }
                  - { name: b, contents: \(petal) }
                """, file: "t.yaml", images: images, baseDirectory: base
        ).scene
        let t = try scene.compile()
        #expect(images.loaded == [petal])
        #expect(t.state("a", at: 0).contents === t.state("b", at: 0).contents)
        #expect(t.state("a", at: 0).contentsGravity == .resizeAspect)
    }

    @Test func missingAndBrokenImagesNameThePathTried() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.png").path
        try "x".write(toFile: broken, atomically: true, encoding: .utf8)
        var found: [String] = []
        do {
            _ = try SceneLoader.decode(
                text: """
                    reel: 1
                    canvas: { size: [100, 100], duration: 1 }
                    layers:
                      - { contents: assets/nope.png }
                      - { contents: broken.png }
                    """, file: "t.yaml", images: FakeImages(), baseDirectory: folder)
        } catch let error as SceneLoadError {
            found = error.diagnostics.map { "\($0.location): \($0.message)" }
        }
        #expect(
            found == [
                "4:17: image 'assets/nope.png' is missing or cannot be read (looked for \(folder.resolvingSymlinksInPath().path)/assets/nope.png)",
                "5:17: cannot load image 'broken.png': not an image"
            ])
    }

    /// A new folder under the system temporary directory (the caller removes it).
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-scene-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
