import Foundation
import Reel
import Testing

@testable import ReelBatch

/// The baseline's change measure: real changes count, encoder-like noise does not.
@Suite struct FrameDifferenceTests {
    static func frame(_ fill: (Int, Int, Int) -> UInt8) -> PixelBuffer {
        let buffer = PixelBuffer(width: 160, height: 90)
        for y in 0..<90 {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<160 { for c in 0..<4 { row[x * 4 + c] = c == 3 ? 255 : fill(x, y, c) } }
        }
        return buffer
    }

    static let base = frame { x, y, c in UInt8((x * 3 + y * 2 + c * 40) % 200 + 20) }

    @Test func identicalFramesAreUnchanged() {
        let d = FrameDifference(Self.base, Self.base)
        #expect(d.psnr == .infinity && d.worstBlock == 0 && d.meanShift == 0 && !d.isChanged)
    }

    @Test func noiseIsNotAChange() {
        // ±2 levels in a pattern that averages out, as re-encoding does.
        let noisy = Self.frame { x, y, c in UInt8(Int((x * 3 + y * 2 + c * 40) % 200 + 20) + ((x + y + c) % 5) - 2) }
        let d = FrameDifference(noisy, Self.base)
        #expect(d.psnr > 40 && d.worstBlock <= 2 && d.meanShift < 0.5)
        #expect(!d.isChanged)
    }

    @Test func aSmallPatchThatChangedColourIsAChange() {
        // 10×10 pixels, blue up by 40: PSNR stays high (it is a small part of the frame), the block does not.
        let patched = Self.frame { x, y, c in
            let v = (x * 3 + y * 2 + c * 40) % 200 + 20
            return UInt8(x >= 40 && x < 50 && y >= 40 && y < 50 && c == 0 ? v + 40 : v)
        }
        let d = FrameDifference(patched, Self.base)
        #expect(d.psnr > 40, "PSNR alone would miss it")
        #expect(d.worstBlock > FrameDifference.maximumBlock)
        #expect(d.isChanged)
    }

    @Test func aWholeFrameOneShadeLighterIsAChange() {
        let lighter = Self.frame { x, y, c in UInt8((x * 3 + y * 2 + c * 40) % 200 + 22) }
        let d = FrameDifference(lighter, Self.base)
        #expect(d.psnr > 40 && d.worstBlock <= 2, "neither PSNR nor blocks see it")
        #expect(d.meanShift == 2 && d.isChanged)
    }
}
