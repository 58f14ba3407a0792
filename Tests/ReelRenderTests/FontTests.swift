import Foundation
import ReelCore
import ReelScene
import Testing

@testable import ReelRender

/// Fonts beyond the installed Latin/CJK set: colour emoji, font files shipped with a scene
/// (`canvas.fonts`), and the warnings for names that are not available.
@Suite("Fonts")
struct FontTests {
    /// A font file of the machine's (fonts-dejavu-core, which tools/setup installs) to ship with
    /// test scenes (Reel's own set has it too, as Menlo's stand-in: shipping it must not warn).
    static let shippedFont = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    /// A folder holding `scene.yaml` (with `text`) and a copy of `font` (the shipped font) named `name`.
    static func sceneFolder(_ text: String, font: String = shippedFont, as name: String = "Mono.ttf") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: font, toPath: folder.appendingPathComponent(name).path)
        try text.write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func load(_ folder: URL) throws -> LoadedScene {
        try SceneLoader.load(path: folder.appendingPathComponent("scene.yaml").path, fonts: FontCatalog())
    }

    static func scene(fonts: String, font: String, string: String = "iiii\\nMMMM") -> String {
        """
        reel: 1
        canvas: { size: [200, 80], duration: 1, background: black\(fonts) }
        layers:
          - { class: text, frame: [10, 5, 180, 70], string: "\(string)", font: "\(font)", fontSize: 24, foregroundColor: white }
        """
    }

    /// Columns with ink on rows `y`.
    static func inkColumns(_ b: PixelBuffer, y: Range<Int>) -> (Int, Int) {
        var lo = Int.max, hi = Int.min
        for py in y { for px in 0..<b.width where b.color(px, py)[0] > 100 { lo = min(lo, px); hi = max(hi, px) } }
        return (lo, hi)
    }

    @Test func emojiAreDrawnInColourFromNotoColorEmoji() throws {
        let engine = TextEngine(fonts: .installed)
        var s = LayerState()
        s.string = "Done 🎉"
        let runs = engine.layout(for: TextLayoutKey(s, size: 36, width: 500, height: 100)).runFamilies
        #expect(
            runs.first == "Nimbus Sans" && runs.last == "Noto Color Emoji", "Helvetica's stand-in, then emoji: \(runs)")
        // Emoji that a monochrome symbol font also has, and a skin-tone sequence, come in colour
        // too (Pango asks for the family "emoji" for them: the private set maps it).
        for emoji in ["📬", "👍🏽"] {
            s.string = emoji
            #expect(
                engine.layout(for: TextLayoutKey(s, size: 36, width: 500, height: 100)).runFamilies == [
                    "Noto Color Emoji"
                ], "\(emoji)")
        }
        let b = try renderScene(
            """
            reel: 1
            canvas: { size: [300, 60], duration: 1, background: white }
            layers:
              - { class: text, frame: [10, 8, 280, 50], string: "Ship it 🚀✅👍🏽📬", fontSize: 30, foregroundColor: black }
            """)
        // Colour, not a box of hex digits: strongly coloured pixels (the text itself is grey).
        var coloured = 0
        for y in 0..<60 {
            for x in 0..<300 { let c = b.color(x, y); if c.max()! - c[0..<3].min()! > 120 { coloured += 1 } }
        }
        #expect(coloured > 100, "\(coloured) coloured pixels")
        // Scaled to the font size: nothing below the line's box.
        #expect((0..<300).allSatisfy { b.color($0, 58) == [255, 255, 255, 255] })
        try Golden.check(b, "text-emoji")
    }

    @Test func aSceneShipsItsOwnFont() throws {
        let folder = try Self.sceneFolder(Self.scene(fonts: ", fonts: [Mono.ttf]", font: "DejaVu Sans Mono"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try Self.load(folder)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.scene.canvas.fonts == [folder.appendingPathComponent("Mono.ttf").resolvingSymlinksInPath().path])
        let b = try renderScene(loaded.scene)
        // Monospaced: "iiii" is as wide as "MMMM" (within a pixel); in Noto Sans it is far narrower.
        let i = Self.inkColumns(b, y: 5..<35), m = Self.inkColumns(b, y: 40..<75)
        #expect(abs((m.1 - m.0) - (i.1 - i.0)) <= 6 && i.1 - i.0 > 40, "iiii \(i), MMMM \(m)")
        try Golden.check(b, "text-scene-font")
        let plain = try renderScene(Self.scene(fonts: "", font: "Noto Sans"))
        let n = Self.inkColumns(plain, y: 5..<35)
        #expect(n.1 - n.0 < (i.1 - i.0) / 2, "Noto Sans iiii \(n)")
    }

    @Test func namesThatAreNotAvailableWarnAndSayWhatIsUsed() throws {
        let loaded = try SceneLoader.decode(
            text: Self.scene(fonts: "", font: "Comic Sans MS"), file: "s.yaml", fonts: FontCatalog())
        #expect(
            loaded.warnings.map(\.description) == [
                "s.yaml:4:73: warning: font 'Comic Sans MS' is not available; text is drawn in 'Noto Sans' instead ('reel fonts' lists the families; ship a font file with canvas.fonts)"
            ])
        for name in ["Noto Serif Bold Italic", "NotoSans-Bold", "serif", "monospace"] {
            let ok = try SceneLoader.decode(
                text: Self.scene(fonts: "", font: name), file: "s.yaml", fonts: FontCatalog())
            #expect(ok.warnings.isEmpty, "\(name): \(ok.warnings)")
        }
        #expect(
            FontCatalog().substitute(for: "Fira Code", sceneFamilies: []) == "Noto Sans Mono CJK SC",
            "a monospaced name gets a monospaced font")
    }

    @Test func fontFilesThatCannotBeUsedAreLocatedErrors() throws {
        let folder = try Self.sceneFolder(
            Self.scene(fonts: ", fonts: [Mono.ttf, missing.ttf, notes.txt, fake.otf]", font: "DejaVu Sans Mono"))
        defer { try? FileManager.default.removeItem(at: folder) }
        try "not a font".write(to: folder.appendingPathComponent("fake.otf"), atomically: true, encoding: .utf8)
        do {
            _ = try Self.load(folder)
            Issue.record("loaded")
        } catch let error as SceneLoadError {
            let messages = error.diagnostics.map(\.message)
            #expect(messages.count == 3, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("font file 'missing.ttf' is missing or cannot be read") })
            #expect(
                messages.contains {
                    $0 == "font file 'notes.txt': Reel reads TrueType and OpenType fonts, named .ttf, .otf or .ttc"
                })
            #expect(
                messages.contains { $0 == "font file 'fake.otf' cannot be used: it is not a TrueType or OpenType font" }
            )
        }
    }

    /// Two scenes in one process ship different faces of one family, DejaVu Sans: the regular
    /// face, and the bold alone. Each scene's text must be set in its own file — drawn one after
    /// the other, interleaved, and on many threads at once — as if each had the process to itself.
    @Test func twoScenesInOneProcessDrawWithTheirOwnFonts() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        let text = Self.scene(fonts: ", fonts: [Face.ttf]", font: "DejaVu Sans", string: "Hamburgefonstiv")
        let folders = try ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map {
            try Self.sceneFolder(text, font: dejaVu + $0, as: "Face.ttf")
        }
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        let timelines = try folders.map { try Self.load($0).scene.compile() }
        let renderers = timelines.map { FrameRenderer(canvas: $0.canvas) }
        @Sendable func draw(_ i: Int) -> [UInt8] {
            let buffer = renderers[i].makeBuffer()
            renderers[i].render(timelines[i], at: 0, into: buffer)
            return buffer.straightRGBABytes()
        }
        // Interleaved: regular, bold, regular, bold.
        let interleaved = (0..<4).map { draw($0 % 2) }
        // In parallel: both scenes on every thread at once.
        let parallel = UnsafeSendableBox([[UInt8]](repeating: [], count: 16))
        DispatchQueue.concurrentPerform(iterations: 16) { parallel.set($0, draw($0 % 2)) }
        let frames = interleaved + parallel.values
        for (n, frame) in frames.enumerated() {
            #expect(frame == frames[n % 2], "frame \(n) of scene \(n % 2) differs from its first")
        }
        // The bold face's stems are about half as wide again as the regular's (DejaVu Sans Bold
        // against DejaVu Sans): the same text in it has far more ink. The regular face in both
        // (a family one scene ships reaching the other) would make them equal.
        func ink(_ frame: [UInt8]) -> Int { stride(from: 0, to: frame.count, by: 4).reduce(0) { $0 + Int(frame[$1]) } }
        let regular = ink(frames[0]), bold = ink(frames[1])
        #expect(Double(bold) > 1.3 * Double(regular), "ink: regular \(regular), bold \(bold)")
        // A scene that ships no font sees neither file.
        #expect(!RenderContext().text.fonts.hasFamily("DejaVu Sans"))
        #expect(renderers[1].context.text.fonts.hasFamily("DejaVu Sans"))
    }
}
