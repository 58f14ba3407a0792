import Foundation

/// The kinds of value a layer property or key path holds.
public enum ValueKind: String, Sendable, Hashable {
    case number, point, size, rect, color, transform, bool, numbers, path, string, colors, image, cells, filters

    /// How the kind is written in scene files, for error messages.
    public var noun: String {
        switch self {
        case .number: "a number"
        case .point: "a point [x, y]"
        case .size: "a size [width, height]"
        case .rect: "a rect [x, y, width, height]"
        case .color: "a color"
        case .transform: "a transform"
        case .bool: "true or false"
        case .numbers: "a list of numbers"
        case .path: "a path"
        case .string: "a string"
        case .colors: "a list of colors"
        case .image: "an image file"
        case .cells: "a list of emitter cells"
        case .filters: "a list of filters"
        }
    }
}

/// A value of an animatable property: what animations interpolate and `inspect` reports.
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// A colour; nil draws nothing (and interpolates as transparent black).
    case color(CGColor?)
    case transform(CATransform3D)
    case bool(Bool)
    /// A list of numbers (dash patterns, gradient locations, value-function vectors).
    case numbers([Double])
    /// A path; nil draws nothing. Paths of the same structure interpolate point by point.
    case path(CGPath?)
    /// Text or an option name (`evenOdd`, `center`, …); switches discretely.
    case string(String)
    /// Gradient colours; lists of the same length interpolate colour by colour.
    case colors([CGColor])
    /// Layer contents.
    case image(CGImage?)
    /// Layer contents part-way through an animation: a cross-dissolve of two images.
    case imageFade(ContentsFade)
    /// An emitter's cells (or a cell's sub-cells); switches discretely.
    case cells([EmitterCellState])
    /// A layer's filters or background filters; switch discretely (their inputs animate by key path).
    case filters([LayerFilter])

    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        case .numbers: .numbers
        case .path: .path
        case .string: .string
        case .colors: .colors
        case .image, .imageFade: .image
        case .cells: .cells
        case .filters: .filters
        }
    }

    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    public var point: CGPoint? { if case .point(let v) = self { v } else { nil } }
    public var size: CGSize? { if case .size(let v) = self { v } else { nil } }
    public var rect: CGRect? { if case .rect(let v) = self { v } else { nil } }
    public var transform: CATransform3D? { if case .transform(let v) = self { v } else { nil } }
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    public var numbers: [Double]? { if case .numbers(let v) = self { v } else { nil } }
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    public var colors: [CGColor]? { if case .colors(let v) = self { v } else { nil } }
    public var cells: [EmitterCellState]? { if case .cells(let v) = self { v } else { nil } }
    public var filters: [LayerFilter]? { if case .filters(let v) = self { v } else { nil } }
    /// The path, `.some(nil)` for a nil path, nil when the value is not a path.
    public var path: CGPath?? { if case .path(let v) = self { .some(v) } else { nil } }
    /// The colour, `.some(nil)` for a nil colour, nil when the value is not a colour.
    public var color: CGColor?? { if case .color(let v) = self { .some(v) } else { nil } }
}

// MARK: - Arithmetic for interpolation, byValue, additive and cumulative animations

