import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Lottie text set in a font: iOS's families in their stand-ins, with a warning once per family,
/// and unkerned, as lottie-ios's Core Animation engine sets Core Text's kern attribute to the
/// layer's tracking, which replaces the font's own kerning pairs.
@Suite struct LottieStandInTests {
    /// A text layer setting `text` at size 100 from (20, 100) in `font`.
    func textLayer(_ text: String, font: String) -> String {
        """
        {"ty": 5, "nm": "caption", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [20, 100]}},
         "t": {"d": {"k": [{"t": 0, "s": {"t": "\(text)", "f": "\(font)", "s": 100, "j": 0, "lh": 120,
               "fc": [1, 0, 0]}}]}, "a": [], "p": {}, "m": {"g": 1}}}
        """
    }

    @Test func anIOSFamilyIsDrawnInItsStandInWithOneWarning() throws {
        // Two layers in Helvetica Neue (iOS has it, so lottie-ios draws it): one warning.
        let layers = textLayer("A", font: "HelveticaNeue-Bold") + ", " + textLayer("B", font: "HelveticaNeue")
        let loaded = try SceneLoader.decode(text: lottie(layers), file: "anim.json", fonts: FontCatalog())
        let messages = loaded.warnings.map(\.message).filter { $0.contains("font") }
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("text is drawn in 'Nimbus Sans'") == true, "\(messages)")
    }

    @Test func textFromALottieIgnoresTheFontsKerning() throws {
        // "AV" at size 100 from x 20 in Helvetica's stand-in (the font is unknown). Helvetica.afm
        // (Adobe's Core 14 metrics): A advances 66.7 and its ink starts 1.4 in, V's ink ends
        // 64.7 into its advance; the pair's kerning, -7.0, must not apply. So the ink runs
        // 66.7 - 1.4 + 64.7 = 130 wide (123 kerned).
        let layer = textLayer("AV", font: "NoSuchFont")
        let loaded = try SceneLoader.decode(
            text: lottie(layer, w: 300, h: 150), file: "anim.json", fonts: FontCatalog())
        let frame = try render(loaded, at: 0)
        // Every row of the capitals: A is widest at its foot, V at its top.
        let inked = (0..<300).filter { x in (20..<100).contains { frame.rgba(x: x, y: $0).a > 128 } }
        let left = try #require(inked.first), right = try #require(inked.last)
        #expect((128...132).contains(right + 1 - left), "ink \(left)…\(right + 1): \(right + 1 - left) wide")
    }
}
