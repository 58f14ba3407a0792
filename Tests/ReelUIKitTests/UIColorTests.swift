import Foundation
import ReelUIKit
import Testing

@Suite("UIColor")
struct UIColorTests {
    @Test func fixedColorsHaveUIKitsComponents() {
        let expected: [(UIColor, [CGFloat])] = [
            (.black, [0, 0, 0, 1]), (.white, [1, 1, 1, 1]), (.gray, [0.5, 0.5, 0.5, 1]),
            (.darkGray, [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]), (.lightGray, [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]),
            (.red, [1, 0, 0, 1]), (.green, [0, 1, 0, 1]), (.blue, [0, 0, 1, 1]), (.cyan, [0, 1, 1, 1]),
            (.yellow, [1, 1, 0, 1]), (.magenta, [1, 0, 1, 1]), (.orange, [1, 0.5, 0, 1]),
            (.purple, [0.5, 0, 0.5, 1]), (.brown, [0.6, 0.4, 0.2, 1]), (.clear, [0, 0, 0, 0])
        ]
        for (color, values) in expected {
            #expect(zip(components(color), values).allSatisfy { close($0, $1, 1e-12) }, "\(color) ≠ \(values)")
        }
    }

    @Test func systemColorsAreIOSLightModeValues() {
        let expected: [(UIColor, [Int])] = [
            (.systemRed, [255, 59, 48]), (.systemOrange, [255, 149, 0]), (.systemYellow, [255, 204, 0]),
            (.systemGreen, [52, 199, 89]), (.systemTeal, [48, 176, 199]), (.systemBlue, [0, 122, 255]),
            (.systemIndigo, [88, 86, 214]), (.systemPurple, [175, 82, 222]), (.systemPink, [255, 45, 85]),
            (.systemGray, [142, 142, 147]), (.systemGray6, [242, 242, 247])
        ]
        for (color, bytes) in expected {
            let c = components(color)
            #expect(zip(c.prefix(3), bytes).allSatisfy { close($0 * 255, Double($1), 1e-9) } && c[3] == 1, "\(color)")
        }
    }

    @Test func initialisersAndHex() {
        #expect(components(UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)) == [0.1, 0.2, 0.3, 0.4])
        #expect(components(UIColor(white: 0.25, alpha: 0.5)) == [0.25, 0.25, 0.25, 0.5])
        let cg = CGColor(red: 0.9, green: 0.8, blue: 0.7, alpha: 0.6)
        #expect(UIColor(cgColor: cg).cgColor == cg)
        let hex = UIColor(hex: 0x3478F6)
        #expect(zip(components(hex), [0x34, 0x78, 0xF6, 255]).allSatisfy { close($0 * 255, Double($1)) })
        #expect(UIColor(hex: "#3478F6") == hex && UIColor(hex: "3478f6") == hex)
        #expect(UIColor(hex: "#3478F680").map { close(components($0)[3], 128.0 / 255) } == true)
        #expect(UIColor(hex: "#34G8F6") == nil && UIColor(hex: "blue") == nil && UIColor(hex: "#12345") == nil)
        #expect(components(UIColor.systemBlue.withAlphaComponent(0.3)) == components(.systemBlue).prefix(3) + [0.3])
    }

    @Test func hueSaturationBrightnessRoundTrips() {
        // The primaries and secondaries sit at sixths of the hue circle; 1 is red again.
        let cases: [(CGFloat, [CGFloat])] = [
            (0, [1, 0, 0]), (1.0 / 6, [1, 1, 0]), (1.0 / 3, [0, 1, 0]), (0.5, [0, 1, 1]),
            (2.0 / 3, [0, 0, 1]), (5.0 / 6, [1, 0, 1]), (1, [1, 0, 0])
        ]
        for (hue, rgb) in cases {
            let c = components(UIColor(hue: hue, saturation: 1, brightness: 1, alpha: 1))
            #expect(zip(c, rgb).allSatisfy { close($0, $1, 1e-12) }, "hue \(hue) gave \(c)")
        }
        let half = components(UIColor(hue: 0, saturation: 0.5, brightness: 0.8, alpha: 0.7))
        #expect(zip(half, [0.8, 0.4, 0.4, 0.7]).allSatisfy { close($0, $1, 1e-12) })
        var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(hue: 0.6, saturation: 0.35, brightness: 0.9, alpha: 0.5).getHue(
            &h, saturation: &s, brightness: &b, alpha: &a)
        #expect(close(h, 0.6, 1e-12) && close(s, 0.35, 1e-12) && close(b, 0.9, 1e-12) && a == 0.5)
        var white: CGFloat = 0
        #expect(UIColor.gray.getWhite(&white, alpha: nil) && white == 0.5)
        #expect(!UIColor.red.getWhite(nil, alpha: nil))
    }
}
