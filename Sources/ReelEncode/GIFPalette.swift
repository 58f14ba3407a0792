import ReelCore

/// Counts the colours of frames for a GIF palette: a histogram of 6-bit-per-channel cells, each
/// with the sum of its exact colours so that a palette entry can be their true mean.
///
/// One analyzer per worker thread; `GIFPalette` merges them. The histogram has a fixed size
/// (8 MB), whatever the length of the clip. Counts and sums are integers, so merging is exact
/// and the palette does not depend on which worker saw which frame.
final class GIFPaletteAnalyzer: FrameAnalyzer, @unchecked Sendable {
    static let cellCount = 1 << 18
    /// Per cell: pixel count and the sums of red, green and blue.
    private(set) var counts = [UInt64](repeating: 0, count: cellCount)
    private(set) var sums = [UInt64](repeating: 0, count: cellCount * 3)
    /// For a GIF with transparency: only pixels that will be drawn (alpha ≥ 128) count, by their
    /// straight colour. Otherwise every pixel counts as the frame over black.
    let transparent: Bool

    init(transparent: Bool = false) { self.transparent = transparent }

    func analyze(_ buffer: PixelBuffer) {
        if transparent { return analyzeVisible(buffer) }
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in 0..<buffer.height {
                    let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                    // Runs of one colour (flat areas: most of a motion-graphics frame) are counted at once.
                    var run: UInt64 = 0
                    var colour = row[0] & 0xFFFFFF
                    for x in 0...buffer.width {
                        let next = x < buffer.width ? row[x] & 0xFFFFFF : ~colour
                        if next == colour {
                            run += 1
                            continue
                        }
                        let r = (colour >> 16) & 0xFF, g = (colour >> 8) & 0xFF, b = colour & 0xFF
                        let cell = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
                        counts[cell] += run
                        sums[cell * 3] += UInt64(r) * run
                        sums[cell * 3 + 1] += UInt64(g) * run
                        sums[cell * 3 + 2] += UInt64(b) * run
                        colour = next
                        run = 1
                    }
                }
            }
        }
    }
}

extension GIFPaletteAnalyzer {
    /// The straight colour of a premultiplied BGRA pixel with alpha ≥ 128, or nil when GIF's
    /// 1-bit transparency makes it transparent. `table` is `UnpremultiplyTable.shared`.
    @inline(__always)
    static func visibleColour(_ pixel: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> (
        r: UInt32, g: UInt32, b: UInt32
    )? {
        let a = Int(pixel >> 24)
        guard a >= 128 else { return nil }
        func straight(_ c: UInt32) -> UInt32 { UInt32(table[a << 8 | Int(c & 0xFF)]) }
        return (straight(pixel >> 16), straight(pixel >> 8), straight(pixel))
    }

    private func analyzeVisible(_ buffer: PixelBuffer) {
        UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
            for y in 0..<buffer.height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<buffer.width {
                    guard let (r, g, b) = Self.visibleColour(row[x], table) else { continue }
                    let cell = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
                    counts[cell] += 1
                    sums[cell * 3] += UInt64(r)
                    sums[cell * 3 + 1] += UInt64(g)
                    sums[cell * 3 + 2] += UInt64(b)
                }
            }
        }
    }
}

/// The 255 colours (at most) of a GIF, chosen for the whole clip by median cut.
///
/// One palette for all frames keeps colours from flickering between frames and lets the GIF
/// encoder store only what changed. Index 255 is left unused: the encoder takes an unused index
/// as the "unchanged pixel" transparent colour that makes later frames small.
///
/// Colour is the premultiplied colour, i.e. the frame over black: GIF has no partial alpha.
/// With transparency, index 255 is the transparent colour instead (alpha 0, which is how the
/// FFmpeg GIF encoder finds it) and the colours are the straight colours of drawn pixels.
struct GIFPalette: Sendable, Equatable {
    /// Palette entries as 0xAARRGGBB (alpha 0xFF but for the transparent one); 256 entries,
    /// unused ones black.
    let entries: [UInt32]
    /// How many entries are colours.
    let count: Int
    /// The transparent entry, when the GIF has transparency.
    let transparentIndex: Int?

    static let maximumColours = 255

    /// Median cut over the merged histograms.
    /// - Throws: `EncodeError` if no frame was analysed.
    init(_ analyzers: [GIFPaletteAnalyzer]) throws {
        let transparent = analyzers.contains { $0.transparent }
        var cells: [Cell] = []
        for index in 0..<GIFPaletteAnalyzer.cellCount {
            var cell = Cell(count: 0, sum: (0, 0, 0))
            for analyzer in analyzers where analyzer.counts[index] > 0 {
                cell.count += analyzer.counts[index]
                cell.sum.0 += analyzer.sums[index * 3]
                cell.sum.1 += analyzer.sums[index * 3 + 1]
                cell.sum.2 += analyzer.sums[index * 3 + 2]
            }
            if cell.count > 0 { cells.append(cell) }
        }
        guard transparent || !cells.isEmpty else {
            throw EncodeError("A GIF needs at least one frame to choose its palette from")
        }
        self.init(cells: cells, transparent: transparent)
    }

