import Foundation
import Testing

@testable import ReelCore
@testable import ReelRender

/// A masked layer at full opacity is masked straight onto what is beneath it, without a group
/// for the masked result; the pixels are Core Animation's: content × the mask's alpha, over.
@Suite("Mask shortcut")
struct MaskShortcutTests {
    /// A red square with two children (so its content is a group) on white, masked by a layer
    /// whose left half is opaque and right half half-transparent black.
    static func scene(opacity: Float) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 20), duration: 1))
        scene.rootLayer.backgroundColor = .white
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        square.opacity = opacity
        for x in [0.0, 20.0] {
            let half = CALayer()
            half.frame = CGRect(x: x, y: 0, width: 20, height: 20)
            half.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            square.addSublayer(half)
        }
        let mask = CALayer()
        mask.frame = square.bounds
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        right.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
        left.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        right.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        mask.addSublayer(left)
        mask.addSublayer(right)
        square.mask = mask
        scene.rootLayer.addSublayer(square)
        return scene
    }

    @Test(arguments: [Float(1), 0.5]) func maskedContentIsContentTimesMaskAlpha(opacity: Float) throws {
        let buffer = try renderScene(Self.scene(opacity: opacity))
        for (x, alpha) in [(10, 1.0), (30, 0.5)] {
            // Red at `alpha × opacity` over white: green and blue are what white keeps.
            let kept = 255 * (1 - alpha * Double(opacity))
            let p = buffer.rgba(x: x, y: 10)
            #expect(p.r == 255 && p.a == 255)
            #expect(abs(Double(p.g) - kept) <= 1 && abs(Double(p.b) - kept) <= 1, "x \(x): \(p)")
        }
    }
}
