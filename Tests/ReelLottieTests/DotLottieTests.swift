import Foundation
import ReelCore
import ReelScene
import ReelTestSupport
import Testing

/// dotLottie archives (`.lottie`: a zip with `manifest.json` and `animations/ID.json`), and the
/// zip reader's refusals of hostile archives: each a located error, never a crash or a bomb.
@Suite("dotLottie archives")
struct DotLottieTests {
    /// A manifest listing `ids`, with `extra` top-level fields (JSON text).
    static func manifest(_ ids: [String], extra: String = "") -> ZipWriter.Entry {
        let list = ids.map { #"{"id": "\#($0)", "loop": true}"# }.joined(separator: ", ")
        return ZipWriter.Entry("manifest.json", #"{"version": "1.0", \#(extra) "animations": [\#(list)]}"#)
    }

    /// Animations told apart by their width: `id` → a Lottie `width` points wide.
    static func animation(_ folder: String, _ id: String, width: Int) -> ZipWriter.Entry {
        ZipWriter.Entry("\(folder)/\(id).json", lottie("", w: width, h: 50))
    }

    static let twoAnimations: [ZipWriter.Entry] = [
        manifest(["first", "second"]), animation("animations", "first", width: 100),
        animation("animations", "second", width: 120)
    ]

    static func load(_ bytes: [UInt8], animation: String? = nil) throws -> LoadedScene {
        var limits = SceneLimits()
        limits.dotLottieAnimation = animation
        return try SceneLoader.decode(bytes: bytes, file: "anim.lottie", limits: limits)
    }

    /// The single error an archive gets, as printed.
    static func error(_ bytes: [UInt8], animation: String? = nil, maxFileBytes: Int? = nil) -> String {
        var limits = SceneLimits()
        limits.dotLottieAnimation = animation
        if let maxFileBytes { limits.maxFileBytes = maxFileBytes }
        do {
            _ = try SceneLoader.decode(bytes: bytes, file: "anim.lottie", limits: limits)
            return "(no error)"
        } catch let error as SceneLoadError {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    // MARK: Choosing the animation

    @Test func theFirstListedAnimationIsTheDefault() throws {
        let scene = try Self.load(ZipWriter.archive(Self.twoAnimations)).scene
        #expect(scene.canvas.size.width == 100)
    }

    @Test func theManifestsActiveAnimationComesFirst() throws {
        let entries = [Self.manifest(["first", "second"], extra: #""activeAnimationId": "second","#)]
        let scene = try Self.load(ZipWriter.archive(entries + Self.twoAnimations.dropFirst())).scene
        #expect(scene.canvas.size.width == 120)
    }

    @Test func theAnimationOptionPicksOne() throws {
        let scene = try Self.load(ZipWriter.archive(Self.twoAnimations), animation: "second").scene
        #expect(scene.canvas.size.width == 120)
    }

    @Test func anUnknownAnimationIsAnErrorListingTheIds() {
        #expect(
            Self.error(ZipWriter.archive(Self.twoAnimations), animation: "third")
                == "anim.lottie:1:1: error: the archive has no animation 'third'; its animations are 'first', 'second'")
    }

    @Test func version2ArchivesKeepAnimationsUnderA() throws {
        let entries = [
            ZipWriter.Entry(
                "manifest.json",
                #"{"version": "2", "animations": [{"id": "x"}, {"id": "Main Scene"}], "initial": {"animation": "Main Scene"}}"#
            ),
            Self.animation("a", "x", width: 100), Self.animation("a", "Main Scene", width: 140)
        ]
        #expect(try Self.load(ZipWriter.archive(entries)).scene.canvas.size.width == 140)
    }

    @Test(.enabled(if: ToolRun.find("zip") != nil, "needs the zip tool"))
    func deflatedEntriesAreInflated() throws {
        let files = [
            ("manifest.json", Self.manifest(["big"]).data),
            (
                "animations/big.json",
                Array(
                    lottie(
                        Array(repeating: shapeLayer("s", shapes: ""), count: 50)
                            .joined(separator: ","), w: 77, h: 50
                    ).utf8)
            )
        ]
        let bytes = try #require(try ZipWriter.zipTool(files))
        // The zip tool deflated the repetitive JSON: the reader must inflate it to read it.
        #expect(bytes.count < files[1].1.count)
        let scene = try Self.load(bytes).scene
        #expect(scene.canvas.size.width == 77)
        #expect(scene.rootLayer.sublayers?.count == 50)
    }

    @Test func diagnosticsNameTheEntry() {
        let entries = [Self.manifest(["a"]), ZipWriter.Entry("animations/a.json", lottie("", w: -4))]
        #expect(Self.error(ZipWriter.archive(entries)).hasPrefix("anim.lottie(animations/a.json):1:"))
    }

    @Test func anEntryThatIsNotALottieIsAnError() {
        let entries = [Self.manifest(["a"]), ZipWriter.Entry("animations/a.json", #"{"reel": 1}"#)]
        #expect(Self.error(ZipWriter.archive(entries)).contains("error: the dotLottie's animation is not a Lottie"))
    }

    // MARK: Hostile archives

    @Test func aDotDotEntryIsRefused() {
        let entries = Self.twoAnimations + [ZipWriter.Entry("images/../../etc/passwd", "x")]
        #expect(
            Self.error(ZipWriter.archive(entries))
                == "anim.lottie:1:1: error: entry 'images/../../etc/passwd' has an unsafe name ('..', an absolute path, a backslash or NUL)"
        )
    }

    @Test(arguments: ["/etc/passwd", "C:/x.json", "a\u{0}b.json", "..\\x.json"])
    func absoluteAndStrangeNamesAreRefused(name: String) {
        let entries = Self.twoAnimations + [ZipWriter.Entry(name, "x")]
        #expect(Self.error(ZipWriter.archive(entries)).contains("has an unsafe name"))
    }

    @Test func tooManyEntriesAreRefusedBeforeAnyIsRead() {
        let entries = Self.twoAnimations + (0..<1000).map { ZipWriter.Entry("images/\($0).png", "") }
        #expect(
            Self.error(ZipWriter.archive(entries))
                == "anim.lottie:1:1: error: the archive has 1003 entries; the limit is 1000")
    }

    @Test func encryptedEntriesAreRefused() {
        var secret = Self.animation("animations", "first", width: 100)
        secret.flags = 1
        #expect(
            Self.error(ZipWriter.archive([Self.manifest(["first"]), secret]))
                == "anim.lottie:1:1: error: entry 'animations/first.json' is encrypted; encrypted archives are not read"
        )
    }

    @Test func zip64EntriesAreRefused() {
        var big = Self.animation("animations", "first", width: 100)
        big.declaredSize = 0xFFFF_FFFF
        #expect(
            Self.error(ZipWriter.archive([Self.manifest(["first"]), big])).contains("is a zip64 or multi-disk entry"))
    }

    @Test func entriesBeyondTheFileSizeBudgetAreRefused() {
        // 3 entries of 400 bytes declared each, under a 1000-byte budget (refused before reading any).
        let entries = (0..<3).map {
            var entry = ZipWriter.Entry("images/\($0).png", [])
            entry.declaredSize = 400
            return entry
        }
        #expect(
            Self.error(ZipWriter.archive(entries), maxFileBytes: 1000).contains(
                "the archive's entries come to more than 1000 bytes uncompressed"))
    }

    @Test(.enabled(if: ToolRun.find("zip") != nil, "needs the zip tool"))
    func aZipBombIsRefusedFromItsDirectory() throws {
        // 8 MB of zeros deflate to about 8 KB: a ratio of about 1000.
        let bomb = try #require(try ZipWriter.zipTool([("bomb.json", [UInt8](repeating: 0, count: 8 << 20))]))
        #expect(Self.error(bomb).contains("more than 200 times is refused as a zip bomb"))
    }

    @Test(.enabled(if: ToolRun.find("zip") != nil, "needs the zip tool"))
    func anEntryLyingAboutItsSizeIsNotInflatedPastIt() throws {
        let zeros = [UInt8](repeating: 0, count: 8 << 20)
        var bytes = try #require(try ZipWriter.zipTool([("manifest.json", zeros)]))
        // Rewrite the directory's uncompressed size (offset 24 in the central record) to 100 bytes.
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let at = try #require((0..<bytes.count - 4).last { Array(bytes[$0..<$0 + 4]) == signature })
        bytes.replaceSubrange(at + 24..<at + 28, with: [100, 0, 0, 0])
        #expect(Self.error(bytes).contains("entry 'manifest.json' is damaged: its compressed data cannot be inflated"))
    }

    @Test func aDamagedArchiveIsAnError() {
        var bytes = ZipWriter.archive(Self.twoAnimations)
        bytes.removeLast(30)
        #expect(Self.error(bytes).contains("error: not a readable zip archive"))
    }

    @Test func aWrongChecksumIsAnError() {
        var bytes = ZipWriter.archive(Self.twoAnimations)
        // Flip one byte of the manifest's stored data (after its 30-byte header and its name).
        bytes[30 + "manifest.json".utf8.count + 3] ^= 0xFF
        #expect(Self.error(bytes).contains("entry 'manifest.json' is damaged: its contents do not match its checksum"))
    }
}
