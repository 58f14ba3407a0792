import ReelCore
import Testing

@testable import ReelEncode

/// A GIF converter whose lookup tables cannot be allocated (a worker near its memory limit)
/// throws a clear error; it used to stop the process with a fatal error.
@Suite struct GIFConverterAllocationTests {
    @Test func aFailedLookupAllocationThrows() throws {
        let palette = GIFPalette(colours: [(0, 0, 0), (255, 255, 255)])
        #expect {
            _ = try GIFConverter(width: 8, height: 8, palette: palette, makeLookup: { _, _ in nil })
        } throws: { error in
            (error as? EncodeError)?.message.contains("Out of memory") == true
        }
    }
}
