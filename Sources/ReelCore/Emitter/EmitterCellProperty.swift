import Foundation

/// A property of `CAEmitterCell`, by its Core Animation name: what `emitterCells.NAME.…` key
/// paths and the cell maps of scene files address.
public enum EmitterCellProperty: String, CaseIterable, Sendable, Hashable {
    case name, enabled, birthRate, lifetime, lifetimeRange
    case emissionLatitude, emissionLongitude, emissionRange
    case velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration
    case scale, scaleRange, scaleSpeed, spin, spinRange
    case color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed
    case contents, contentsRect, contentsScale
    case beginTime, duration, speed, timeOffset, repeatCount
    case emitterCells

    /// The kind of value it holds.
    public var kind: ValueKind {
        switch self {
        case .name: .string
        case .enabled: .bool
        case .color: .color
        case .contents: .image
        case .contentsRect: .rect
        case .emitterCells: .cells
        default: .number
        }
    }

    /// Whether an animation may target it (the name and the sub-cell list only change).
    public var isAnimatable: Bool { self != .name && self != .emitterCells }

    /// Whether its value is an angle (scene files accept `"90deg"`).
    public var isAngle: Bool {
        switch self {
        case .emissionLatitude, .emissionLongitude, .emissionRange, .spin, .spinRange: true
        default: false
        }
    }

    /// The values a number may take (nil: any finite number).
    public var range: ClosedRange<Double>? {
        switch self {
        case .birthRate, .lifetime, .lifetimeRange, .velocityRange, .scaleRange, .spinRange, .contentsScale,
            .duration, .repeatCount, .redRange, .greenRange, .blueRange, .alphaRange:
            0...Double.infinity
        default: nil
        }
    }

    /// Reads the property.
    public func get(_ c: EmitterCellState) -> AnimatableValue {
        switch self {
        case .name: .string(c.name ?? "")
        case .enabled: .bool(c.isEnabled)
        case .birthRate: .number(c.birthRate)
        case .lifetime: .number(c.lifetime)
        case .lifetimeRange: .number(c.lifetimeRange)
        case .emissionLatitude: .number(c.emissionLatitude)
        case .emissionLongitude: .number(c.emissionLongitude)
        case .emissionRange: .number(c.emissionRange)
        case .velocity: .number(c.velocity)
        case .velocityRange: .number(c.velocityRange)
        case .xAcceleration: .number(c.xAcceleration)
        case .yAcceleration: .number(c.yAcceleration)
        case .zAcceleration: .number(c.zAcceleration)
        case .scale: .number(c.scale)
        case .scaleRange: .number(c.scaleRange)
        case .scaleSpeed: .number(c.scaleSpeed)
        case .spin: .number(c.spin)
        case .spinRange: .number(c.spinRange)
        case .color: .color(c.color)
        case .redRange: .number(c.redRange)
        case .greenRange: .number(c.greenRange)
        case .blueRange: .number(c.blueRange)
        case .alphaRange: .number(c.alphaRange)
        case .redSpeed: .number(c.redSpeed)
        case .greenSpeed: .number(c.greenSpeed)
        case .blueSpeed: .number(c.blueSpeed)
        case .alphaSpeed: .number(c.alphaSpeed)
        case .contents: .image(c.contents)
        case .contentsRect: .rect(c.contentsRect)
        case .contentsScale: .number(c.contentsScale)
        case .beginTime: .number(c.beginTime)
        case .duration: .number(c.duration)
        case .speed: .number(c.speed)
        case .timeOffset: .number(c.timeOffset)
        case .repeatCount: .number(c.repeatCount)
        case .emitterCells: .cells(c.emitterCells ?? [])
        }
    }

    /// Writes the property; a value of another kind is ignored (the decoder prevents it).
    public func set(_ c: inout EmitterCellState, _ v: AnimatableValue) {
        if case .number(let n) = v {
            switch self {
            case .birthRate: c.birthRate = n
            case .lifetime: c.lifetime = n
            case .lifetimeRange: c.lifetimeRange = n
            case .emissionLatitude: c.emissionLatitude = n
            case .emissionLongitude: c.emissionLongitude = n
            case .emissionRange: c.emissionRange = n
            case .velocity: c.velocity = n
            case .velocityRange: c.velocityRange = n
            case .xAcceleration: c.xAcceleration = n
            case .yAcceleration: c.yAcceleration = n
            case .zAcceleration: c.zAcceleration = n
            case .scale: c.scale = n
            case .scaleRange: c.scaleRange = n
            case .scaleSpeed: c.scaleSpeed = n
            case .spin: c.spin = n
            case .spinRange: c.spinRange = n
            case .redRange: c.redRange = n
            case .greenRange: c.greenRange = n
            case .blueRange: c.blueRange = n
            case .alphaRange: c.alphaRange = n
            case .redSpeed: c.redSpeed = n
            case .greenSpeed: c.greenSpeed = n
            case .blueSpeed: c.blueSpeed = n
            case .alphaSpeed: c.alphaSpeed = n
            case .contentsScale: c.contentsScale = n
            case .beginTime: c.beginTime = n
            case .duration: c.duration = n
            case .speed: c.speed = n
            case .timeOffset: c.timeOffset = n
            case .repeatCount: c.repeatCount = n
            default: break
            }
            return
        }
        switch (self, v) {
        case (.name, .string(let s)): c.name = s.isEmpty ? nil : s
        case (.enabled, .bool(let b)): c.isEnabled = b
        case (.color, .color(let col)): c.color = col
        case (.contents, .image(let i)): c.contents = i
        case (.contents, .imageFade(let f)): c.contents = f.nearer
        case (.contentsRect, .rect(let r)): c.contentsRect = r
        case (.emitterCells, .cells(let cells)): c.emitterCells = cells.isEmpty ? nil : cells
        default: break
        }
    }
}
