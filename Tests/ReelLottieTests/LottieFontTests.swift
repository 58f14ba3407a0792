import Foundation
import ReelCore
import ReelLottie
import ReelRender
import ReelScene
import ReelTestSupport
import Testing

/// Fonts that travel with a Lottie. The font is `Fixtures/fonts/ReelBlock.ttf` (made by
/// `Fixtures/make-block-font.py`): its "H" is a solid rectangle as wide as its advance (one em)
/// and 0.7 em tall on the baseline, so "HH" at size 50 set from (20, 100) is one solid block
/// from x 20 to 120 and y 65 to 100 — which Helvetica's stand-in, whose H has open counters
/// and is narrower, never draws.
@Suite struct LottieFontTests {
    static let font = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fonts/ReelBlock.ttf")

    /// A Lottie whose text layer sets "HH" at size 50 from (20, 100) in font `f`, with one
    /// `fonts.list` entry (JSON).
    func document(f: String = "ReelBlock-Regular", entry: String) -> String {
        let layer = """
            {"ty": 5, "nm": "caption", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [20, 100]}},
             "t": {"d": {"k": [{"t": 0, "s": {"t": "HH", "f": "\(f)", "s": 50, "j": 0, "lh": 60, "fc": [1, 0, 0]}}]},
                   "a": [], "p": {}, "m": {"g": 1}}}
            """
        return String(lottie(layer).dropLast()) + #", "fonts": {"list": [\#(entry)]}}"#
    }

    static let entry = #"{"fName": "ReelBlock-Regular", "fFamily": "Reel Block", "fStyle": "Regular", "ascent": 70}"#

