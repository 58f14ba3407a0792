import Foundation
import ReelTestSupport
import Testing

/// The hostile Lottie corpus, generated here: malformed, deep, huge, non-finite, bombs, cycles
/// and explosions. Every file is answered by `reel validate` and `reel render` with exit status
/// 0 (drawn, perhaps with warnings) or 2 with a located `FILE:LINE:COLUMN: error:` message, each
/// under 300 MB and before the deadline, writing nothing beside the input and leaving no output
/// when refused (`HostileSceneTests.measure` counts the memory and kills a hung run).
@Suite("Hostile Lottie files")
struct HostileLottieTests {
    /// A Lottie document of 64 × 48 at 10 fps, three frames long, unless `top` says otherwise.
    static func document(layers: String, assets: String = "[]", top: String = "") -> String {
        """
        {"v": "5.7.4", "fr": 10, "ip": 0, "op": 3, "w": 64, "h": 48, \(top)"assets": \(assets), "layers": [\(layers)]}
        """
    }

    static func shapes(_ items: String, extra: String = "") -> String {
        #"{"ty": 4, "nm": "s", "ip": 0, "op": 3, "st": 0, "ks": {}, "shapes": [\#(items)]\#(extra)}"#
    }

    static let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    static let rect =
        #"{"ty": "rc", "p": {"a": 0, "k": [32, 24]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}"#

    static func precomp(_ id: String, w: Int = 64, h: Int = 48) -> String {
        #"{"ty": 0, "refId": "\#(id)", "w": \#(w), "h": \#(h), "ip": 0, "op": 3, "st": 0, "ks": {}}"#
    }

