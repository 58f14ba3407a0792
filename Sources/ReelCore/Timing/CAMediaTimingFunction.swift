import Foundation

/// The names of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve Core Animation uses for implicit animations on iOS.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")

    public static let allCases: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
}

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points, mapping an
/// animation's time fraction x to its progress y. The y coordinates may leave 0…1 to overshoot
/// (seed 002's `(0.25, −0.4, 0.5, 1)`); x coordinates must lie in 0…1 so the curve is a function.
public struct CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// First control point.
    public let c1: CGPoint
    /// Second control point.
    public let c2: CGPoint

    /// The curve through control points (c1x, c1y) and (c2x, c2y); x values are clamped to 0…1.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
    }

    /// The curve through control points given as doubles; x values are clamped to 0…1.
    public init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        c1 = CGPoint(x: min(max(c1x, 0), 1), y: c1y)
        c2 = CGPoint(x: min(max(c2x, 0), 1), y: c2y)
    }

    /// One of the named curves, with Core Animation's control points.
    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
        case .easeOut: self.init(c1x: 0, c1y: 0, c2x: 0.58, c2y: 1)
        case .easeInEaseOut: self.init(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
        case .default: self.init(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)
        default: self.init(c1x: 0, c1y: 0, c2x: 1, c2y: 1)
        }
    }

    public static let linear = CAMediaTimingFunction(name: .linear)

    /// True for the straight line, which needs no solving.
    public var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// The control point at index 0…3 as `getControlPoint(at:values:)` reports it.
    public func controlPoint(at index: Int) -> CGPoint {
        switch index {
        case 0: CGPoint(x: 0, y: 0)
        case 1: c1
        case 2: c2
        default: CGPoint(x: 1, y: 1)
        }
    }

    /// The curve's name when it is one of the named curves (`easeInEaseOut`), as Apple's
    /// `print(function)` shows it, else its control points `[c1x, c1y, c2x, c2y]`.
    public var description: String {
        if let name = CAMediaTimingFunctionName.allCases.first(where: { CAMediaTimingFunction(name: $0) == self }) {
            return name.rawValue
        }
        return
            "[\(DescriptionFormat.number(c1.x)), \(DescriptionFormat.number(c1.y)), \(DescriptionFormat.number(c2.x)), \(DescriptionFormat.number(c2.y))]"
    }

    /// Progress y for time fraction x (x is clamped to 0…1), solved to 1e-9 in x.
    ///
    /// WebKit's UnitBezier method: Newton–Raphson from x, falling back to bisection where the
    /// derivative is flat, so every input terminates in a bounded number of steps.
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        let cx = 3 * c1.x, bx = 3 * (c2.x - c1.x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1.y, by = 3 * (c2.y - c1.y) - cy, ay = 1 - cy - by
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        let epsilon = 1e-9

        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return sampleY(t) }
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { break }
            if x > value { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return sampleY(t)
    }
}
