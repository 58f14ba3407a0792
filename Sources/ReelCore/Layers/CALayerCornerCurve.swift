import Foundation

/// The curve of a layer's rounded corners (`CALayer.cornerCurve`).
///
/// `circular` corners are quarter circles of `cornerRadius`; `continuous` corners are the
/// squircle iOS 7 introduced and iOS 13 made a layer property, drawn as ``ContinuousCorner``
/// describes: the curve leaves each side gradually, about 1.528 × the radius from the corner.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles (Core Animation's default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// The squircle: curvature rises from zero at the sides to the radius's at the middle.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")

    /// The curves Reel draws, in the order scene files list them.
    public static let allCases: [CALayerCornerCurve] = [.circular, .continuous]

    /// How far along each side a corner of `radius` reaches from the corner, in a rectangle
    /// whose shorter side is `shorterSide`: the radius for circular corners, 1.528 × it for
    /// continuous ones, never more than half the shorter side (the corners then meet).
    public func extent(radius: Double, shorterSide: Double) -> Double {
        let r = max(radius, 0) * (self == .continuous ? ContinuousCorner.expansion : 1)
        return min(r, max(shorterSide, 0) / 2)
    }
}
