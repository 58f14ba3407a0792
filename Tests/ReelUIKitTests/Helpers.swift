import Foundation
import ReelUIKit
import Testing

/// |a − b| ≤ tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

func close(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance) && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

/// (r, g, b, a) of a colour.
func components(_ color: UIColor) -> [CGFloat] { color.cgColor.components }

/// A 400×300 scene, 10 fps, with one 100×100 view "card" whose center is (100, 100).
func makeViewScene(duration: Double = 10) -> (Scene, UIView) {
    let scene = Scene(canvas: Canvas(size: CGSize(width: 400, height: 300), fps: 10, duration: duration))
    let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    card.layer.name = "card"
    scene.addSubview(card)
    return (scene, card)
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

    /// The keys of the animations applied to `name` at `t`.
    func keys(_ name: String, at t: Double) -> [String] {
        presentation(at: t, layerNamed: name)?.animationKeys ?? []
    }
}

/// The point on a path's elements: the end of element `index`'s curve at parameter `t`.
func point(on path: CGPath, element index: Int, at t: Double) -> CGPoint {
    var current = CGPoint.zero
    for (i, e) in path.elements.enumerated() {
        switch e {
        case .moveTo(let p):
            if i == index { return p }
            current = p
        case .lineTo(let p):
            if i == index { return CGPoint(x: current.x + (p.x - current.x) * t, y: current.y + (p.y - current.y) * t) }
            current = p
        case .quadCurveTo(let p, let c):
            if i == index {
                let u = 1 - t
                return CGPoint(
                    x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                    y: u * u * current.y + 2 * u * t * c.y + t * t * p.y)
            }
            current = p
        case .curveTo(let p, let c1, let c2):
            if i == index {
                let u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                return CGPoint(
                    x: a * current.x + b * c1.x + c * c2.x + d * p.x, y: a * current.y + b * c1.y + c * c2.y + d * p.y)
            }
            current = p
        case .closeSubpath:
            break
        }
    }
    Issue.record("no element \(index)")
    return .zero
}

/// Points sampled along every curve and line of a path (16 per element).
func samples(of path: CGPath) -> [CGPoint] {
    var result: [CGPoint] = []
    for (i, e) in path.elements.enumerated() {
        if case .closeSubpath = e { continue }
        if case .moveTo = e { result.append(point(on: path, element: i, at: 0)); continue }
        for k in 1...16 { result.append(point(on: path, element: i, at: Double(k) / 16)) }
    }
    return result
}
