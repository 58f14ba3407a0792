import Foundation

/// A frame edge, centre or size a constraint reads or sets.
public enum CAConstraintAttribute: Int, CaseIterable, Sendable {
    case minX = 0, midX, maxX, width, minY, midY, maxY, height

    /// The scene-file name (`minX`, …).
    public var name: String { String(describing: self) }

    /// Looks an attribute up by its scene-file name.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    var isHorizontal: Bool { rawValue <= Self.width.rawValue }

    /// The attribute's value in `r`.
    func value(in r: CGRect) -> CGFloat {
        switch self {
        case .minX: r.minX
        case .midX: r.midX
        case .maxX: r.maxX
        case .width: r.width
        case .minY: r.minY
        case .midY: r.midY
        case .maxY: r.maxY
        case .height: r.height
        }
    }
}

/// One rule of Core Animation's constraint layout: this layer's `attribute` = `sourceAttribute`
/// of `sourceName` (a sibling's name, or "superlayer") × `scale` + `offset`.
public final class CAConstraint: Sendable {
    public let attribute: CAConstraintAttribute
    public let sourceName: String
    public let sourceAttribute: CAConstraintAttribute
    public let scale: CGFloat
    public let offset: CGFloat

    public init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: CAConstraintAttribute,
        scale: CGFloat = 1, offset: CGFloat = 0
    ) {
        self.attribute = attribute
        self.sourceName = sourceName
        self.sourceAttribute = sourceAttribute
        self.scale = scale
        self.offset = offset
    }

    public convenience init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: CAConstraintAttribute,
        offset: CGFloat
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: offset)
    }
}

/// What lays out a layer's sublayers (Core Animation's `layoutManager`).
public protocol CALayoutManager: AnyObject {
    func layoutSublayers(of layer: CALayer)
}

/// Lays out sublayers by their `constraints`, each relative to a sibling (by name) or the
/// superlayer's bounds. Sublayers are placed in dependency order; on each axis a size
/// constraint sets the size, one position constraint moves the frame, two stretch it between
/// them. A constraint naming nothing, or a cycle, leaves those layers where they are (the
/// scene checks report them as errors).
public final class CAConstraintLayoutManager: CALayoutManager {
    public init() {}

    public func layoutSublayers(of layer: CALayer) {
        let sublayers = layer.sublayers ?? []
        guard let order = Self.order(sublayers) else { return }
        var frames: [String: CGRect] = [:]
        for sublayer in sublayers { if let name = sublayer.name { frames[name] = sublayer.frame } }
        for sublayer in order {
            let frame = Self.frame(of: sublayer, superlayerBounds: layer.bounds, siblings: frames)
            if frame != sublayer.frame { sublayer.frame = frame }
            if let name = sublayer.name { frames[name] = sublayer.frame }
        }
    }

    /// The sublayers with constraints, each after the siblings it depends on; nil for a cycle.
    public static func order(_ sublayers: [CALayer]) -> [CALayer]? {
        let byName = Dictionary(
            sublayers.compactMap { l in l.name.map { ($0, l) } }, uniquingKeysWith: { first, _ in first })
        var done = Set<ObjectIdentifier>(), visiting = Set<ObjectIdentifier>()
        var result: [CALayer] = []
        func visit(_ l: CALayer) -> Bool {
            let id = ObjectIdentifier(l)
            if done.contains(id) { return true }
            if visiting.contains(id) { return false }
            visiting.insert(id)
            for c in l.constraints ?? [] where c.sourceName != "superlayer" {
                if let source = byName[c.sourceName], !visit(source) { return false }
            }
            visiting.remove(id)
            done.insert(id)
            if !(l.constraints ?? []).isEmpty { result.append(l) }
            return true
        }
        for l in sublayers where !visit(l) { return nil }
        return result
    }

    /// The frame `layer`'s constraints give it, from its current frame.
    static func frame(of layer: CALayer, superlayerBounds: CGRect, siblings: [String: CGRect]) -> CGRect {
        var frame = layer.frame
        let constraints = layer.constraints ?? []
        func value(_ c: CAConstraint) -> CGFloat? {
            let source = c.sourceName == "superlayer" ? superlayerBounds : siblings[c.sourceName]
            return source.map { c.sourceAttribute.value(in: $0) * c.scale + c.offset }
        }
        for horizontal in [true, false] {
            let axis = constraints.filter { $0.attribute.isHorizontal == horizontal }
            var size = horizontal ? frame.width : frame.height
            if let c = axis.first(where: { $0.attribute == .width || $0.attribute == .height }), let v = value(c) {
                size = max(v, 0)
            }
            let positions = axis.filter { $0.attribute != .width && $0.attribute != .height }.compactMap { c in
                value(c).map { (c.attribute, $0) }
            }
            var origin = horizontal ? frame.minX : frame.minY
            // Where an edge or centre at `v` puts the origin, for a size.
            func place(_ attribute: CAConstraintAttribute, _ v: CGFloat, _ size: CGFloat) -> CGFloat {
                switch attribute {
                case .minX, .minY: v
                case .midX, .midY: v - size / 2
                default: v - size
                }
            }
            if positions.count >= 2 {
                // Two positions on one axis fix both ends: the size follows from them.
                let (a, va) = positions[0], (b, vb) = positions[1]
                func fraction(_ attribute: CAConstraintAttribute) -> CGFloat {
                    switch attribute {
                    case .minX, .minY: 0;
                    case .midX, .midY: 0.5;
                    default: 1
                    }
                }
                let (fa, fb) = (fraction(a), fraction(b))
                if fa != fb {
                    size = max((vb - va) / (fb - fa), 0)
                    origin = va - fa * size
                } else {
                    origin = place(a, va, size)
                }
            } else if let (a, v) = positions.first {
                origin = place(a, v, size)
            }
            if horizontal {
                frame = CGRect(x: origin, y: frame.minY, width: size, height: frame.height)
            } else {
                frame = CGRect(x: frame.minX, y: origin, width: frame.width, height: size)
            }
        }
        return frame
    }
}
