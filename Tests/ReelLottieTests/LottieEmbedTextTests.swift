import Foundation
import ReelCore
import ReelLottie
import ReelScene
import Testing

/// A Lottie template in a scene with a colour and a text override, as a nightly job renders one
/// template with many texts. Expected pixels follow the Lottie format (glyph outlines at size
/// 100 on the baseline, advancing `w`) and the overrides' values, not Reel's output.
@Suite struct LottieEmbedTextTests {
    /// A 100 × 100 animation: layer "Badge" (a red 20-point square centred on (25, 25), fill
    /// "Fill 1") and text layer "caption" saying "A" from (10, 80) at size 50 in red, its font
    /// carrying one glyph, "A": a square 40 wide and 50 tall advancing 50 (at size 100), so 20 × 25
    /// advancing 25 here.
    static let template: String = {
        let caption = """
            {"ty": 5, "nm": "caption", "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [10, 80]}},
             "t": {"d": {"k": [{"t": 0, "s": {"t": "A", "f": "TestSans-Regular", "s": 50, "j": 0, "tr": 0, "lh": 60,
               "fc": [1, 0, 0]}}]}, "a": [], "p": {}, "m": {"g": 1}}}
            """
        let glyph = """
            {"ch": "A", "size": 100, "style": "Regular", "w": 50, "fFamily": "Test Sans", "data": {"shapes": [
              {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"v": [[0, 0], [40, 0], [40, -50], [0, -50]],
               "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}}}]}]}}
            """
        let fonts = #"{"list": [{"fName": "TestSans-Regular", "fFamily": "Test Sans", "fStyle": "Regular"}]}"#
        let layers = shapeLayer("Badge", shapes: LottieEmbedTests.square, op: 10) + ", " + caption
        return String(lottie(layers, w: 100, h: 100, fr: 10, op: 10).dropLast())
            + #", "fonts": \#(fonts), "chars": [\#(glyph)]}"#
    }()

    /// The first frame of a white 100 × 100 scene whose one layer plays the template with `values`.
    func frame(values: String) throws -> PixelBuffer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-embed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.template.write(to: folder.appendingPathComponent("badge.json"), atomically: true, encoding: .utf8)
        let scene = """
            reel: 1
            canvas: {size: [100, 100], duration: 1, background: "#FFFFFF"}
            layers:
              - {name: host, frame: [0, 0, 100, 100], lottie: badge.json\(values.isEmpty ? "" : ", values: " + values)}
            """
        let loaded = try SceneLoader.decode(text: scene, file: "scene.yaml", baseDirectory: folder)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        return try render(loaded, at: 0)
    }

    @Test func aColourAndATextOverrideRenderTogether() throws {
        let frame = try frame(values: ##"{"**.Fill 1.Color": "#0000FF", "caption.Text": "AA"}"##)
        // The square, recoloured: x and y 15…35.
        #expect(isColor(frame, 25, 25, [0, 0, 255]))
        #expect(isColor(frame, 17, 33, [0, 0, 255]))
        // "AA": glyphs at x 10…30 and 35…55, y 55…80 (baseline 80, 25 tall); the gap between them.
        #expect(isColor(frame, 20, 68, [255, 0, 0]))
        #expect(isColor(frame, 45, 68, [255, 0, 0]))
        #expect(isColor(frame, 32, 68, [255, 255, 255]))
        #expect(isColor(frame, 45, 50, [255, 255, 255]))
    }

    @Test func withoutOverridesTheTemplateShowsAsDesigned() throws {
        let frame = try frame(values: "")
        #expect(isColor(frame, 25, 25, [255, 0, 0]))
        #expect(isColor(frame, 20, 68, [255, 0, 0]))
        // One "A" only: nothing where the second glyph of the override goes.
        #expect(isColor(frame, 45, 68, [255, 255, 255]))
    }
}
