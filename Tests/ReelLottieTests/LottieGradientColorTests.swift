import Foundation
import ReelCore
import ReelScene
import Testing

/// Gradient colours as Apple's Core Animation draws them in lottie-ios's snapshots: in Generic
/// RGB (Apple's Generic RGB Profile: gamma 1.8, primaries less saturated than sRGB's in red and
/// blue), each stop clipped to that gamut and the colours between stops interpolated there.
/// Expected values come from that profile's conversion, and agree with Apple's snapshots
/// (issue_2206's first stop, pr_1818's white-to-black ramp).
@Suite struct LottieGradientColorTests {
    /// A 200 × 200 square filled by a linear gradient along x with the given `g.k` components.
    func ramp(_ components: String, stops: Int) -> String {
        let shapes = """
            {"ty": "rc", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 0, "k": 0}},
            {"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [200, 0]}, "o": {"a": 0, "k": 100},
             "g": {"p": \(stops), "k": {"a": 0, "k": [\(components)]}}}
            """
        return lottie(shapeLayer("ramp", shapes: shapes))
    }

    @Test func aSaturatedStopOutsideGenericRGBComesBackWithItsWeakestChannelLifted() throws {
        // sRGB (0.855, 0.133, 1) has a negative green in Generic RGB; clipped to 0 and brought
        // back it is (218, 60, 255) — the colour of issue_2206's receipt in Apple's snapshot,
        // where sRGB interpolation gives green 34.
        let frame = try render(ramp("0, 0.855, 0.133, 1, 1, 0.855, 0.133, 1", stops: 2), at: 0)
        let c = frame.rgba(x: 100, y: 100)
        #expect(abs(Int(c.r) - 218) <= 1 && abs(Int(c.g) - 60) <= 2 && abs(Int(c.b) - 255) <= 1, "\(c)")
    }

    @Test func colorsBetweenStopsAreInterpolatedWithGenericRGBsGamma() throws {
        // White to black: halfway is 0.5 in gamma-1.8 Generic RGB, linear 0.5^1.8 = 0.287,
        // sRGB 146 (sRGB interpolation gives 128). Grey is inside both gamuts, so the stops
        // themselves stay white and black.
        let frame = try render(ramp("0, 1, 1, 1, 1, 0, 0, 0", stops: 2), at: 0)
        let middle = frame.rgba(x: 100, y: 100)
        #expect(abs(Int(middle.r) - 146) <= 2 && middle.r == middle.g && middle.g == middle.b, "\(middle)")
        #expect(isColor(frame, 1, 100, [255, 255, 255]) && isColor(frame, 199, 100, [0, 0, 0]))
    }

    @Test func pureRedAndBlueStopsShowAsAppleClipsThem() throws {
        let frame = try render(ramp("0, 1, 0, 0, 1, 0, 0, 1", stops: 2), at: 0)
        let (left, right) = (frame.rgba(x: 0, y: 100), frame.rgba(x: 199, y: 100))
        #expect(abs(Int(left.g) - gradientRed[1]) <= 3 && left.r > 250 && left.b < 4, "\(left)")
        #expect(abs(Int(right.g) - gradientBlue[1]) <= 3 && abs(Int(right.r) - gradientBlue[0]) <= 3, "\(right)")
    }
}
