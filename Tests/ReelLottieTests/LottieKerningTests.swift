import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Lottie text set in a font is unkerned: lottie-ios's Core Animation engine sets Core Text's
/// kern attribute to the layer's tracking, which replaces the font's own kerning pairs.
@Suite struct LottieKerningTests {
    @Test func textFromALottieIgnoresTheFontsKerning() throws {
        // "AV" at size 100 from x 20 in Helvetica's stand-in (the font is unknown). Helvetica.afm
        // (Adobe's Core 14 metrics): A advances 66.7 and its ink starts 1.4 in, V's ink ends
        // 64.7 into its advance; the pair's kerning, -7.0, must not apply. So the ink runs
        // 66.7 - 1.4 + 64.7 = 130 wide (123 kerned).
        let layer = """
            {"ty": 5, "nm": "caption", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [20, 100]}},
             "t": {"d": {"k": [{"t": 0, "s": {"t": "AV", "f": "NoSuchFont", "s": 100, "j": 0, "lh": 120,
                   "fc": [1, 0, 0]}}]}, "a": [], "p": {}, "m": {"g": 1}}}
            """
        let loaded = try SceneLoader.decode(
            text: lottie(layer, w: 300, h: 150), file: "anim.json", fonts: FontCatalog())
        let frame = try render(loaded, at: 0)
        // Every row of the capitals: A is widest at its foot, V at its top.
        let inked = (0..<300).filter { x in (20..<100).contains { frame.rgba(x: x, y: $0).a > 128 } }
        let left = try #require(inked.first), right = try #require(inked.last)
        #expect((128...132).contains(right + 1 - left), "ink \(left)…\(right + 1): \(right + 1 - left) wide")
    }
}
