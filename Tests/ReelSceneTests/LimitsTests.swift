import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Each limit stops its typo with a clear error, and raising it lets the scene through.
@Suite("Limits")
struct LimitsTests {
    func limits(_ change: (inout SceneLimits) -> Void) -> SceneLimits {
        var l = SceneLimits()
        change(&l)
        return l
    }

    @Test func frames() {
        let text = Array("reel: 1\ncanvas: { size: [10, 10], duration: 4000 }\n".utf8)
        #expect(
            problems(bytes: text) == [
                "2:27: the scene would have 240000 frames (fps × duration); the limit is 216000 (raise it with --max-frames)"
            ])
        #expect(problems(bytes: text, limits: limits { $0.maxFrames = 240_000 }) == [])
    }

    @Test func pixels() {
        let text = Array("reel: 1\ncanvas: { size: [4000, 3000], scale: 2, duration: 1 }\n".utf8)
        #expect(
            problems(bytes: text) == [
                "2:11: the frame would be 8000×6000 pixels (size × scale); the limit is 16384 per side and 40000000 pixels (raise it with --max-pixels)"
            ])
        #expect(problems(bytes: text, limits: limits { $0.maxPixels = 48_000_000 }) == [])
    }

    @Test func layerNesting() {
        func nested(_ depth: Int) -> [UInt8] {
            var layer = "{ name: l0 }"
            for i in 1..<depth { layer = "{ name: l\(i), sublayers: [\(layer)] }" }
            return Array("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [\(layer)]\n".utf8)
        }
        #expect(problems(bytes: nested(64)) == [])
        let found = problems(bytes: nested(65))
        #expect(
            found.count == 1 && found[0].hasSuffix("layers are nested more than 64 deep (raise it with --max-depth)"),
            "\(found)")
        #expect(problems(bytes: nested(200), limits: limits { $0.maxDepth = 200 }) == [])
    }

    @Test func masksCountAsNesting() {
        var layer = "{ name: l0 }"
        for i in 1..<66 { layer = "{ name: l\(i), mask: \(layer) }" }
        let found = problems("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [\(layer)]\n")
        #expect(found.count == 1 && found[0].contains("layers are nested more than 64 deep"), "\(found)")
    }

    @Test func fileSize() throws {
        let text = Array(
            ("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\n" + String(repeating: "#\n", count: 100)).utf8)
        let small = limits { $0.maxFileBytes = 100 }
        #expect(
            problems(bytes: text, limits: small) == [
                "1:1: the file is more than 100 bytes; scene files are limited to 100 bytes (raise it with --max-file-size)"
            ])
        // From disk the size is known before reading.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-limits-\(UUID().uuidString).yaml")
        try Data(text).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: SceneLoadError.self) { try SceneLoader.load(path: url.path, limits: small) }
        #expect(
            error?.diagnostics.map(\.message) == [
                "the file is \(text.count) bytes; scene files are limited to 100 bytes (raise it with --max-file-size)"
            ])
        _ = try SceneLoader.load(path: url.path)
    }

    @Test func nestingOfMapsAndListsFollowsTheLayerDepth() {
        #expect(SceneLimits().maxNesting == 144)
        #expect(limits { $0.maxDepth = 400 }.maxNesting == 816)
        #expect(limits { $0.maxDepth = 100_000 }.maxNesting == 816, "capped: deeper would risk the decoder's stack")
    }
}

/// Paths are bounded per path and per scene (SceneLimits.maxPathPoints, maxTotalPathPoints):
/// filling or stroking a self-intersecting path costs up to the square of its points.
@Suite("Path budgets")
struct PathBudgetTests {
    @Test func theScenesPathsTogetherHaveABudget() {
        let path = "M0 0" + String(repeating: " L1 2", count: 9_999)
        let layers = (0..<11).map { _ in "  - { class: shape, path: \"\(path)\" }" }.joined(separator: "\n")
        let found = problems(
            bytes: Array("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n\(layers)\n".utf8))
        #expect(found == ["14:27: path brings the scene's paths to 110000 points; at most 100000 in all"], "\(found)")
        let ten = (0..<10).map { _ in "  - { class: shape, path: \"\(path)\" }" }.joined(separator: "\n")
        #expect(
            problems(bytes: Array("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n\(ten)\n".utf8)) == [])
    }
}
