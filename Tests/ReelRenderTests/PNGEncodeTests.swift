import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// PNGs made in memory (for reports) are the PNGs written to files.
@Suite struct PNGEncodeTests {
    @Test func inMemoryEqualsTheFile() throws {
        let buffer = PixelBuffer(width: 37, height: 11)
        for y in 0..<11 {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<37 {
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (UInt8(x * 6), UInt8(y * 20), 90, 255)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-png-\(UUID().uuidString).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGFile.write(buffer, to: path)
        let encoded = try PNGFile.encode(buffer)
        #expect(encoded.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(encoded == FileManager.default.contents(atPath: path))
    }
}