    /// A folder holding `anim.json` (`json`) and the font at each of `fonts` (relative paths).
    func folder(_ json: String, fonts: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-lottie-fonts-\(UUID())")
        for path in fonts {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.font, to: target)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: root.appendingPathComponent("anim.json"))
        return root
    }

    func load(_ root: URL) throws -> LoadedScene {
        try SceneLoader.load(path: root.appendingPathComponent("anim.json").path, fonts: FontCatalog())
    }

    /// Whether the frame shows the block (every sampled point inside it inked, none right of it).
    func drawsBlock(_ loaded: LoadedScene) throws -> Bool {
        let frame = try render(loaded, at: 0)
        let inside = stride(from: 23, through: 117, by: 3).flatMap { x in [68, 75, 82, 90, 97].map { (x, $0) } }
        return inside.allSatisfy { isColor(frame, $0.0, $0.1, [255, 0, 0]) } && !isColor(frame, 124, 82, [255, 0, 0])
    }

    @Test func aFontInAFontsFolderBesideTheFileIsUsed() throws {
        let root = try folder(document(entry: Self.entry), fonts: ["fonts/ReelBlock.ttf"])
        defer { try? FileManager.default.removeItem(at: root) }
        let loaded = try load(root)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(try drawsBlock(loaded))
        // Without the folder the same document falls back to the stand-in, with a warning.
        try FileManager.default.removeItem(at: root.appendingPathComponent("fonts"))
        let fallback = try load(root)
        #expect(fallback.warnings.contains { $0.message.contains("font 'ReelBlock-Regular' is not available") })
        #expect(try !drawsBlock(fallback))
    }

    @Test(arguments: [("a", "f"), ("animations", "fonts")])
    func aDotLottiesFontsAreReadFromTheArchive(animations: String, fonts: String) throws {
        // Version 2 archives keep fonts under f/, version 1 under fonts/.
        let manifest = #"{"version": "1.0", "animations": [{"id": "caption"}]}"#
        let bytes = ZipWriter.archive([
            ZipWriter.Entry("manifest.json", manifest),
            ZipWriter.Entry("\(animations)/caption.json", document(entry: Self.entry)),
            ZipWriter.Entry("\(fonts)/ReelBlock.ttf", try [UInt8](Data(contentsOf: Self.font)))
        ])
        let loaded = try SceneLoader.decode(bytes: bytes, file: "anim.lottie", fonts: FontCatalog())
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(try drawsBlock(loaded))
    }

    @Test func aLottiePlayedInASceneBringsItsFontsToTheScene() throws {
        let root = try folder(document(entry: Self.entry), fonts: ["fonts/ReelBlock.ttf"])
        defer { try? FileManager.default.removeItem(at: root) }
        let scene = """
            reel: 1
            canvas: {size: [200, 200], duration: 1}
            layers:
              - {name: host, frame: [0, 0, 200, 200], lottie: anim.json}
            """
        let loaded = try SceneLoader.decode(text: scene, file: "scene.yaml", fonts: FontCatalog(), baseDirectory: root)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(try drawsBlock(loaded))
    }

    @Test func aDotLottieBringsAtMostSixteenFonts() throws {
        let manifest = #"{"version": "1.0", "animations": [{"id": "caption"}]}"#
        let font = try [UInt8](Data(contentsOf: Self.font))
        // The font comes last, so it is one too many and is not read.
        let fonts = (0..<16).map { ZipWriter.Entry("f/Other\($0).ttf", [UInt8]("not a font \($0)".utf8)) }
        let bytes = ZipWriter.archive(
            [ZipWriter.Entry("manifest.json", manifest), ZipWriter.Entry("a/caption.json", document(entry: Self.entry))]
                + fonts + [ZipWriter.Entry("f/ReelBlock.ttf", font)])
        let loaded = try SceneLoader.decode(bytes: bytes, file: "anim.lottie", fonts: FontCatalog())
        let messages = loaded.warnings.map(\.message)
        #expect(messages.contains("fonts: the dotLottie holds 17 font files; the first 16 are read"), "\(messages)")
        #expect(messages.filter { $0.contains("cannot be used") }.count == 16, "\(messages)")
        #expect(try !drawsBlock(loaded))
    }

    @Test func fPathNamesAFileInsideTheRoot() throws {
        let entry = #"{"fName": "ReelBlock-Regular", "fFamily": "Reel Block", "fPath": "type/ReelBlock.ttf"}"#
        let root = try folder(document(entry: entry), fonts: ["type/ReelBlock.ttf"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try drawsBlock(load(root)))
    }

    @Test func theFamilyAndStyleFindTheFontWhenThePostScriptNameDoesNot() throws {
        // After Effects pads families with spaces; no font's family has them.
        let entry = #"{"fName": "Block-Exported", "fFamily": "Reel Block ", "fStyle": "Regular"}"#
        let json = document(f: "Block-Exported", entry: entry)
        let root = try folder(json, fonts: ["Fonts/ReelBlock.ttf"])
        defer { try? FileManager.default.removeItem(at: root) }
        let loaded = try load(root)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(try drawsBlock(loaded))
    }

    @Test func fontsAreLookedUpByPostScriptNameThenFamilyAndStyleThenFamily() {
        var document = LottieDocument(width: 10, height: 10, frameRate: 10, inPoint: 0, outPoint: 10, layers: [])
        document.fonts["Block-Exported"] = LottieFont(name: "Block-Exported", family: "Reel Block ", style: "Bold")
        let text = LottieText(text: "H", fontName: "Block-Exported", size: 10, lineHeight: 12)
        #expect(document.fontNames(for: text) == ["Block-Exported", "Reel Block Bold", "Reel Block"])
        // A name `fonts.list` lacks is looked up as it is.
        let unlisted = LottieText(text: "H", fontName: "Helvetica-Bold", size: 10, lineHeight: 12)
        #expect(document.fontNames(for: unlisted) == ["Helvetica-Bold"])
    }

    @Test func fontsOutsideTheRootAreNotRead() throws {
        // The font sits beside the root; the Lottie names it by `..` and by a symbolic link.
        let outside = try folder("{}", fonts: ["ReelBlock.ttf"])
        defer { try? FileManager.default.removeItem(at: outside) }
        let entry = #"{"fName": "ReelBlock-Regular", "fFamily": "Reel Block", "fPath": "../ReelBlock.ttf"}"#
        let root = outside.appendingPathComponent("root")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data(document(entry: entry).utf8).write(to: root.appendingPathComponent("anim.json"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("fonts/ReelBlock.ttf"), withDestinationURL: Self.font)
        let loaded = try load(root)
        let outsideWarnings = loaded.warnings.filter { $0.message.contains("is outside the scene's folder") }
        #expect(outsideWarnings.count == 2, "\(loaded.warnings)")
        #expect(try !drawsBlock(loaded))
    }

    @Test func aURLIsALocatedWarningAndNothingIsFetched() throws {
        let entry = #"{"fName": "ReelBlock-Regular", "fFamily": "Reel Block", "fPath": "https://example.com/b.ttf"}"#
        let loaded = try SceneLoader.decode(text: document(entry: entry), file: "anim.json", fonts: FontCatalog())
        let warning = try #require(loaded.warnings.first { $0.message.hasPrefix("fonts.list[0]: font 'https:") })
        #expect(warning.location.line == 4, "the warning points at fPath")
    }
}
