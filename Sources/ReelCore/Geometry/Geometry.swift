import Foundation

// Foundation on Linux provides CGFloat, CGPoint, CGSize and CGRect; Reel uses them as Core
// Animation does. These helpers are the arithmetic interpolation needs.

extension CGPoint {
    @inlinable static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    @inlinable static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
}

extension CGRect {
    /// The centre of the rectangle (`midX`, `midY`), without the standardisation CGRect does.
    var centerPoint: CGPoint { CGPoint(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
}

/// Linear interpolation `a + (b − a) × t`, exact at t = 0 and t = 1.
@inlinable func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    if t == 0 { return a }
    if t == 1 { return b }
    return a + (b - a) * t
}
