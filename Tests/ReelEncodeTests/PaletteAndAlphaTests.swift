import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelEncode

@Suite("Alpha conversion and GIF palettes")
struct PaletteAndAlphaTests {
    @Test("un-premultiplying matches Cairo's rounding (PixelBuffer.rgba) for every alpha and value")
    func unpremultiplyAllValues() {
        let buffer = PixelBuffer(width: 256, height: 256)
        for a in 0..<256 {
            let row = (buffer.baseAddress + a * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for c in 0..<256 {
                let v = UInt8(min(c, a))  // premultiplied colour never exceeds alpha
                (row[c * 4], row[c * 4 + 1], row[c * 4 + 2], row[c * 4 + 3]) = (v, v / 2, v / 3, UInt8(a))
            }
        }
        let expected = buffer.straightRGBABytes()
        var rgba = [UInt8](repeating: 0, count: 256 * 256 * 4)
        rgba.withUnsafeMutableBufferPointer { writeStraightRGBA(buffer, to: $0.baseAddress!, stride: 256 * 4) }
        #expect(rgba == expected)

        unpremultiplyAlpha(buffer)  // in place, BGRA order
        var inPlace: [UInt8] = []
        for y in 0..<256 {
            for x in 0..<256 {
                let p = buffer.premultipliedRGBA(x: x, y: y)  // now holds straight values
                inPlace += [p.r, p.g, p.b, p.a]
            }
        }
        #expect(inPlace == expected)
    }

    @Test("a palette of few colours holds them exactly and leaves index 255 free")
    func exactColours() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [
            (16, 24, 32), (242, 170, 76), (255, 255, 255), (0, 0, 0), (42, 157, 143)
        ]
        let palette = GIFPalette(colours: colours)
        #expect(palette.count == 5)
        let entries = Set(palette.entries.prefix(palette.count))
        for c in colours {
            #expect(entries.contains(0xFF00_0000 | UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2)))
        }
    }

    @Test("many colours: at most 255, and the nearest-colour search equals a brute-force search")
    func nearestIsExact() throws {
        var generator = SplitMix(seed: 7)
        let frame = PixelBuffer(width: 64, height: 64)
        let words = frame.baseAddress.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(frame.byteCount / 4) {
            words[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFFFFFF
        }
        let analyzer = GIFPaletteAnalyzer()
        analyzer.analyze(frame)
        let palette = try GIFPalette([analyzer])
        #expect(palette.count == 255)
        let converter = try GIFConverter(width: 64, height: 64, palette: palette)
        for _ in 0..<2000 {
            let r = Int32(generator.next() % 256), g = Int32(generator.next() % 256), b = Int32(generator.next() % 256)
            var best = 0, bestDistance = Int32.max
            for (i, e) in palette.entries.prefix(palette.count).enumerated() {
                let dr = Int32((e >> 16) & 0xFF) - r, dg = Int32((e >> 8) & 0xFF) - g, db = Int32(e & 0xFF) - b
                let d = dr * dr + dg * dg + db * db
                if d < bestDistance { (best, bestDistance) = (i, d) }
            }
            let found = converter.nearest(r, g, b)
            #expect(Int(found.index) == best && found.distance == bestDistance, "(\(r), \(g), \(b))")
        }
    }

    @Test("with transparency: half-opaque pixels count by straight colour, the rest map to index 255")
    func transparentPalette() throws {
        // A row of: opaque white, transparent, 50 % red (premultiplied 128), 49 % red, opaque white.
        let frame = PixelBuffer(width: 5, height: 1)
        let words = frame.baseAddress.assumingMemoryBound(to: UInt32.self)
        (words[0], words[1], words[2], words[3], words[4]) = (0xFFFF_FFFF, 0, 0x8080_0000, 0x7D7D_0000, 0xFFFF_FFFF)
        let analyzer = GIFPaletteAnalyzer(transparent: true)
        analyzer.analyze(frame)
        let palette = try GIFPalette([analyzer])
        #expect(palette.transparentIndex == 255 && palette.entries[255] == 0, "alpha 0 marks it for FFmpeg")
        #expect(
            palette.count == 2 && Set(palette.entries.prefix(2)) == [0xFFFF_FFFF, 0xFFFF_0000],
            "white and straight red only")
        let converter = try GIFConverter(width: 5, height: 1, palette: palette)
        let prepared = try converter.prepare(frame, index: 0, reusing: nil)
        let indices = try #require(prepared.picture?.pointee.data.0)
        let white = UInt8(palette.entries.firstIndex(of: 0xFFFF_FFFF)!),
            red = UInt8(palette.entries.firstIndex(of: 0xFFFF_0000)!)
        #expect((0..<5).map { indices[$0] } == [white, 255, red, 255, white])
    }

    @Test("the palette does not depend on how frames were split between analyzers")
    func analyzerSplit() throws {
        let frames = (0..<6).map { k -> PixelBuffer in
            let b = PixelBuffer(width: 320, height: 240)
            MovingSquare.render(frame: k, into: b)
            return b
        }
        let one = GIFPaletteAnalyzer()
        frames.forEach(one.analyze)
        let a = GIFPaletteAnalyzer(), b = GIFPaletteAnalyzer()
        frames.enumerated().forEach { ($0.offset.isMultiple(of: 2) ? a : b).analyze($0.element) }
        #expect(try GIFPalette([one]) == GIFPalette([b, a]))
    }
}
