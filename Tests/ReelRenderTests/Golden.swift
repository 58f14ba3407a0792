import Foundation
import ReelCore
import ReelRender
import ReelTestSupport
import Testing

/// Golden frames of this target (`Golden/`), compared by `GoldenImages` (raw RGBA with a
/// tolerance; REEL_RECORD_GOLDEN=1 records).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ buffer: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenImages.check(buffer, name, in: directory, sourceLocation: sourceLocation)
    }
}

extension PixelBuffer {
    /// Straight RGBA at a point, as a tuple of Ints for easy comparison.
    func color(_ x: Int, _ y: Int) -> [Int] {
        let p = rgba(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }
}

/// True when every channel is within `tolerance`.
func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}
