import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// docs/scene-format.md, docs/swift.md and the README cannot go stale: every example decodes and
/// validates against the schema (invalid ones give exactly the output shown after them), the
/// README's first scene is scenes/hello.yaml (whose frame it shows), and the generated tables are
/// regenerated from the decoder and compared.
@Suite("Docs")
struct DocsTests {
    static let repository = SchemaTests.repository
    static let formatURL = repository.appendingPathComponent("docs/scene-format.md")

    /// A fenced code block: its info string ("yaml layer"), text and first line.
    struct Block: Sendable, CustomTestStringConvertible {
        var file: String
        var info: String
        var text: String
        var line: Int
        var testDescription: String { "\(file):\(line) \(info)" }
    }

    static func blocks(in url: URL) -> [Block] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var result: [Block] = []
        var current: Block?
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if var block = current {
                    block.text = String(block.text.dropLast())  // the last newline
                    result.append(block)
                    current = nil
                } else {
                    current = Block(file: url.lastPathComponent, info: String(line.dropFirst(3)), text: "", line: i + 2)
                }
            } else if current != nil {
                current!.text += line + "\n"
            }
        }
        return result
    }

    static let readmeURL = repository.appendingPathComponent("README.md")

    /// Pages whose `yaml` and `json` blocks are scenes (other pages' are manifests or outputs).
    static let scenePages = [formatURL, repository.appendingPathComponent("docs/swift.md"), readmeURL]

    static let examples = scenePages.flatMap { blocks(in: $0) }
        .filter { ["yaml", "json", "yaml layer", "yaml animation", "yaml timeline"].contains($0.info) }

    /// The layers, template and canvas `yaml timeline` and `yaml animation` examples act on.
    static let prelude = """
        reel: 1
        canvas: { size: [400, 300], duration: 5 }
        animations:
          spin: { keyPath: transform.rotation.z, byValue: 360deg, duration: 2 }
        layers:
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: red }
          - { name: line, class: shape, path: "M0 0 L100 0", strokeColor: white }
          - { name: label, class: text, frame: [0, 0, 100, 20], string: hi }

        """

    static func indent(_ text: String, by n: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { String(repeating: " ", count: n) + $0 }
            .joined(separator: "\n")
    }

    /// The example as a whole scene file.
    static func scene(for block: Block) -> String {
        switch block.info {
        case "yaml layer":
            let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
            return "reel: 1\ncanvas: { size: [400, 300], duration: 5 }\nlayers:\n  - " + lines[0] + "\n"
                + lines.dropFirst().map { "    " + $0 }.joined(separator: "\n")
        case "yaml animation":
            return prelude + "timeline:\n  - at: 0\n    add:\n      layer: box\n      key: k\n      animation:\n"
                + indent(block.text, by: 8)
        case "yaml timeline":
            return prelude + "timeline:\n" + indent(block.text, by: 2)
        default:
            return block.text
        }
    }

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 25)
        #expect(
            Set(Self.examples.map(\.file)) == ["scene-format.md", "swift.md", "README.md"],
            "every page has its examples")
    }

    @Test func theReadmesFirstSceneIsHello() throws {
        let first = try #require(Self.blocks(in: Self.readmeURL).first { $0.info == "yaml" })
        let hello = try String(contentsOf: Self.repository.appendingPathComponent("scenes/hello.yaml"), encoding: .utf8)
        #expect(first.text + "\n" == hello, "README.md:\(first.line) shows scenes/hello.yaml as it is")
    }

    @Test(arguments: examples)
    func everyExampleDecodesAndValidates(_ block: Block) throws {
        // Images are named from the repository's root (scenes/assets/…), as a user there would.
        _ = try load(Self.scene(for: block), images: FakeImages(), baseDirectory: Self.repository)
    }

    @Test func invalidExamplesShowExactlyTheirOutput() throws {
        let blocks = Self.blocks(in: Self.formatURL)
        var checked = 0
        for (i, block) in blocks.enumerated() where block.info == "yaml invalid" {
            let output = try #require(blocks.indices.contains(i + 1) ? blocks[i + 1] : nil)
            #expect(output.info == "text")
            var found: [String] = []
            do {
                _ = try SceneLoader.decode(text: block.text, file: "scene.yaml")
            } catch let error as SceneLoadError {
                found = error.diagnostics.map(\.description)
            }
            #expect(found == output.text.split(separator: "\n").map(String.init), "docs/scene-format.md:\(block.line)")
            checked += 1
        }
        #expect(checked >= 1)
    }

    // MARK: Generated tables

    @Test func generatedTablesAreUpToDate() throws {
        var text = try String(contentsOf: Self.formatURL, encoding: .utf8)
        let original = text
        text = Self.replace(section: "layer properties", in: text, with: Self.layerTable)
        text = Self.replace(section: "animation keys", in: text, with: Self.animationTable)
        if ProcessInfo.processInfo.environment["REEL_RECORD_DOCS"] != nil, text != original {
            try text.write(to: Self.formatURL, atomically: true, encoding: .utf8)
        }
        #expect(text == original, "docs/scene-format.md is stale: run REEL_RECORD_DOCS=1 swift test --filter DocsTests")
    }

    static func replace(section: String, in text: String, with body: String) -> String {
        guard let begin = text.range(of: "<!-- BEGIN GENERATED: \(section)"),
            let lineEnd = text[begin.upperBound...].firstIndex(of: "\n"),
            let end = text.range(of: "<!-- END GENERATED: \(section) -->")
        else { return text }
        return String(text[...lineEnd]) + body + String(text[end.lowerBound...])
    }

    /// Each class's own properties with what they take (CALayer's are everyone's).
    static var layerTable: String {
        var rows = ["| class (short form) | properties |", "|---|---|"]
        for kind in LayerKind.allCases {
            let own = LayerProperty.allCases.filter { $0.owner == kind }.sorted { $0.rawValue < $1.rawValue }
            let cells = own.map { "`\($0.rawValue)` \(describe($0))" }
            rows.append(
                "| `\(kind.rawValue)` (`\(kind.shortName)`) | \(cells.isEmpty ? "—" : cells.joined(separator: ", ")) |")
        }
        return rows.joined(separator: "\n") + "\n\nEvery class also has CALayer's properties.\n"
    }

    static func describe(_ p: LayerProperty) -> String {
        if let options = p.options { return "one of " + options.map { "`\($0)`" }.joined(separator: " ") }
        switch p {
        case .contents: return "image file"
        case .maskedCorners: return "`all` or a list of corners"
        case .seed: return "whole number 0…4294967295"
        default: break
        }
        if let range = SceneDecoder.range(of: p) {
            return range.upperBound.isInfinite
                ? "number ≥ 0" : "number \(format(range.lowerBound))…\(format(range.upperBound))"
        }
        switch p.kind {
        case .bool: return "true or false"
        case .numbers: return "list of numbers"
        case .colors: return "list of colors"
        case .cells: return "list of emitter cells"
        default: return p.kind.rawValue
        }
    }

    static var animationTable: String {
        var rows = ["| class | keys besides `class`, `use` and the timing fields |", "|---|---|"]
        for className in SceneSchema.animationClassNames.sorted(by: { Self.order($0) < Self.order($1) }) {
            let own = SceneDecoder.animationKeys(for: className).filter {
                !["class", "use"].contains($0) && !SceneDecoder.timingKeys.contains($0)
            }
            rows.append("| `\(className)` | \(own.map { "`\($0)`" }.joined(separator: ", ")) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// SCENE-FORMAT.md's order of the animation classes.
    static func order(_ className: String) -> Int {
        ["CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup", "CATransition"].firstIndex(
            of: className) ?? 99
    }
}
