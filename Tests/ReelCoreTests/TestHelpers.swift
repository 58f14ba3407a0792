import Foundation
import Testing

@testable import ReelCore

/// |a − b| ≤ tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { close($0, $1, tolerance) }
}

/// A 200×100 scene with one 20×20 layer "box" at (50, 50).
func makeScene(duration: Double = 10) -> (Scene, CALayer) {
    let scene = Scene(canvas: Canvas(size: CGSize(width: 200, height: 100), fps: 10, duration: duration))
    let box = CALayer()
    box.name = "box"
    box.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    box.position = CGPoint(x: 50, y: 50)
    scene.rootLayer.addSublayer(box)
    return (scene, box)
}

extension Timeline {
    /// The presentation state of the layer named `name` at `t`.
    func state(_ name: String, at t: Double) -> LayerState {
        guard let layer = presentation(at: t, layerNamed: name) else {
            Issue.record("layer \(name) not in the tree at \(t)")
            return LayerState()
        }
        return layer.state
    }

    func keys(_ name: String, at t: Double) -> [String] {
        presentation(at: t, layerNamed: name)?.animationKeys ?? []
    }
}

/// A basic animation in one line.
func basic(
    _ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1,
    configure: (CABasicAnimation) -> Void = { _ in }
) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    configure(a)
    return a
}
