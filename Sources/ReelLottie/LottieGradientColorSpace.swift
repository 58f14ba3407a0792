import Foundation
import ReelCore

/// The colours a gradient takes between its stops in lottie-ios's Core Animation snapshots.
///
/// There Core Animation runs a gradient in Apple's Generic RGB colour space (gamma 1.8, its own
/// primaries), not in sRGB: each stop is brought into that space and clipped to its gamut, whose
/// red and blue are less saturated than sRGB's — so a saturated stop's weakest channel comes back
/// higher (sRGB (1, 0, 0.4) shows as (1, 0.17, 0.4)) — and the colours between stops are
/// interpolated there. Fitted to Apple's pixels: every sample's gradients within 1 of 255 per
/// channel, where sRGB interpolation of the stops missed a saturated pink's green by 30.
///
/// Reel's `CAGradientLayer` interpolates its stops in sRGB, so the mapping hands it the stops as
/// that space turns them out, with `steps − 1` more in each segment sampled along the curve the
/// Generic RGB interpolation makes in sRGB. Every segment gets them, even a hard edge (two stops
/// at one location), so the count stays the same from keyframe to keyframe.
enum LottieGradientColorSpace {
    /// Pieces each stop-to-stop stretch is cut into, shorter near the stops, where the curve
    /// bends most (a channel leaving 0): the sRGB lines stay within 2 of 255 of it even from
    /// green to magenta, 1.2 from white to black.
    static let steps = 12

    /// `stops` (in order of location) as sRGB stops that draw the Generic RGB gradient.
    static func stops(_ stops: [LottieGradientStop]) -> [LottieGradientStop] {
        guard let last = stops.last else { return stops }
        var made: [LottieGradientStop] = []
        for (a, b) in zip(stops, stops.dropFirst()) {
            let (from, to) = (generic(a.color), generic(b.color))
            for step in 0..<steps {
                let f = (1 - cos(Double.pi * Double(step) / Double(steps))) / 2
                let color = srgb(
                    zip(from, to).map { $0 + ($1 - $0) * f }, alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f
                )
                made.append(LottieGradientStop(location: a.location + (b.location - a.location) * f, color: color))
            }
        }
        made.append(
            LottieGradientStop(location: last.location, color: srgb(generic(last.color), alpha: last.color.alpha)))
        return made
    }

    /// Apple's Generic RGB Profile: its colorant tags (XYZ, adapted to D50 as ICC profiles
    /// are) and its tone curve, gamma 1.8.
    private static let genericPrimaries: [[Double]] = [
        [0.45427, 0.35332, 0.15662], [0.24263, 0.67441, 0.08336], [0.01482, 0.09042, 0.71953]
    ]
    private static let genericGamma = 1.8
    /// sRGB's primaries in XYZ, Bradford-adapted to D50 (IEC 61966-2-1 with the ICC's D50).
    private static let srgbPrimaries: [[Double]] = [
        [0.4361, 0.3851, 0.1431], [0.2225, 0.7169, 0.0606], [0.0139, 0.0971, 0.7141]
    ]
    private static let srgbToGeneric = multiply(inverse(genericPrimaries), srgbPrimaries)
    private static let genericToSRGB = multiply(inverse(srgbPrimaries), genericPrimaries)

    /// A colour's gamma-encoded Generic RGB components, clipped to that space's gamut.
    private static func generic(_ color: CGColor) -> [Double] {
        let linear = [color.red, color.green, color.blue].map { c in
            c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return apply(srgbToGeneric, linear).map { pow(min(max($0, 0), 1), 1 / genericGamma) }
    }

    private static func srgb(_ generic: [Double], alpha: Double) -> CGColor {
        let c = apply(genericToSRGB, generic.map { pow($0, genericGamma) }).map { v in
            let l = min(max(v, 0), 1)
            return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }

    private static func apply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in zip(row, v).map(*).reduce(0, +) }
    }

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        a.map { row in (0..<3).map { j in (0..<3).map { k in row[k] * b[k][j] }.reduce(0, +) } }
    }

    /// A 3 × 3 matrix's inverse, by cofactors.
    private static func inverse(_ m: [[Double]]) -> [[Double]] {
        func cofactor(_ i: Int, _ j: Int) -> Double {
            let (r0, r1) = ((i + 1) % 3, (i + 2) % 3)
            let (c0, c1) = ((j + 1) % 3, (j + 2) % 3)
            return m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
        }
        let det = (0..<3).map { j in m[0][j] * cofactor(0, j) }.reduce(0, +)
        return (0..<3).map { i in (0..<3).map { j in cofactor(j, i) / det } }
    }
}
