import Foundation
import ReelCore
import ReelRender
import Testing

/// Golden-image comparison shared by the test targets: raw premultiplied RGBA pixels against a
/// PNG in a `Golden/` folder, with a tolerance for antialiasing differences between Cairo/pixman
/// builds. Set REEL_RECORD_GOLDEN=1 to (re)record; a recorded image must be looked at before it
/// is committed.
public enum GoldenImages {
    /// Largest per-channel difference that still counts as equal.
    public static let channelTolerance = 3
    /// Fraction of pixels allowed beyond that (antialiased edges).
    public static let pixelFraction = 0.002

    /// Compares `buffer` with `directory/name.png` (recording it when missing or asked to).
    public static func check(
        _ buffer: PixelBuffer, _ name: String, in directory: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name + ".png")
        let record = ProcessInfo.processInfo.environment["REEL_RECORD_GOLDEN"] == "1"
        if record || !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try PNGFile.write(buffer, to: url.path)
            if !record {
                Issue.record(
                    "no golden image \(name).png: recorded one at \(url.path); look at it, then commit it",
                    sourceLocation: sourceLocation)
            }
            return
        }
        let golden = try PNGFile.read(url.path)
        guard golden.width == buffer.width, golden.height == buffer.height else {
            Issue.record(
                "\(name): size \(buffer.width)×\(buffer.height), golden \(golden.width)×\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        var bad = 0, worst = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let a = buffer.premultipliedRGBA(x: x, y: y), b = golden.premultipliedRGBA(x: x, y: y)
                let d = max(
                    abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)),
                    abs(Int(a.a) - Int(b.a)))
                worst = max(worst, d)
                if d > channelTolerance { bad += 1 }
            }
        }
        let allowed = Int(Double(buffer.width * buffer.height) * pixelFraction)
        if bad > allowed {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("reel-actual-\(name).png")
            try? PNGFile.write(buffer, to: actual.path)
            Issue.record(
                "\(name): \(bad) pixels differ by more than \(channelTolerance) (allowed \(allowed)); worst \(worst). Actual frame: \(actual.path)",
                sourceLocation: sourceLocation)
        }
    }
}
