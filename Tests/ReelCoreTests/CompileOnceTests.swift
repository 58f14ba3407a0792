import Foundation
import Testing
@testable import ReelCore

/// A scene keeps its compiled timeline: rendering, then making a still and a sheet, runs its
/// closures once. Changing the scene compiles again.
@Suite("Compiling once")
struct CompileOnceTests {
    /// A layer with state of its own that compiling cannot restore (a custom-drawn gauge's value).
    final class Gauge: CALayer {
        var value = 0.25
    }

    @Test func closuresRunOnceUntilTheSceneChanges() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 2))
        let gauge = Gauge()
        gauge.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        scene.rootLayer.addSublayer(gauge)
        var runs = 0
        var valuesSeen: [Double] = []
        scene.at(1) {
            runs += 1
            valuesSeen.append(gauge.value)
            gauge.value = 0.8
            gauge.position = CGPoint(x: 50, y: 50)
        }
        let first = try scene.compile()
        let second = try scene.compile()
        #expect(first.presentation(at: 1.5).sublayers.count == second.presentation(at: 1.5).sublayers.count)
        #expect(runs == 1)
        #expect(second.presentation(at: 1.5).sublayers.first?.model.position == CGPoint(x: 50, y: 50))

        // A change to a layer outside the timeline: compiled again (and the subclass's value is
        // what the closure left, as it would be on iOS after the code ran).
        gauge.opacity = 0.5
        _ = try scene.compile()
        #expect(runs == 2)
        #expect(valuesSeen == [0.25, 0.8])

        // A new entry: compiled again.
        scene.at(1.5) {}
        _ = try scene.compile()
        #expect(runs == 3)
    }
}