extension AnimatableValue {
    /// Interpolates from `self` to `other` at fraction t (t may leave 0…1 for overshooting
    /// timing functions). Mismatched kinds (a programming error the decoder prevents) switch at 0.5.
    public func interpolated(to other: AnimatableValue, fraction t: Double) -> AnimatableValue {
        switch (self, other) {
        case let (.number(a), .number(b)):
            return .number(lerp(a, b, t))
        case let (.point(a), .point(b)):
            return .point(CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case let (.size(a), .size(b)):
            return .size(CGSize(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case let (.rect(a), .rect(b)):
            return .rect(
                CGRect(
                    x: lerp(a.origin.x, b.origin.x, t), y: lerp(a.origin.y, b.origin.y, t),
                    width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t)))
        case let (.color(a), .color(b)):
            if t == 0 { return self }
            if t == 1 { return other }
            let ca = a ?? .clear, cb = b ?? .clear
            return .color(
                CGColor(
                    red: lerp(ca.red, cb.red, t), green: lerp(ca.green, cb.green, t),
                    blue: lerp(ca.blue, cb.blue, t), alpha: lerp(ca.alpha, cb.alpha, t)))
        case let (.transform(a), .transform(b)):
            if t == 0 { return self }
            if t == 1 { return other }
            if a == b { return self }
            guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else {
                return t < 0.5 ? self : other
            }
            return .transform(DecomposedTransform.interpolate(da, db, t).recomposed)
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            return .numbers(zip(a, b).map { lerp($0, $1, t) })
        case let (.colors(a), .colors(b)) where a.count == b.count:
            if t == 0 { return self }
            if t == 1 { return other }
            return .colors(
                zip(a, b).map { AnimatableValue.color($0).interpolated(to: .color($1), fraction: t).color!! })
        case let (.image(a), .image(b)):
            if t <= 0 || a == b { return self }
            if t >= 1 { return other }
            return .imageFade(ContentsFade(from: a, to: b, progress: t))
        case let (.imageFade(f), _):
            // An interrupted dissolve goes on from the image that was showing most.
            return AnimatableValue.image(f.nearer).interpolated(to: other, fraction: t)
        case let (_, .imageFade(f)):
            return interpolated(to: .image(f.nearer), fraction: t)
        case let (.path(a?), .path(b?)):
            if t == 0 { return self }
            if t == 1 { return other }
            return PathMorph.interpolate(a, b, t).map { .path($0) } ?? (t < 0.5 ? self : other)
        default:
            // Booleans (hidden, masksToBounds) are discrete: they switch half-way.
            return t < 0.5 ? self : other
        }
    }

    /// `self + other` (for transforms: `other` applied in `self`'s local space, i.e. other × self).
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(a + b)
        case let (.size(a), .size(b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case let (.rect(a), .rect(b)):
            return .rect(
                CGRect(
                    x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                    width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case let (.color(a), .color(b)):
            let ca = a ?? .clear, cb = b ?? .clear
            return .color(
                CGColor(
                    red: ca.red + cb.red, green: ca.green + cb.green, blue: ca.blue + cb.blue,
                    alpha: ca.alpha + cb.alpha))
        case let (.transform(a), .transform(b)): return .transform(b.concatenating(a))
        case let (.numbers(a), .numbers(b)) where a.count == b.count: return .numbers(zip(a, b).map(+))
        case let (.colors(a), .colors(b)) where a.count == b.count:
            return .colors(zip(a, b).map { AnimatableValue.color($0).adding(.color($1)).color!! })
        default: return other
        }
    }

    /// `self − other`, the inverse of `adding` (`to − by` for a to+by animation).
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.transform(a), .transform(b)):
            return .transform((b.inverted ?? .identity).concatenating(a))
        default:
            return adding(other.scaled(by: -1))
        }
    }

    /// `self × k` component-wise (transforms: raised to the k-th power for whole k, via decomposition otherwise).
    public func scaled(by k: Double) -> AnimatableValue {
        switch self {
        case .number(let v): return .number(v * k)
        case .point(let p): return .point(CGPoint(x: p.x * k, y: p.y * k))
        case .size(let s): return .size(CGSize(width: s.width * k, height: s.height * k))
        case .rect(let r):
            return .rect(
                CGRect(x: r.origin.x * k, y: r.origin.y * k, width: r.size.width * k, height: r.size.height * k))
        case .color(let c):
            let c = c ?? .clear
            return .color(CGColor(red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        case .transform(let t):
            if k == -1 { return .transform(t.inverted ?? .identity) }
            let whole = k.rounded()
            if whole == k, abs(whole) <= 64 {
                var result = CATransform3D.identity
                let step = whole < 0 ? (t.inverted ?? .identity) : t
                for _ in 0..<Int(abs(whole)) { result = step.concatenating(result) }
                return .transform(result)
            }
            return AnimatableValue.transform(.identity).interpolated(to: self, fraction: k)
        case .numbers(let v): return .numbers(v.map { $0 * k })
        case .colors(let v): return .colors(v.map { AnimatableValue.color($0).scaled(by: k).color!! })
        case .bool, .path, .string, .image, .imageFade, .cells, .filters: return self
        }
    }
}

// MARK: - Components, for splines and paced distances

extension AnimatableValue {
    /// The value as a vector (nil colours as transparent black), or nil for kinds without one
    /// (transforms, booleans, paths).
    var components: [Double]? {
        switch self {
        case .number(let v): [v]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): (c ?? .clear).components.map { Double($0) }
        case .numbers(let v): v
        case .colors(let v): v.flatMap { $0.components.map { Double($0) } }
        case .transform, .bool, .path, .string, .image, .imageFade, .cells, .filters: nil
        }
    }

    /// A value of the same kind as `self` built from a vector.
    func with(components c: [Double]) -> AnimatableValue {
        switch self {
        case .number: .number(c[0])
        case .point: .point(CGPoint(x: c[0], y: c[1]))
        case .size: .size(CGSize(width: c[0], height: c[1]))
        case .rect: .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .numbers: .numbers(c)
        case .colors:
            .colors(
                stride(from: 0, to: c.count - 3, by: 4).map {
                    CGColor(red: c[$0], green: c[$0 + 1], blue: c[$0 + 2], alpha: c[$0 + 3])
                })
        case .transform, .bool, .path, .string, .image, .imageFade, .cells, .filters: self
        }
    }

    /// The distance between two values, for paced keyframes (constant speed through them).
    func distance(to other: AnimatableValue) -> Double {
        if let a = components, let b = other.components, a.count == b.count {
            return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        if case .transform(let a) = self, case .transform(let b) = other {
            return zip(a.entries, b.entries).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        return self == other ? 0 : 1
    }
}
