import Foundation
import Reel

/// How much two frames differ, in two measures that together tell a real change from encoder
/// noise: PSNR over the whole frame (small everywhere-noise keeps it high), and the largest mean
/// difference of an 8×8 block in any channel (a small object that changed colour moves its blocks
/// a lot, noise averages out within a block).
public struct FrameDifference: Sendable, Equatable {
    /// Peak signal-to-noise ratio in dB over B, G, R and A; infinity for identical frames.
    public var psnr: Double
    /// The largest mean absolute difference of an 8×8 block in one channel, in 0…255 levels.
    public var worstBlock: Double

    /// A frame differs when its PSNR is under `minimumPSNR` or a block moved by more than
    /// `maximumBlock` levels. Re-encoding the same frames (another x264 preset or version at the
    /// same crf) stays above 45 dB with blocks within 3 levels; a 10×10-pixel change of one
    /// channel by 40 levels already moves a block by 25.
    public static let minimumPSNR = 40.0
    public static let maximumBlock = 6.0

    public var isChanged: Bool { psnr < Self.minimumPSNR || worstBlock > Self.maximumBlock }

    /// Compares two frames of the same size.
    public init(_ a: PixelBuffer, _ b: PixelBuffer) {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        let width = a.width, height = a.height
        let blocksWide = (width + 7) / 8
        var squared: UInt64 = 0
        var blockSums = [Int](repeating: 0, count: blocksWide * 4)
        var worst = 0.0
        for y in 0..<height {
            let rowA = a.baseAddress.advanced(by: y * a.stride).assumingMemoryBound(to: UInt8.self)
            let rowB = b.baseAddress.advanced(by: y * b.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                for c in 0..<4 {
                    let d = Int(rowA[x * 4 + c]) - Int(rowB[x * 4 + c])
                    squared &+= UInt64(d * d)
                    blockSums[(x / 8) * 4 + c] += abs(d)
                }
            }
            // A row of blocks is complete: take its worst, then start the next.
            if y % 8 == 7 || y == height - 1 {
                let rows = y % 8 + 1
                for bx in 0..<blocksWide {
                    let columns = min(8, width - bx * 8)
                    for c in 0..<4 { worst = max(worst, Double(blockSums[bx * 4 + c]) / Double(rows * columns)) }
                }
                for i in blockSums.indices { blockSums[i] = 0 }
            }
        }
        let mse = Double(squared) / Double(max(width * height * 4, 1))
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        worstBlock = worst
    }
}
