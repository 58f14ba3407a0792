import Foundation
import ReelCore

/// How much two frames differ, in measures that together tell a real change from encoder
/// noise: PSNR over the whole frame (small everywhere-noise keeps it high), the largest mean
/// difference of an 8×8 block in any channel (a small object that changed colour moves its blocks
/// a lot, noise averages out within a block), the largest shift of a channel's mean, and SSIM
/// (structure as the eye sees it, see `SSIM`).
///
/// `reel diff` and `reel batch --baseline` both measure frames with this type (through
/// `FrameComparison`), so "equal" means the same in both.
public struct FrameDifference: Sendable, Equatable {
    /// Peak signal-to-noise ratio in dB over B, G, R and A; infinity for identical frames.
    public var psnr: Double
    /// The largest mean absolute difference of an 8×8 block in one channel, in 0…255 levels.
    public var worstBlock: Double
    /// The largest shift of a channel's mean over the whole frame, in levels: a colour that
    /// changed everywhere a little (a background one shade lighter) moves it; noise does not.
    public var meanShift: Double
    /// Mean SSIM of the luma (1 for identical frames; see `SSIM` for the window and constants).
    public var ssim: Double

    /// A frame differs when its PSNR is under `minimumPSNR` or a block moved by more than
    /// `maximumBlock` levels. Re-encoding the same frames (another x264 preset or version at the
    /// same crf) stays above 45 dB with blocks within 3 levels; a 10×10-pixel change of one
    /// channel by 40 levels already moves a block by 25.
    public static let minimumPSNR = 40.0
    public static let maximumBlock = 24.0
    public static let maximumMeanShift = 1.0

    /// Whether the frame differs by more than the default tolerance (`FrameTolerance.standard`).
    public var isChanged: Bool { !FrameTolerance.standard.accepts(self) }

    /// The mean squared error per channel value that `psnr` stands for (0 for identical frames).
    public var meanSquaredError: Double { psnr.isInfinite ? 0 : 255 * 255 / pow(10, psnr / 10) }

    /// Whether this frame differs more than `other`: lower SSIM first, then lower PSNR, then a
    /// larger block difference (the order that picks a comparison's worst frame).
    public func isWorse(than other: FrameDifference) -> Bool {
        if ssim != other.ssim { return ssim < other.ssim }
        if psnr != other.psnr { return psnr < other.psnr }
        return worstBlock > other.worstBlock
    }

    /// A difference with these values (for tests and reports).
    public init(psnr: Double, worstBlock: Double, meanShift: Double, ssim: Double) {
        (self.psnr, self.worstBlock, self.meanShift, self.ssim) = (psnr, worstBlock, meanShift, ssim)
    }

    /// Compares two frames of the same size.
    public init(_ a: PixelBuffer, _ b: PixelBuffer) {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        let width = a.width, height = a.height
        let blocksWide = (width + 7) / 8
        var squared = 0
        var signed = (0, 0, 0, 0)
        var worst = 0
        // Per block column and channel: the sum of absolute differences in the current block row.
        let blockSums = UnsafeMutableBufferPointer<Int>.allocate(capacity: blocksWide * 4)
        defer { blockSums.deallocate() }
        blockSums.initialize(repeating: 0)
        for y in 0..<height {
            let rowA = a.baseAddress.advanced(by: y * a.stride).assumingMemoryBound(to: UInt8.self)
            let rowB = b.baseAddress.advanced(by: y * b.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = x &* 4, block = (x >> 3) &* 4
                let d0 = Int(rowA[p]) &- Int(rowB[p]), d1 = Int(rowA[p &+ 1]) &- Int(rowB[p &+ 1])
                let d2 = Int(rowA[p &+ 2]) &- Int(rowB[p &+ 2]), d3 = Int(rowA[p &+ 3]) &- Int(rowB[p &+ 3])
                squared &+= d0 &* d0 &+ d1 &* d1 &+ d2 &* d2 &+ d3 &* d3
                signed = (signed.0 &+ d0, signed.1 &+ d1, signed.2 &+ d2, signed.3 &+ d3)
                blockSums[block] &+= abs(d0)
                blockSums[block &+ 1] &+= abs(d1)
                blockSums[block &+ 2] &+= abs(d2)
                blockSums[block &+ 3] &+= abs(d3)
            }
            // A row of blocks is complete: take its worst (as a sum, scaled below), then start the next.
            if y % 8 == 7 || y == height - 1 {
                let rows = y % 8 + 1
                for bx in 0..<blocksWide {
                    let pixels = rows * min(8, width - bx * 8)
                    // Compared at a common scale: a sum over 64 pixels.
                    for c in 0..<4 { worst = max(worst, blockSums[bx * 4 + c] * 64 / pixels) }
                }
                blockSums.update(repeating: 0)
            }
        }
        let pixels = Double(max(width * height, 1))
        let mse = Double(squared) / (pixels * 4)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        worstBlock = Double(worst) / 64
        meanShift = [signed.0, signed.1, signed.2, signed.3].map { abs(Double($0)) / pixels }.max() ?? 0
        ssim = squared == 0 ? 1 : SSIM.mean(a, b)
    }
}
