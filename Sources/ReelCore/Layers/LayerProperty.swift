import Foundation

/// A stored, key-value-addressable property of a layer, by its Core Animation name.
public enum LayerProperty: String, CaseIterable, Sendable, Hashable {
    // CALayer
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case hidden, opacity, backgroundColor, cornerRadius, maskedCorners, borderWidth, borderColor, masksToBounds
    case doubleSided, compositingFilter, cornerCurve, filters, backgroundFilters
    case contents, contentsGravity, contentsRect, contentsScale
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case beginTime, speed, timeOffset
    // CAShapeLayer
    case path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern,
        lineDashPhase
    case strokeStart, strokeEnd
    // CATextLayer
    case string, font, fontSize, foregroundColor, alignmentMode, wrapped, truncationMode
    // CAGradientLayer
    case colors, locations, startPoint, endPoint, type
    // CAReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CAScrollLayer
    case scrollMode
    // CAEmitterLayer
    case emitterCells, emitterPosition, emitterZPosition, emitterSize, emitterDepth, emitterShape, emitterMode,
        renderMode
    case birthRate, lifetime, velocity, scale, spin, seed

    /// The kind of value the property holds.
    public var kind: ValueKind {
        switch self {
        case .bounds, .contentsRect: .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: .point
        case .shadowOffset, .emitterSize: .size
        case .transform, .sublayerTransform, .instanceTransform: .transform
        case .hidden, .masksToBounds, .doubleSided, .wrapped: .bool
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor:
            .color
        case .shadowPath, .path: .path
        case .contents: .image
        case .colors: .colors
        case .lineDashPattern, .locations: .numbers
        case .compositingFilter, .cornerCurve, .contentsGravity, .fillRule, .lineCap, .lineJoin, .alignmentMode,
            .truncationMode,
            .type, .string, .font,
            .scrollMode,
            .emitterShape, .emitterMode, .renderMode:
            .string
        case .emitterCells: .cells
        case .filters, .backgroundFilters: .filters
        default: .number
        }
    }

    /// The allowed values of an option-valued property (nil for free strings and other kinds).
    public var options: [String]? {
        switch self {
        case .compositingFilter: CACompositingFilter.allCases.map(\.rawValue)
        case .cornerCurve: CALayerCornerCurve.allCases.map(\.rawValue)
        case .contentsGravity: CALayerContentsGravity.allCases.map(\.rawValue)
        case .fillRule: CAShapeLayerFillRule.allCases.map(\.rawValue)
        case .lineCap: CAShapeLayerLineCap.allCases.map(\.rawValue)
        case .lineJoin: CAShapeLayerLineJoin.allCases.map(\.rawValue)
        case .alignmentMode: CATextLayerAlignmentMode.allCases.map(\.rawValue)
        case .truncationMode: CATextLayerTruncationMode.allCases.map(\.rawValue)
        case .type: CAGradientLayerType.allCases.map(\.rawValue)
        case .scrollMode: CAScrollLayerScrollMode.allCases.map(\.rawValue)
        case .emitterShape: CAEmitterLayerEmitterShape.allCases.map(\.rawValue)
        case .emitterMode: CAEmitterLayerEmitterMode.allCases.map(\.rawValue)
        case .renderMode: CAEmitterLayerRenderMode.allCases.map(\.rawValue)
        default: nil
        }
    }

    /// The layer class that declares the property (subclasses inherit CALayer's).
    public var owner: LayerKind {
        switch self {
        case .path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineCap, .lineJoin, .miterLimit, .lineDashPattern,
            .lineDashPhase, .strokeStart, .strokeEnd:
            .shape
        case .string, .font, .fontSize, .foregroundColor, .alignmentMode, .wrapped, .truncationMode: .text
        case .colors, .locations, .startPoint, .endPoint, .type: .gradient
        case .instanceCount, .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset,
            .instanceGreenOffset,
            .instanceBlueOffset, .instanceAlphaOffset:
            .replicator
        case .scrollMode: .scroll
        case .emitterCells, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .emitterShape,
            .emitterMode,
            .renderMode, .birthRate, .lifetime, .velocity, .scale, .spin, .seed:
            .emitter
        default: .layer
        }
    }

