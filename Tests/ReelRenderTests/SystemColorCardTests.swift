import Foundation
import ReelCore
import ReelRender
import Testing

/// A card drawn in system colours, light and dark. Expected pixels are the cited sRGB values
/// (Apple's HIG and UIKit's resolved element colours), with the translucent label colour
/// composited by hand over the card: out = 0.6 × label + 0.4 × card, per channel.
@Suite struct SystemColorCardTests {
    func card(_ appearance: String) throws -> PixelBuffer {
        try renderScene(
            """
            reel: 1
            canvas: { size: [60, 40], duration: 1, appearance: \(appearance), background: systemBackground }
            layers:
              - { name: card, frame: [10, 10, 40, 20], backgroundColor: secondarySystemBackground, sublayers: [
                  { name: text, frame: [0, 0, 20, 20], backgroundColor: secondaryLabel },
                  { name: tint, frame: [20, 0, 20, 20], backgroundColor: systemGreen }] }
            """)
    }

    func expectPixel(
        _ buffer: PixelBuffer, _ x: Int, _ y: Int, _ rgb: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let p = buffer.rgba(x: x, y: y)
        let got = [p.r, p.g, p.b, p.a].map(Double.init)
        #expect(
            zip(got, rgb + [255]).allSatisfy { abs($0 - $1) <= 2 }, "got \(got), expected \(rgb)",
            sourceLocation: sourceLocation)
    }

    @Test func light() throws {
        let b = try card("light")
        expectPixel(b, 2, 2, [255, 255, 255])  // systemBackground
        // secondaryLabel (60, 60, 67) at 0.6 over secondarySystemBackground (242, 242, 247):
        // 0.6 × 60 + 0.4 × 242 = 132.8; 0.6 × 67 + 0.4 × 247 = 139.
        expectPixel(b, 20, 20, [132.8, 132.8, 139])
        expectPixel(b, 40, 20, [52, 199, 89])  // systemGreen
    }

    @Test func dark() throws {
        let b = try card("dark")
        expectPixel(b, 2, 2, [0, 0, 0])  // systemBackground
        // secondaryLabel (235, 235, 245) at 0.6 over secondarySystemBackground (28, 28, 30):
        // 0.6 × 235 + 0.4 × 28 = 152.2; 0.6 × 245 + 0.4 × 30 = 159.
        expectPixel(b, 20, 20, [152.2, 152.2, 159])
        expectPixel(b, 40, 20, [48, 209, 88])  // systemGreen
    }
}
