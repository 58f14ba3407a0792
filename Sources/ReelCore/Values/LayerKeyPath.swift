import Foundation

/// A key path an animation or a `set` can target: a stored property, optionally narrowed to a
/// field (`position.x`, `bounds.size.width`) or a virtual transform component
/// (`transform.rotation.z`, `transform.scale`, `transform.translation.x`).
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// The stored property the path reads and writes.
    public let property: LayerProperty
    /// Fields from the property inward, e.g. [.size, .width] for `bounds.size.width` (for a
    /// cell path: inward from the cell's property).
    public let fields: [Field]
    /// For `emitterCells.NAME….PROPERTY`: the emitter cell and its property (`property` is then
    /// `emitterCells`).
    public let cell: EmitterCellPath?
    /// For `filters.NAME.KEY` and `backgroundFilters.NAME.KEY`: the filter's name and input key
    /// (`property` is then `filters` or `backgroundFilters`).
    public private(set) var filter: FilterInputPath? = nil

    /// A part of a compound value.
    public enum Field: String, Sendable, Hashable {
        case x, y, width, height, origin, size
        // Virtual transform components, read and written by decomposition.
        case rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ, scale, translationX, translationY, translationZ,
            translation
    }

    public init(property: LayerProperty, fields: [Field] = []) {
        self.property = property
        self.fields = fields
        self.cell = nil
    }

    /// A path to a property of an emitter cell (`names`: the cell and the sub-cells within it).
    public init(cell: EmitterCellPath, fields: [Field] = []) {
        self.property = .emitterCells
        self.fields = fields
        self.cell = cell
    }

    /// Whether an animation may target the path.
    public var isAnimatable: Bool {
        filter != nil || (cell.map { $0.property.isAnimatable } ?? property.isAnimatable)
    }

    /// A path to an input of a layer's filter (`list`: `filters` or `backgroundFilters`).
    public init(filterIn list: LayerProperty, _ input: FilterInputPath) {
        self.property = list
        self.fields = []
        self.cell = nil
        self.filter = input
    }

    /// Parses a Core Animation key path; nil when it names nothing Reel knows.
    public init?(_ string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let property = LayerProperty(rawValue: first) else { return nil }
        if property.kind == .filters, parts.count > 1 {
            // filters.NAME.KEY: a filter's names and keys hold no dots.
            guard parts.count == 3, !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
            self = LayerKeyPath(filterIn: property, FilterInputPath(name: parts[1], key: parts[2]))
            return
        }
        var fields: [Field] = []
        var kind = property.kind
        var rest = parts.dropFirst()
        var cell: EmitterCellPath?
        if property == .emitterCells, !rest.isEmpty {
            // emitterCells.NAME(.emitterCells.NAME)*.PROPERTY
            var names: [String] = []
            while let name = rest.first, !name.isEmpty {
                names.append(name)
                rest = rest.dropFirst()
                guard rest.first == "emitterCells" else { break }
                rest = rest.dropFirst()
            }
            guard !names.isEmpty, let p = rest.first.flatMap(EmitterCellProperty.init(rawValue:)) else { return nil }
            rest = rest.dropFirst()
            cell = EmitterCellPath(names: names, property: p)
            kind = p.kind
        }
        while let name = rest.first {
            rest = rest.dropFirst()
            switch (kind, name) {
            case (.point, "x"), (.point, "y"):
                fields.append(Field(rawValue: name)!); kind = .number
            case (.size, "width"), (.size, "height"):
                fields.append(Field(rawValue: name)!); kind = .number
            case (.rect, "origin"):
                fields.append(.origin); kind = .point
            case (.rect, "size"):
                fields.append(.size); kind = .size
            case (.transform, "rotation"), (.transform, "scale"), (.transform, "translation"):
                let axis = rest.first
                let field: Field?
                switch (name, axis) {
                case ("rotation", nil): field = .rotationZ
                case ("rotation", "x"?): field = .rotationX
                case ("rotation", "y"?): field = .rotationY
                case ("rotation", "z"?): field = .rotationZ
                case ("scale", nil): field = .scale
                case ("scale", "x"?): field = .scaleX
                case ("scale", "y"?): field = .scaleY
                case ("scale", "z"?): field = .scaleZ
                case ("translation", nil): field = .translation
                case ("translation", "x"?): field = .translationX
                case ("translation", "y"?): field = .translationY
                case ("translation", "z"?): field = .translationZ
                default: field = nil
                }
                guard let field else { return nil }
                if axis != nil { rest = rest.dropFirst() }
                fields.append(field)
                kind = field == .translation ? .size : .number
                guard rest.isEmpty else { return nil }
            default:
                return nil
            }
        }
        self.property = property
        self.fields = fields
        self.cell = cell
    }

    /// The key path as Core Animation spells it.
    public var description: String {
        var s = property.rawValue
        if let filter { s += "." + filter.name + "." + filter.key }
        if let cell { s += "." + cell.names.joined(separator: ".emitterCells.") + "." + cell.property.rawValue }
        for f in fields {
            switch f {
            case .rotationX: s += ".rotation.x"
            case .rotationY: s += ".rotation.y"
            case .rotationZ: s += ".rotation.z"
            case .scaleX: s += ".scale.x"
            case .scaleY: s += ".scale.y"
            case .scaleZ: s += ".scale.z"
            case .translationX: s += ".translation.x"
            case .translationY: s += ".translation.y"
            case .translationZ: s += ".translation.z"
            default: s += "." + f.rawValue
            }
        }
        return s
    }

    /// Every key path Reel accepts, for "did you mean" suggestions and documentation.
    public static var allPaths: [String] {
        var result: [String] = []
        for p in LayerProperty.allCases {
            result.append(p.rawValue)
            switch p.kind {
            case .point: result += ["\(p.rawValue).x", "\(p.rawValue).y"]
            case .rect:
                let n = p.rawValue
                result += [
                    "\(n).origin", "\(n).size", "\(n).origin.x", "\(n).origin.y", "\(n).size.width", "\(n).size.height"
                ]
            case .transform:
                let n = p.rawValue
                for c in ["rotation", "scale", "translation"] {
                    result += ["\(n).\(c)", "\(n).\(c).x", "\(n).\(c).y", "\(n).\(c).z"]
                }
            case .filters:
                for kind in LayerFilter.Kind.allCases {
                    result += kind.defaults.keys.sorted().map { "\(p.rawValue).\(kind.rawValue).\($0)" }
                }
            default: break
            }
        }
        return result
    }

    /// The kind of value at the end of the path.
    public var kind: ValueKind {
        if let filter { return LayerFilter.isVector(filter.key) ? .numbers : .number }
        guard let last = fields.last else { return cell?.property.kind ?? property.kind }
        switch last {
        case .origin: return .point
        case .size, .translation: return .size
        default: return .number
        }
    }

    /// Reads the value at this path.
    public func get(_ state: LayerState) -> AnimatableValue {
        var value = base(state)
        for f in fields { value = Self.read(f, of: value) }
        return value
    }

    /// The value of the property (or the cell's property) the fields narrow.
    private func base(_ state: LayerState) -> AnimatableValue {
        if let filter {
            let list = property.get(state).filters ?? []
            let value = list.first { $0.name == filter.name }?.input(filter.key) ?? []
            return kind == .number ? .number(value.first ?? 0) : .numbers(value)
        }
        guard let cell else { return property.get(state) }
        let found = EmitterCellState.find(cell.names[...], in: state.emitterCells) ?? EmitterCellState()
        return cell.property.get(found)
    }

    private func setBase(_ state: inout LayerState, _ value: AnimatableValue) {
        if let filter {
            // Only an input of a filter the layer has: a path does not add filters.
            guard var list = property.get(state).filters, let i = list.firstIndex(where: { $0.name == filter.name })
            else { return }
            switch value {
            case .number(let n): list[i].inputs[filter.key] = [n]
            case .numbers(let v): list[i].inputs[filter.key] = v
            default: return
            }
            return property.set(&state, .filters(list))
        }
        guard let cell else { return property.set(&state, value) }
        EmitterCellState.modify(cell.names[...], in: &state.emitterCells) { cell.property.set(&$0, value) }
    }

    /// Writes the value at this path, leaving the rest of the property as it was.
    public func set(_ state: inout LayerState, _ newValue: AnimatableValue) {
        guard !fields.isEmpty else {
            setBase(&state, newValue)
            return
        }
        // Walk down collecting the enclosing values, then rebuild them from the inside out.
        var chain = [base(state)]
        for f in fields.dropLast() { chain.append(Self.read(f, of: chain.last!)) }
        var value = newValue
        for (f, outer) in zip(fields, chain).reversed() {
            value = Self.write(f, of: outer, value)
        }
        setBase(&state, value)
    }

    static func read(_ field: Field, of value: AnimatableValue) -> AnimatableValue {
        switch (field, value) {
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.width, .size(let s)): return .number(s.width)
        case (.height, .size(let s)): return .number(s.height)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (_, .transform(let t)):
            return readTransform(field, t)
        default: return value
        }
    }

    static func write(_ field: Field, of value: AnimatableValue, _ newValue: AnimatableValue) -> AnimatableValue {
        switch (field, value, newValue) {
        case (.x, .point(var p), .number(let n)): p.x = n; return .point(p)
        case (.y, .point(var p), .number(let n)): p.y = n; return .point(p)
        case (.width, .size(var s), .number(let n)): s.width = n; return .size(s)
        case (.height, .size(var s), .number(let n)): s.height = n; return .size(s)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; return .rect(r)
        case (.size, .rect(var r), .size(let s)): r.size = s; return .rect(r)
        case (_, .transform(let t), _):
            return .transform(writeTransform(field, t, newValue))
        default: return value
        }
    }

    // MARK: Virtual transform components

    private static func readTransform(_ field: Field, _ t: CATransform3D) -> AnimatableValue {
        // Translation needs no decomposition; reading it directly keeps it exact.
        switch field {
        case .translationX: return .number(t.m41)
        case .translationY: return .number(t.m42)
        case .translationZ: return .number(t.m43)
        case .translation: return .size(CGSize(width: t.m41, height: t.m42))
        default: break
        }
        let d = DecomposedTransform(t) ?? DecomposedTransform()
        switch field {
        case .rotationX: return .number(d.eulerAngles.x)
        case .rotationY: return .number(d.eulerAngles.y)
        case .rotationZ: return .number(d.eulerAngles.z)
        case .scaleX: return .number(d.scale.x)
        case .scaleY: return .number(d.scale.y)
        case .scaleZ: return .number(d.scale.z)
        case .scale: return .number((d.scale.x + d.scale.y + d.scale.z) / 3)
        default: return .transform(t)
        }
    }

    private static func writeTransform(_ field: Field, _ t: CATransform3D, _ v: AnimatableValue) -> CATransform3D {
        var r = t
        switch (field, v) {
        case (.translationX, .number(let n)): r.m41 = n; return r
        case (.translationY, .number(let n)): r.m42 = n; return r
        case (.translationZ, .number(let n)): r.m43 = n; return r
        case (.translation, .size(let s)): r.m41 = s.width; r.m42 = s.height; return r
        default: break
        }
        // Fast path: setting a component of the identity (the common case) needs no decomposition.
        if t.isIdentity, case .number(let n) = v {
            switch field {
            case .rotationX: return CATransform3DMakeRotation(n, 1, 0, 0)
            case .rotationY: return CATransform3DMakeRotation(n, 0, 1, 0)
            case .rotationZ: return CATransform3DMakeRotation(n, 0, 0, 1)
            case .scaleX: return CATransform3DMakeScale(n, 1, 1)
            case .scaleY: return CATransform3DMakeScale(1, n, 1)
            case .scaleZ: return CATransform3DMakeScale(1, 1, n)
            case .scale: return CATransform3DMakeScale(n, n, n)
            default: break
            }
        }
        guard var d = DecomposedTransform(t), case .number(let n) = v else { return t }
        switch field {
        case .rotationX: d.eulerAngles.x = n
        case .rotationY: d.eulerAngles.y = n
        case .rotationZ: d.eulerAngles.z = n
        case .scaleX: d.scale.x = n
        case .scaleY: d.scale.y = n
        case .scaleZ: d.scale.z = n
        case .scale: d.scale = SIMD3(n, n, n)
        default: return t
        }
        return d.recomposed
    }
}

/// The cell part of an `emitterCells.NAME.PROPERTY` key path.
public struct EmitterCellPath: Hashable, Sendable {
    /// The cell's name, then the names of sub-cells within it.
    public var names: [String]
    public var property: EmitterCellProperty

    public init(names: [String], property: EmitterCellProperty) {
        self.names = names
        self.property = property
    }
}

/// The filter part of a `filters.NAME.KEY` key path.
public struct FilterInputPath: Hashable, Sendable {
    /// The filter's name (see `LayerFilter.name`).
    public var name: String
    /// The input key (`inputRadius`, …).
    public var key: String

    public init(name: String, key: String) {
        self.name = name
        self.key = key
    }
}
