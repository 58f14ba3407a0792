import Foundation
import ReelCore

/// The structural similarity index (Wang, Bovik, Sheikh and Simoncelli, "Image quality
/// assessment: from error visibility to structural similarity", IEEE TIP 2004) of two frames'
/// luma, as the paper defines it:
///
/// - luma is Rec. 601 (0.299 R + 0.587 G + 0.114 B) of the premultiplied pixels, that is, of the
///   frame over black;
/// - statistics are taken in an 11×11 Gaussian window (σ = 1.5, weights normalised to 1) centred
///   on every pixel at least 5 pixels from the edge (the paper's "valid" positions), and the frame's
///   SSIM is the mean over those windows;
/// - SSIM(x, y) = (2μxμy + C1)(2σxy + C2) / ((μx² + μy² + C1)(σx² + σy² + C2)) with
///   C1 = (0.01·255)², C2 = (0.03·255)²;
/// - frames smaller than 11 pixels on a side are one window, uniformly weighted;
/// - unlike the paper's reference code, frames are not downsampled first: a difference of one
///   pixel at 4K counts as at 1080p.
///
/// 1 means identical; structure-preserving changes (a slight brightness shift) stay near 1,
/// while blur, lost detail or a moved object pull it down.
public enum SSIM {
    /// The window's side, in pixels.
    public static let windowSize = 11
    /// The Gaussian window's standard deviation, in pixels.
    public static let sigma = 1.5
    /// The stabilising constants for 8-bit values (K1 = 0.01, K2 = 0.03, L = 255).
    public static let c1 = (0.01 * 255) * (0.01 * 255)
    public static let c2 = (0.03 * 255) * (0.03 * 255)

    /// The normalised one-dimensional Gaussian weights (the window is their outer product).
    static let weights: [Double] = {
        let radius = windowSize / 2
        let w = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        return w.map { $0 / sum }
    }()

    /// The mean SSIM of two frames of the same size.
    public static func mean(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        return mean(luma(a), luma(b), width: a.width, height: a.height)
    }

    /// Rec. 601 luma of a premultiplied BGRA frame (the frame over black), row by row.
    public static func luma(_ buffer: PixelBuffer) -> [Double] {
        var out = [Double](repeating: 0, count: buffer.width * buffer.height)
        out.withUnsafeMutableBufferPointer { out in
            for y in 0..<buffer.height {
                let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<buffer.width {
                    let p = x &* 4
                    out[y &* buffer.width &+ x] =
                        0.114 * Double(row[p]) + 0.587 * Double(row[p &+ 1]) + 0.299 * Double(row[p &+ 2])
                }
            }
        }
        return out
    }

    /// SSIM of one window from its statistics.
    public static func index(meanX: Double, meanY: Double, varianceX: Double, varianceY: Double, covariance: Double)
        -> Double
    {
        ((2 * meanX * meanY + c1) * (2 * covariance + c2))
            / ((meanX * meanX + meanY * meanY + c1) * (varianceX + varianceY + c2))
    }

    /// The mean SSIM of two planes of `width`×`height` values (0…255), row by row.
    public static func mean(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        precondition(x.count == width * height && y.count == width * height, "planes of the wrong size")
        guard width > 0, height > 0 else { return 1 }
        guard width >= windowSize, height >= windowSize else { return wholeWindow(x, y) }
        let n = windowSize, outWidth = width - n + 1, outHeight = height - n + 1
        // The Gaussian is separable: each row is filtered horizontally once (μx, μy, E[x²], E[y²],
        // E[xy] for every window column), into a ring of the last `n` rows; each output row then
        // filters that ring vertically. Memory stays at n rows whatever the frame's height.
        var ring = [Double](repeating: 0, count: n * 5 * outWidth)
        var total = 0.0
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                ring.withUnsafeMutableBufferPointer { ring in
                    weights.withUnsafeBufferPointer { w in
                        for row in 0..<height {
                            let slot = (row % n) * 5 * outWidth, start = row * width
                            for ox in 0..<outWidth {
                                var s = (0.0, 0.0, 0.0, 0.0, 0.0)
                                for k in 0..<n {
                                    let p = x[start + ox + k], q = y[start + ox + k], wk = w[k]
                                    s.0 += wk * p
                                    s.1 += wk * q
                                    s.2 += wk * p * p
                                    s.3 += wk * q * q
                                    s.4 += wk * p * q
                                }
                                ring[slot + ox] = s.0
                                ring[slot + outWidth + ox] = s.1
                                ring[slot + 2 * outWidth + ox] = s.2
                                ring[slot + 3 * outWidth + ox] = s.3
                                ring[slot + 4 * outWidth + ox] = s.4
                            }
                            guard row >= n - 1 else { continue }
                            for ox in 0..<outWidth {
                                var s = (0.0, 0.0, 0.0, 0.0, 0.0)
                                for k in 0..<n {
                                    let base = ((row - n + 1 + k) % n) * 5 * outWidth + ox, wk = w[k]
                                    s.0 += wk * ring[base]
                                    s.1 += wk * ring[base + outWidth]
                                    s.2 += wk * ring[base + 2 * outWidth]
                                    s.3 += wk * ring[base + 3 * outWidth]
                                    s.4 += wk * ring[base + 4 * outWidth]
                                }
                                total += index(
                                    meanX: s.0, meanY: s.1, varianceX: s.2 - s.0 * s.0,
                                    varianceY: s.3 - s.1 * s.1, covariance: s.4 - s.0 * s.1)
                            }
                        }
                    }
                }
            }
        }
        return total / Double(outWidth * outHeight)
    }

    /// SSIM with the whole plane as one uniformly weighted window (planes smaller than a window).
    static func wholeWindow(_ x: [Double], _ y: [Double]) -> Double {
        let count = Double(x.count)
        let mx = x.reduce(0, +) / count, my = y.reduce(0, +) / count
        var vx = 0.0, vy = 0.0, cov = 0.0
        for (p, q) in zip(x, y) {
            vx += (p - mx) * (p - mx)
            vy += (q - my) * (q - my)
            cov += (p - mx) * (q - my)
        }
        return index(meanX: mx, meanY: my, varianceX: vx / count, varianceY: vy / count, covariance: cov / count)
    }
}
