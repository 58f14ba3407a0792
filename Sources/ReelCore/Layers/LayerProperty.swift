import Foundation

/// A stored, key-value-addressable property of a layer, by its Core Animation name.
public enum LayerProperty: String, CaseIterable, Sendable, Hashable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case hidden, opacity, backgroundColor, cornerRadius, borderWidth, borderColor, masksToBounds
    case beginTime, speed, timeOffset

    /// The kind of value the property holds.
    public var kind: ValueKind {
        switch self {
        case .bounds: .rect
        case .position, .anchorPoint: .point
        case .transform, .sublayerTransform: .transform
        case .hidden, .masksToBounds: .bool
        case .backgroundColor, .borderColor: .color
        default: .number
        }
    }

    /// Whether setting the property in a transaction makes an implicit animation. Booleans switch
    /// at once and layer timing is not animated, as in Core Animation.
    public var isImplicitlyAnimated: Bool {
        switch self {
        case .hidden, .masksToBounds, .beginTime, .speed, .timeOffset: false
        default: true
        }
    }

    /// Whether an explicit animation may target it.
    public var isAnimatable: Bool {
        switch self {
        case .beginTime, .speed, .timeOffset: false
        default: true
        }
    }

    /// Reads the property from a layer state.
    public func get(_ s: LayerState) -> AnimatableValue {
        switch self {
        case .bounds: .rect(s.bounds)
        case .position: .point(s.position)
        case .zPosition: .number(s.zPosition)
        case .anchorPoint: .point(s.anchorPoint)
        case .anchorPointZ: .number(s.anchorPointZ)
        case .transform: .transform(s.transform)
        case .sublayerTransform: .transform(s.sublayerTransform)
        case .hidden: .bool(s.isHidden)
        case .opacity: .number(s.opacity)
        case .backgroundColor: .color(s.backgroundColor)
        case .cornerRadius: .number(s.cornerRadius)
        case .borderWidth: .number(s.borderWidth)
        case .borderColor: .color(s.borderColor)
        case .masksToBounds: .bool(s.masksToBounds)
        case .beginTime: .number(s.beginTime)
        case .speed: .number(s.speed)
        case .timeOffset: .number(s.timeOffset)
        }
    }

    /// Writes the property; a value of the wrong kind is ignored (the decoder prevents it).
    public func set(_ s: inout LayerState, _ v: AnimatableValue) {
        switch (self, v) {
        case (.bounds, .rect(let r)): s.bounds = r
        case (.position, .point(let p)): s.position = p
        case (.zPosition, .number(let n)): s.zPosition = n
        case (.anchorPoint, .point(let p)): s.anchorPoint = p
        case (.anchorPointZ, .number(let n)): s.anchorPointZ = n
        case (.transform, .transform(let t)): s.transform = t
        case (.sublayerTransform, .transform(let t)): s.sublayerTransform = t
        case (.hidden, .bool(let b)): s.isHidden = b
        case (.opacity, .number(let n)): s.opacity = n
        case (.backgroundColor, .color(let c)): s.backgroundColor = c
        case (.cornerRadius, .number(let n)): s.cornerRadius = n
        case (.borderWidth, .number(let n)): s.borderWidth = n
        case (.borderColor, .color(let c)): s.borderColor = c
        case (.masksToBounds, .bool(let b)): s.masksToBounds = b
        case (.beginTime, .number(let n)): s.beginTime = n
        case (.speed, .number(let n)): s.speed = n
        case (.timeOffset, .number(let n)): s.timeOffset = n
        default: break
        }
    }
}