    /// A PNG header claiming `side` × `side` pixels, as a data URI: a bomb if decoded.
    static func pngBomb(side: UInt32) -> String {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        let size = withUnsafeBytes(of: side.bigEndian) { Array($0) }
        let header = bytes + size + size + [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return "data:image/png;base64," + Data(header).base64EncodedString()
    }

    /// The corpus: a name and the file's text.
    static let corpus: [(name: String, text: String)] = {
        var files: [(String, String)] = []
        let square = shapes(rect + ", " + fill)
        files.append(("truncated", String(document(layers: square).dropLast(9))))
        files.append(
            ("not-json", "{\"v\": \"5.7.4\", \"fr\": 10, \"ip\": 0, \"op\": 3, \"w\": 64, \"h\": 48, \"layers\": [}"))
        files.append(
            ("nan-token", document(layers: square).replacingOccurrences(of: "\"fr\": 10", with: "\"fr\": NaN")))
        files.append(("deep-json", document(layers: String(repeating: "[", count: 100_000))))
        var group = rect + ", " + fill
        for _ in 0..<300 { group = #"{"ty": "gr", "it": [\#(group)]}"# }
        files.append(("deep-groups", document(layers: shapes(group))))
        files.append(("huge-size", document(layers: square).replacingOccurrences(of: "\"w\": 64", with: "\"w\": 1e9")))
        files.append(
            ("huge-rate", document(layers: square).replacingOccurrences(of: "\"fr\": 10", with: "\"fr\": 1e9")))
        files.append(
            ("huge-out-point", document(layers: square).replacingOccurrences(of: "\"op\": 3", with: "\"op\": 1e12")))
        files.append(
            ("overflowing-number", document(layers: square).replacingOccurrences(of: "[32, 24]", with: "[1e309, 24]")))
        files.append(
            ("largest-double", document(layers: square).replacingOccurrences(of: "[32, 24]", with: "[1e308, -1e308]")))
        files.append(
            ("negative-size", document(layers: square).replacingOccurrences(of: "\"h\": 48", with: "\"h\": -48")))
        files.append(("zero-rate", document(layers: square).replacingOccurrences(of: "\"fr\": 10", with: "\"fr\": 0")))
        let image = #"{"ty": 2, "refId": "img", "ip": 0, "op": 3, "st": 0, "ks": {}}"#
        files.append(
            (
                "image-bomb",
                document(
                    layers: image,
                    assets: #"[{"id": "img", "w": 30000, "h": 30000, "e": 1, "p": "\#(pngBomb(side: 30000))"}]"#)
            ))
        files.append(
            (
                "image-outside",
                document(
                    layers: image, assets: #"[{"id": "img", "w": 10, "h": 10, "u": "../../../", "p": "etc/passwd"}]"#)
            ))
        files.append(
            (
                "self-precomp",
                document(layers: precomp("a"), assets: #"[{"id": "a", "layers": [\#(precomp("a"))]}]"#)
            ))
        files.append(
            (
                "precomp-cycle",
                document(
                    layers: precomp("a"),
                    assets: #"[{"id": "a", "layers": [\#(precomp("b"))]}, {"id": "b", "layers": [\#(precomp("a"))]}]"#)
            ))
        // Ten levels each using the next ten times: 10¹⁰ layers if expanded.
        let levels = (0..<10).map { i in
            let inner = i == 9 ? square : Array(repeating: precomp("p\(i + 1)"), count: 10).joined(separator: ", ")
            return #"{"id": "p\#(i)", "layers": [\#(inner)]}"#
        }
        files.append(
            ("precomp-fan-out", document(layers: precomp("p0"), assets: "[\(levels.joined(separator: ", "))]")))
        let keyframes = (0..<200_000).map { #"{"t": \#(Double($0) / 1000), "s": [\#($0 % 64), 24]}"# }
        let moving = #"{"p": {"a": 1, "k": [\#(keyframes.joined(separator: ", "))]}}"#
        files.append(
            (
                "keyframe-flood",
                document(
                    layers: #"{"ty": 4, "ip": 0, "op": 3, "st": 0, "ks": \#(moving), "shapes": [\#(rect), \#(fill)]}"#)
            ))
        files.append(("layer-flood", document(layers: Array(repeating: square, count: 5_000).joined(separator: ", "))))
        // Each null the parent of the next: every layer takes its ancestors' transforms.
        let chain = (0..<3000).map { i in
            #"{"ty": 3, "ind": \#(i), "#
                + (i > 0 ? #""parent": \#(i - 1), "# : "") + #""ip": 0, "op": 3, "st": 0, "ks": {}}"#
        }
        files.append(("parent-chain", document(layers: chain.joined(separator: ", "))))
        let paths = Array(
            repeating: #"{"ty": "el", "p": {"a": 0, "k": [32, 24]}, "s": {"a": 0, "k": [9, 9]}}"#, count: 2000)
        files.append(
            (
                "fills-times-paths",
                document(layers: shapes((paths + Array(repeating: fill, count: 2000)).joined(separator: ", ")))
            ))
        let repeater =
            #"{"ty": "rp", "c": {"a": 0, "k": 1e9}, "o": {"a": 0, "k": 0}, "tr": {"p": {"a": 0, "k": [1, 0]}}}"#
        files.append(("repeater-copies", document(layers: shapes(rect + ", " + fill + ", " + repeater))))
        let star =
            #"{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 1e9}, "p": {"a": 0, "k": [32, 24]}, "r": {"a": 0, "k": 0}, "#
            + #""ir": {"a": 0, "k": 5}, "or": {"a": 0, "k": 20}, "is": {"a": 0, "k": 0}, "os": {"a": 0, "k": 0}}"#
        files.append(("polystar-points", document(layers: shapes(star + ", " + fill))))
        let dashes =
            #"{"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 1}, "#
            + #""d": [{"n": "d", "v": {"a": 0, "k": 1e-9}}, {"n": "g", "v": {"a": 0, "k": 1e-9}}]}"#
        files.append(("dust-dashes", document(layers: shapes(rect + ", " + dashes))))
        let widePath = (0..<100_000).map { "[\($0 % 64), \($0 % 48)]" }.joined(separator: ", ")
        let zeros = Array(repeating: "[0, 0]", count: 100_000).joined(separator: ", ")
        let path =
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [\#(widePath)], "i": [\#(zeros)], "o": [\#(zeros)]}}}"#
        files.append(("path-flood", document(layers: shapes(path + ", " + fill))))
        return files
    }()

    static var names: [String] { corpus.map(\.name) }

    /// A `FILE:LINE:COLUMN: error:` line about `file`.
    static func isLocatedError(_ line: Substring, file: String) -> Bool {
        guard line.hasPrefix(file + ":") else { return false }
        let rest = line.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2)
        return rest.count == 3 && Int(rest[0]) != nil && Int(rest[1]) != nil && rest[2].hasPrefix(" error: ")
    }

    @Test(arguments: names)
    func answeredWithinBudget(_ name: String) throws {
        let text = try #require(Self.corpus.first { $0.name == name }).text
        let input = try TemporaryFolder()
        let file = try input.write("\(name).json", text)
        let output = try TemporaryFolder()
        let validated = try HostileSceneTests.measure(["validate", file])
        let rendered = try HostileSceneTests.measure(
            ["render", file, "-o", output.url.appendingPathComponent("out.mp4").path, "--quiet"])
        for (command, run) in [("validate", validated), ("render", rendered)] {
            #expect(!run.hung, "\(command) hung")
            #expect((run.peakKB ?? 0) < 300_000, "\(command) peaked at \(run.peakKB ?? 0) KB")
            #expect(run.status == 0 || run.status == 2, "\(command): status \(run.status): \(run.stderr)")
            if run.status == 2 {
                let lines = run.stderr.split(separator: "\n")
                #expect(
                    lines.contains { Self.isLocatedError($0, file: file) },
                    "\(command): no located error: \(run.stderr)")
            }
        }
        #expect(validated.status == rendered.status, "validate and render agree")
        #expect(input.contents == ["\(name).json"], "nothing is written beside the input")
        #expect(output.contents == (rendered.status == 0 ? ["out.mp4"] : []), "\(output.contents)")
    }
}
