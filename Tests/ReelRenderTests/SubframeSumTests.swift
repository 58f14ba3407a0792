import CReelPixels
import Testing

/// Motion blur's sub-frame sums: the vectorised C loops must give the exact integer average.
@Suite("Sub-frame sums")
struct SubframeSumTests {
    @Test func theQuotientIsExactForEveryCountAndSum() {
        // Every sum a frame of 1…256 sub-frames can reach, against ⌊(s + ⌊n/2⌋) / n⌋ in integers.
        var wrong: [(count: Int, sum: Int)] = []
        for count in 1...256 {
            let sums = (0...(255 * count)).map { UInt16($0) }
            var out = [UInt8](repeating: 0, count: sums.count)
            reel_subframe_write(sums, sums.count, 1, Int32(count), &out, sums.count)
            for (sum, q) in zip(sums, out) where Int(q) != (Int(sum) + count / 2) / count {
                wrong.append((count, Int(sum)))
            }
        }
        #expect(wrong.count == 0, "first wrong: \(Array(wrong.prefix(3)))")
    }

    @Test func weightedRowsAddIntoTheirOwnSumsOnly() {
        // Two rows of 3 bytes in rows 5 bytes apart (the last two of each row are not pixels).
        let pixels: [UInt8] = [1, 2, 255, 99, 99, 10, 20, 30, 99, 99]
        var sums: [UInt16] = [100, 0, 7, 0, 0, 65000]
        reel_subframe_add(&sums, pixels, 5, 3, 2, 1)
        #expect(sums == [101, 2, 262, 10, 20, 65030])
        reel_subframe_add(&sums, pixels, 5, 3, 2, 3)
        #expect(sums == [104, 8, 1027, 40, 80, 65120])
    }
}
