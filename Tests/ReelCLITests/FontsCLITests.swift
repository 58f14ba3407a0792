import Foundation
import ReelTestSupport
import Testing

/// `reel fonts`, fonts shipped with a scene end to end, the warning for a font that is not
/// available, and what `inspect` says about a text layer's font.
@Suite("reel fonts")
struct FontsCLITests {
    static func scene(fonts: String = "", font: String) -> String {
        """
        reel: 1
        canvas: { size: [200, 60], duration: 1\(fonts) }
        layers:
          - { name: label, class: text, frame: [10, 5, 180, 50], string: "Hi 👋", font: "\(font)", fontSize: 24 }
        """
    }

    @Test func listsTheInstalledFamiliesAndTheScenesOwn() throws {
        let plain = try ReelProcess.run(["fonts"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let families = plain.stdout.split(separator: "\n").map(String.init)
        #expect(
            families.contains("Noto Sans") && families.contains("Noto Sans CJK SC")
                && families.contains("Noto Color Emoji"))
        #expect(!families.contains("DejaVu Sans"), "the machine's other fonts are not Reel's")
        #expect(families.contains("Nimbus Sans") && families.contains("DejaVu Sans Mono"), "the stand-ins are")
        let json = try ReelProcess.run(["fonts", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["default"] as? String == "Nimbus Sans", "Helvetica's stand-in")
        #expect((object["appleNames"] as? [String: String])?["Menlo"] == "DejaVu Sans Mono")

        let folder = try ScratchFolder()
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: try folder.file("fonts/Mono.ttf"))
        let scene = try folder.write(
            "s.yaml", Self.scene(fonts: ", fonts: [fonts/Mono.ttf]", font: "DejaVu Sans Mono Bold"))
        let withScene = try ReelProcess.run(["fonts", scene])
        #expect(withScene.status == 0, "\(withScene.stderr)")
        #expect(withScene.stdout.hasPrefix("DejaVu Sans Mono\n"), "the scene's own families first")
        // It renders, without a warning: the family is the scene's.
        let still = try ReelProcess.run(["still", scene, "--at", "0", "-o", try folder.file("a.png")])
        #expect(still.status == 0 && !still.stderr.contains("warning"), "\(still.stderr)")
        // inspect names the scene's own family as what the text is drawn in.
        let inspected = try ReelProcess.run(["inspect", scene, "--at", "0", "--layer", "label"])
        #expect(inspected.stdout.contains("\"renderedFont\": \"DejaVu Sans Mono\""), "\(inspected.stdout)")
    }

    @Test func aFontThatIsNotAvailableIsAWarningNamingTheSubstitute() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("s.yaml", Self.scene(font: "Comic Sans MS"))
        let result = try ReelProcess.run(["validate", scene])
        #expect(result.status == 0, "a warning, not an error")
        #expect(
            result.stderr.contains(
                "\(scene):4:80: warning: font 'Comic Sans MS' is not available; text is drawn in 'Noto Sans' instead"),
            "\(result.stderr)")
    }

    @Test func validateNamesTheStandInOnceAndStrictFails() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write(
            "s.yaml",
            Self.scene(font: "SFProText-Semibold") + "\n  - { name: b, class: text, string: B, font: SF Pro Text }\n")
        let result = try ReelProcess.run(["validate", scene])
        #expect(result.status == 0, "a warning, not an error: \(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning: font") }
        #expect(warnings.count == 1, "once per family: \(warnings)")
        #expect(warnings.first?.hasPrefix("\(scene):4:") == true, "located: \(warnings)")
        #expect(warnings.first?.contains("text is drawn in 'Inter'") == true, "\(warnings)")
        let strict = try ReelProcess.run(["validate", "--strict", scene])
        #expect(strict.status == 2 && strict.stderr.contains("error: font 'SFProText-Semibold'"), "\(strict.stderr)")
        let inspected = try ReelProcess.run(["inspect", scene, "--at", "0", "--layer", "label"])
        #expect(inspected.stdout.contains("\"renderedFont\": \"Inter\""), "\(inspected.stdout)")
    }

    @Test func inspectShowsTheDefaultFontAndWhatItIsDrawnIn() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write(
            "s.yaml", Self.scene(font: "Menlo").replacingOccurrences(of: ", font: \"Menlo\"", with: ""))
        let result = try ReelProcess.run(["inspect", scene, "--at", "0", "--layer", "label"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["font"] as? String == "Helvetica", "Core Animation's documented default")
        #expect(object["renderedFont"] as? String == "Nimbus Sans", "Helvetica's metric-compatible stand-in")
        // The user named no font, so there is nothing to warn about: --strict passes.
        let strict = try ReelProcess.run(["validate", "--strict", scene])
        #expect(strict.status == 0 && !strict.stderr.contains("warning"), "\(strict.stderr)")
    }
}