    /// Builds the palette from explicit colours (for tests): each colour becomes a cell of one pixel.
    init(colours: [(UInt8, UInt8, UInt8)], transparent: Bool = false) {
        self.init(
            cells: colours.map { Cell(count: 1, sum: (UInt64($0.0), UInt64($0.1), UInt64($0.2))) },
            transparent: transparent)
    }

    private init(cells: [Cell], transparent: Bool) {
        var cells = cells
        // A clip with nothing drawn is all transparent: one black entry keeps the palette valid.
        if cells.isEmpty { cells = [Cell(count: 1, sum: (0, 0, 0))] }
        var boxes = [Box(range: 0..<cells.count, cells: cells)]
        while boxes.count < GIFPalette.maximumColours {
            // Split the box whose colours are furthest from its mean (ties: the earlier box).
            var best = -1
            var bestError = 0.0
            for (i, box) in boxes.enumerated() where box.range.count > 1 && box.error > bestError {
                best = i
                bestError = box.error
            }
            guard best >= 0 else { break }
            let (low, high) = boxes[best].split(&cells)
            boxes[best] = low
            boxes.append(high)
        }
        var entries = [UInt32](repeating: 0xFF00_0000, count: 256)
        for (i, box) in boxes.enumerated() { entries[i] = box.colour }
        if transparent { entries[255] = 0 }
        self.entries = entries
        self.count = boxes.count
        self.transparentIndex = transparent ? 255 : nil
    }

    /// A histogram cell: how many pixels, and the sums of their channels.
    struct Cell {
        var count: UInt64
        var sum: (UInt64, UInt64, UInt64)
        var mean: (Double, Double, Double) {
            let n = Double(count)
            return (Double(sum.0) / n, Double(sum.1) / n, Double(sum.2) / n)
        }
    }

    /// A box of cells (a range of the cell array) and its statistics.
    struct Box {
        let range: Range<Int>
        let count: UInt64
        let sum: (UInt64, UInt64, UInt64)
        /// Σ count · squared distance from the box's mean, per channel.
        let variance: (Double, Double, Double)

        init(range: Range<Int>, cells: [Cell]) {
            self.range = range
            var count: UInt64 = 0
            var sum: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for cell in cells[range] {
                count += cell.count
                sum.0 += cell.sum.0; sum.1 += cell.sum.1; sum.2 += cell.sum.2
            }
            let n = Double(count)
            let mean = (Double(sum.0) / n, Double(sum.1) / n, Double(sum.2) / n)
            var variance = (0.0, 0.0, 0.0)
            for cell in cells[range] {
                let m = cell.mean, w = Double(cell.count)
                variance.0 += w * (m.0 - mean.0) * (m.0 - mean.0)
                variance.1 += w * (m.1 - mean.1) * (m.1 - mean.1)
                variance.2 += w * (m.2 - mean.2) * (m.2 - mean.2)
            }
            self.count = count
            self.sum = sum
            self.variance = variance
        }

        var error: Double { variance.0 + variance.1 + variance.2 }

        /// The rounded mean colour as 0xFFRRGGBB.
        var colour: UInt32 {
            func channel(_ s: UInt64) -> UInt32 { UInt32((s * 2 + count) / (2 * count)) }
            return 0xFF00_0000 | channel(sum.0) << 16 | channel(sum.1) << 8 | channel(sum.2)
        }

        /// Sorts the box's cells along its widest channel and cuts at the median pixel.
        func split(_ cells: inout [Cell]) -> (Box, Box) {
            let axis = variance.0 >= variance.1 && variance.0 >= variance.2 ? 0 : variance.1 >= variance.2 ? 1 : 2
            func key(_ c: Cell) -> (Double, Double, Double) {
                let m = c.mean
                return axis == 0 ? (m.0, m.1, m.2) : axis == 1 ? (m.1, m.2, m.0) : (m.2, m.0, m.1)
            }
            // Cells have distinct 6-bit positions, so the order is total and the result deterministic.
            cells[range].sort { key($0) < key($1) }
            var seen: UInt64 = 0
            var cut = range.lowerBound + 1
            for i in range {
                seen += cells[i].count
                if seen * 2 >= count {
                    cut = min(max(i + 1, range.lowerBound + 1), range.upperBound - 1)
                    break
                }
            }
            return (Box(range: range.lowerBound..<cut, cells: cells), Box(range: cut..<range.upperBound, cells: cells))
        }
    }
}