    /// Whether a layer of `kind` has this property.
    public func applies(to kind: LayerKind) -> Bool { owner == .layer || owner == kind }

    /// Whether setting the property in a transaction makes an implicit animation. Booleans,
    /// options and strings switch at once (images cross-dissolve); layer timing is not animated.
    public var isImplicitlyAnimated: Bool {
        switch kind {
        case .bool, .string: false
        default: isAnimatable && self != .instanceCount
        }
    }

    /// Whether an explicit animation may target it.
    public var isAnimatable: Bool {
        switch self {
        case .beginTime, .speed, .timeOffset, .maskedCorners, .compositingFilter, .cornerCurve, .string, .font,
            .scrollMode,
            .emitterCells, .seed, .filters, .backgroundFilters:
            // (A filter's inputs animate by key path: `filters.gaussianBlur.inputRadius`.)
            false
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
        case .maskedCorners: .number(Double(s.maskedCorners.rawValue))
        case .borderWidth: .number(s.borderWidth)
        case .borderColor: .color(s.borderColor)
        case .masksToBounds: .bool(s.masksToBounds)
        case .doubleSided: .bool(s.isDoubleSided)
        case .compositingFilter: .string(s.compositingFilter?.rawValue ?? "")
        case .cornerCurve: .string(s.cornerCurve.rawValue)
        case .filters: .filters(s.filters ?? [])
        case .backgroundFilters: .filters(s.backgroundFilters ?? [])
        case .contents: .image(s.contents)
        case .contentsGravity: .string(s.contentsGravity.rawValue)
        case .contentsRect: .rect(s.contentsRect)
        case .contentsScale: .number(s.contentsScale)
        case .shadowColor: .color(s.shadowColor)
        case .shadowOpacity: .number(s.shadowOpacity)
        case .shadowOffset: .size(s.shadowOffset)
        case .shadowRadius: .number(s.shadowRadius)
        case .shadowPath: .path(s.shadowPath)
        case .beginTime: .number(s.beginTime)
        case .speed: .number(s.speed)
        case .timeOffset: .number(s.timeOffset)
        case .path: .path(s.path)
        case .fillColor: .color(s.fillColor)
        case .fillRule: .string(s.fillRule.rawValue)
        case .strokeColor: .color(s.strokeColor)
        case .lineWidth: .number(s.lineWidth)
        case .lineCap: .string(s.lineCap.rawValue)
        case .lineJoin: .string(s.lineJoin.rawValue)
        case .miterLimit: .number(s.miterLimit)
        case .lineDashPattern: s.lineDashPattern.map(AnimatableValue.numbers) ?? .numbers([])
        case .lineDashPhase: .number(s.lineDashPhase)
        case .strokeStart: .number(s.strokeStart)
        case .strokeEnd: .number(s.strokeEnd)
        case .string: .string(s.string ?? "")
        case .font: .string(s.font ?? "")
        case .fontSize: .number(s.fontSize)
        case .foregroundColor: .color(s.foregroundColor)
        case .alignmentMode: .string(s.alignmentMode.rawValue)
        case .wrapped: .bool(s.isWrapped)
        case .truncationMode: .string(s.truncationMode.rawValue)
        case .colors: .colors(s.colors ?? [])
        case .locations: s.locations.map(AnimatableValue.numbers) ?? .numbers([])
        case .startPoint: .point(s.startPoint)
        case .endPoint: .point(s.endPoint)
        case .type: .string(s.gradientType.rawValue)
        case .scrollMode: .string(s.scrollMode.rawValue)
        case .instanceCount: .number(Double(s.instanceCount))
        case .instanceDelay: .number(s.instanceDelay)
        case .instanceTransform: .transform(s.instanceTransform)
        case .instanceColor: .color(s.instanceColor)
        case .instanceRedOffset: .number(s.instanceRedOffset)
        case .instanceGreenOffset: .number(s.instanceGreenOffset)
        case .instanceBlueOffset: .number(s.instanceBlueOffset)
        case .instanceAlphaOffset: .number(s.instanceAlphaOffset)
        case .emitterCells: .cells(s.emitterCells ?? [])
        case .emitterPosition: .point(s.emitterPosition)
        case .emitterZPosition: .number(s.emitterZPosition)
        case .emitterSize: .size(s.emitterSize)
        case .emitterDepth: .number(s.emitterDepth)
        case .emitterShape: .string(s.emitterShape.rawValue)
        case .emitterMode: .string(s.emitterMode.rawValue)
        case .renderMode: .string(s.renderMode.rawValue)
        case .birthRate: .number(s.birthRate)
        case .lifetime: .number(s.lifetime)
        case .velocity: .number(s.velocity)
        case .scale: .number(s.scale)
        case .spin: .number(s.spin)
        case .seed: .number(Double(s.seed))
        }
    }

