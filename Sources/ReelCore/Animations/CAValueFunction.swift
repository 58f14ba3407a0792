import Foundation

/// The names of Core Animation's value functions.
public enum CAValueFunctionName: String, Sendable, Hashable, CaseIterable {
    case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ

    /// What the animation's from/to/by values are: one number, or three for scale/translate.
    public var inputKind: ValueKind { self == .scale || self == .translate ? .numbers : .number }

    /// The input that makes the identity transform (the "current" value of a value-function
    /// animation with a missing endpoint).
    var identity: AnimatableValue {
        switch self {
        case .scale: .numbers([1, 1, 1])
        case .translate: .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: .number(1)
        default: .number(0)
        }
    }

    /// The input with a missing z filled in ([sx, sy] → [sx, sy, 1], [tx, ty] → [tx, ty, 0]), so
    /// inputs written with two and three numbers interpolate with each other.
    func normalized(_ value: AnimatableValue) -> AnimatableValue {
        guard case .numbers(let v) = value, v.count == 2 else { return value }
        return .numbers(v + [self == .scale ? 1 : 0])
    }

    /// The transform for an interpolated input.
    func transform(for value: AnimatableValue) -> CATransform3D {
        let n = value.number ?? 0
        let v = value.numbers ?? []
        func at(_ i: Int, _ fallback: Double) -> Double { i < v.count ? v[i] : fallback }
        switch self {
        case .rotateX: return CATransform3DMakeRotation(n, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(n, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(n, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(at(0, 1), at(1, 1), at(2, 1))
        case .scaleX: return CATransform3DMakeScale(n, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, n, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, n)
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(n, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, n, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, n)
        }
    }
}

/// Turns the numbers a property animation interpolates into the transform it sets, so that
/// `transform` can be animated by an angle (`rotateZ` from 0 to 4π spins twice) — the whole
/// matrix is replaced, unlike the `transform.rotation.z` key path which keeps the other parts.
public struct CAValueFunction: Hashable, Sendable {
    public let name: CAValueFunctionName
    public init(name: CAValueFunctionName) { self.name = name }
}
