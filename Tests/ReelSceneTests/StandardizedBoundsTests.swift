import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Bounds with a negative size read back standardized, as on Apple: Core Animation keeps a rect
/// property's size positive (its rect animations do too), as CGRect's functions standardize.
/// [0, 0, -100, -50] covers x −100…0 and y −50…0, so it reads [-100, -50, 100, 50].
@Suite struct StandardizedBoundsTests {
    /// Compared field by field: CGRect's == standardizes both sides first.
    static func isStandardized(_ r: CGRect) -> Bool {
        r.origin == CGPoint(x: -100, y: -50) && r.size == CGSize(width: 100, height: 50)
    }

    @Test func theSwiftSetterStandardizes() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -100, height: -50)
        #expect(Self.isStandardized(layer.bounds), "\(layer.bounds)")
        let other = CALayer()
        other.setValue(.rect(CGRect(x: 0, y: 0, width: -100, height: -50)), forKey: .bounds)
        #expect(Self.isStandardized(other.bounds), "\(other.bounds)")
    }

    @Test func aSceneFileStandardizes() throws {
        let (scene, _) = try load(
            """
            reel: 1
            canvas: { size: [200, 200], duration: 1 }
            layers:
              - { name: box, position: [100, 100], bounds: [0, 0, -100, -50] }
            """)
        let box = try #require(scene.rootLayer.sublayers?.first)
        #expect(Self.isStandardized(box.bounds), "\(box.bounds)")
        // Its frame is unchanged: the size and position place it.
        #expect(box.frame.origin == CGPoint(x: 50, y: 75) && box.frame.size == CGSize(width: 100, height: 50))
    }
}