    /// Writes the property; a value of the wrong kind is ignored (the decoder prevents it).
    public func set(_ s: inout LayerState, _ v: AnimatableValue) {
        switch (self, v) {
        // Stored standardized, as Core Animation reads it back ([0, 0, -100, -50] → [-100, -50, 100, 50]):
        // its rect animations, too, take absolute sizes.
        case (.bounds, .rect(let r)): s.bounds = r.standardized
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
        case (.maskedCorners, .number(let n)): s.maskedCorners = CACornerMask(rawValue: Int(saturating: n) & 15)
        case (.borderWidth, .number(let n)): s.borderWidth = n
        case (.borderColor, .color(let c)): s.borderColor = c
        case (.masksToBounds, .bool(let b)): s.masksToBounds = b
        case (.doubleSided, .bool(let b)): s.isDoubleSided = b
        case (.compositingFilter, .string(let v)): s.compositingFilter = CACompositingFilter(rawValue: v)
        case (.cornerCurve, .string(let v)): s.cornerCurve = CALayerCornerCurve(rawValue: v)
        case (.filters, .filters(let f)): s.filters = f.isEmpty ? nil : f
        case (.backgroundFilters, .filters(let f)): s.backgroundFilters = f.isEmpty ? nil : f
        case (.contents, .image(let i)): s.contents = i; s.contentsFade = nil
        case (.contents, .imageFade(let f)): s.contents = f.to; s.contentsFade = f
        case (.contentsGravity, .string(let v)):
            if let g = CALayerContentsGravity(rawValue: v) { s.contentsGravity = g }
        case (.contentsRect, .rect(let r)): s.contentsRect = r
        case (.contentsScale, .number(let n)): s.contentsScale = n
        case (.shadowColor, .color(let c)): s.shadowColor = c
        case (.shadowOpacity, .number(let n)): s.shadowOpacity = n
        case (.shadowOffset, .size(let v)): s.shadowOffset = v
        case (.shadowRadius, .number(let n)): s.shadowRadius = n
        case (.shadowPath, .path(let p)): s.shadowPath = p
        case (.beginTime, .number(let n)): s.beginTime = n
        case (.speed, .number(let n)): s.speed = n
        case (.timeOffset, .number(let n)): s.timeOffset = n
        case (.path, .path(let p)): s.path = p
        case (.fillColor, .color(let c)): s.fillColor = c
        case (.fillRule, .string(let v)): if let r = CAShapeLayerFillRule(rawValue: v) { s.fillRule = r }
        case (.strokeColor, .color(let c)): s.strokeColor = c
        case (.lineWidth, .number(let n)): s.lineWidth = n
        case (.lineCap, .string(let v)): if let c = CAShapeLayerLineCap(rawValue: v) { s.lineCap = c }
        case (.lineJoin, .string(let v)): if let j = CAShapeLayerLineJoin(rawValue: v) { s.lineJoin = j }
        case (.miterLimit, .number(let n)): s.miterLimit = n
        case (.lineDashPattern, .numbers(let v)): s.lineDashPattern = v.isEmpty ? nil : v
        case (.lineDashPhase, .number(let n)): s.lineDashPhase = n
        case (.strokeStart, .number(let n)): s.strokeStart = n
        case (.strokeEnd, .number(let n)): s.strokeEnd = n
        case (.string, .string(let v)): s.string = v
        case (.font, .string(let v)): s.font = v.isEmpty ? nil : v
        case (.fontSize, .number(let n)): s.fontSize = n
        case (.foregroundColor, .color(let c)): s.foregroundColor = c
        case (.alignmentMode, .string(let v)): if let a = CATextLayerAlignmentMode(rawValue: v) { s.alignmentMode = a }
        case (.wrapped, .bool(let b)): s.isWrapped = b
        case (.truncationMode, .string(let v)):
            if let t = CATextLayerTruncationMode(rawValue: v) { s.truncationMode = t }
        case (.colors, .colors(let c)): s.colors = c.isEmpty ? nil : c
        case (.locations, .numbers(let v)): s.locations = v.isEmpty ? nil : v
        case (.startPoint, .point(let p)): s.startPoint = p
        case (.endPoint, .point(let p)): s.endPoint = p
        case (.type, .string(let v)): if let t = CAGradientLayerType(rawValue: v) { s.gradientType = t }
        case (.scrollMode, .string(let v)): if let m = CAScrollLayerScrollMode(rawValue: v) { s.scrollMode = m }
        case (.instanceCount, .number(let n)):
            s.instanceCount = n.isFinite ? Int(max(0, min(n, 100_000)).rounded(.down)) : 1
        case (.instanceDelay, .number(let n)): s.instanceDelay = n
        case (.instanceTransform, .transform(let t)): s.instanceTransform = t
        case (.instanceColor, .color(let c)): s.instanceColor = c
        case (.instanceRedOffset, .number(let n)): s.instanceRedOffset = n
        case (.instanceGreenOffset, .number(let n)): s.instanceGreenOffset = n
        case (.instanceBlueOffset, .number(let n)): s.instanceBlueOffset = n
        case (.instanceAlphaOffset, .number(let n)): s.instanceAlphaOffset = n
        case (.emitterCells, .cells(let c)): s.emitterCells = c.isEmpty ? nil : c
        case (.emitterPosition, .point(let p)): s.emitterPosition = p
        case (.emitterZPosition, .number(let n)): s.emitterZPosition = n
        case (.emitterSize, .size(let v)): s.emitterSize = v
        case (.emitterDepth, .number(let n)): s.emitterDepth = n
        case (.emitterShape, .string(let v)): if let e = CAEmitterLayerEmitterShape(rawValue: v) { s.emitterShape = e }
        case (.emitterMode, .string(let v)): if let e = CAEmitterLayerEmitterMode(rawValue: v) { s.emitterMode = e }
        case (.renderMode, .string(let v)): if let e = CAEmitterLayerRenderMode(rawValue: v) { s.renderMode = e }
        case (.birthRate, .number(let n)): s.birthRate = n
        case (.lifetime, .number(let n)): s.lifetime = n
        case (.velocity, .number(let n)): s.velocity = n
        case (.scale, .number(let n)): s.scale = n
        case (.spin, .number(let n)): s.spin = n
        case (.seed, .number(let n)):
            s.seed = n.isFinite ? UInt32(max(0, min(n, Double(UInt32.max))).rounded(.down)) : 0
        default: break
        }
    }
}
