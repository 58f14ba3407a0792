import Foundation
import ReelTestSupport
import Testing

/// `reel still` and `reel sheet` (checked in `SheetCLITests`) end with a summary line like `reel render`'s: the file, what it
/// shows, the time taken and the file's size.
struct SummaryLineCLITests {
    /// `FILE: DETAILS, rendered in S s, SIZE` with SIZE the file's own, as render prints it.
    static func expectSummary(_ stderr: String, file: String, details: String) throws {
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let size = bytes >= 1000 ? "\(Int((Double(bytes) / 1000).rounded())) kB" : "\(bytes) bytes"
        let pattern =
            "^" + NSRegularExpression.escapedPattern(for: "\(file): \(details), rendered in ")
            + "[0-9]+\\.[0-9] s, " + NSRegularExpression.escapedPattern(for: size) + "\n$"
        #expect(stderr.range(of: pattern, options: .regularExpression) != nil, "\(stderr)")
    }

    @Test func stillPrintsItsFileSizeAndTime() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("small.yaml", RenderCLITests.small)
        let out = folder.url.appendingPathComponent("f.png").path
        let result = try ReelProcess.run(["still", scene, "--at", "0.5", "-o", out])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.expectSummary(result.stderr, file: out, details: "160×90 PNG at 0.5 s")
    }
}
