import ReelCore

/// The value notation of the scene format (docs/scene-format.md) §4 as JSON Schema definitions, built from the same
/// patterns, option lists and ranges `ValueDecoder` uses.
extension SceneSchema {
    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/definitions/\(name)")] }

    static func list(_ items: JSONValue, count: ClosedRange<Int>? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", "array"), ("items", items)]
        if let count {
            pairs.append(("minItems", .number(Double(count.lowerBound))))
            pairs.append(("maxItems", .number(Double(count.upperBound))))
        }
        return .object(pairs)
    }

    static func enumeration(_ values: [String], description: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let description { pairs.append(("description", .string(description))) }
        pairs.append(("enum", .array(values.map(JSONValue.string))))
        return .object(pairs)
    }

    /// A number, optionally limited (`exclusive` bounds for "greater than 0").
    static func number(
        minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil, integer: Bool = false
    ) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("type", integer ? "integer" : "number")]
        if let minimum { pairs.append(("minimum", .number(minimum))) }
        if let exclusiveMinimum { pairs.append(("exclusiveMinimum", .number(exclusiveMinimum))) }
        if let maximum, maximum.isFinite { pairs.append(("maximum", .number(maximum))) }
        return .object(pairs)
    }

    /// An object with exactly these properties (`required` among them).
    static func object(_ properties: [(String, JSONValue)], required: [String] = [], description: String? = nil)
        -> JSONValue
    {
        var pairs: [(String, JSONValue)] = [("type", "object")]
        if let description { pairs.insert(("description", .string(description)), at: 0) }
        pairs.append(("properties", .object(properties)))
        if !required.isEmpty { pairs.append(("required", .array(required.map(JSONValue.string)))) }
        pairs.append(("additionalProperties", false))
        return .object(pairs)
    }

    /// The definitions of §4, by name.
    static var valueDefinitions: [(String, JSONValue)] {
        let hex: JSONValue = ["type": "string", "pattern": .string(ValueDecoder.hexColorPattern)]
        let names = enumeration(CGColor.cssNames.keys.sorted() + SystemColors.names)
        let components = list(number(minimum: 0, maximum: 1), count: 3...4)
        let step: JSONValue = [
            "oneOf": [
                object([("translate", list(ref("number"), count: 2...3))], required: ["translate"]),
                object([("scale", ["anyOf": [ref("number"), list(ref("number"), count: 2...3)]])], required: ["scale"]),
                object(
                    [
                        ("rotate", ref("angle")),
                        ("axis", ["allOf": [list(ref("number"), count: 3...3), ["not": ["const": [0, 0, 0]]]]])
                    ], required: ["rotate"]),
                object([("perspective", number(exclusiveMinimum: 0))], required: ["perspective"]),
                object([("matrix", list(ref("number"), count: 16...16))], required: ["matrix"])
            ]
        ]
        let nonNullPath: JSONValue = [
            "anyOf": [
                ["type": "string", "pattern": .string(ValueDecoder.svgPathPattern), "description": "SVG path data"],
                object([("rect", ref("rect")), ("cornerRadius", number(minimum: 0))], required: ["rect"]),
                object([("ellipse", ref("rect"))], required: ["ellipse"]),
                object(
                    [
                        ("svg", ["type": "string", "description": "an SVG file relative to the scene file"]),
                        (
                            "id",
                            [
                                "type": "string",
                                "description":
                                    "the id of a <path>, basic shape, <use> or group (default: the first <path>)"
                            ]
                        ),
                        (
                            "fit",
                            [
                                "enum": ["bounds", "none"],
                                "description":
                                    "bounds (default): the viewBox fills the layer's bounds as SVG draws it; none: the SVG's user units"
                            ]
                        )
                    ], required: ["svg"])
            ]
        ]
        return [
            ("number", ["type": "number"]),
            (
                "angle",
                [
                    "description": "radians, or a string like \"90deg\"",
                    "anyOf": [["type": "number"], ["type": "string", "pattern": .string(ValueDecoder.anglePattern)]]
                ]
            ),
            (
                "text",
                [
                    "description": "a string (plain numbers and booleans are read as their text)",
                    "type": ["string", "number", "boolean"]
                ]
            ),
            (
                "name",
                [
                    "description": "a layer name", "type": ["string", "number", "boolean"], "minLength": 1,
                    "not": ["const": .string(Scene.rootLayerName)]
                ]
            ),
            ("names", ["anyOf": [ref("text"), list(ref("text"))]]),
            ("bool", ["type": "boolean"]),
            ("point", list(ref("number"), count: 2...2)),
            ("size", list(ref("number"), count: 2...2)),
            ("rect", list(ref("number"), count: 4...4)),
            ("numbers", list(ref("number"))),
            ("nonNullColor", ["anyOf": [hex, names, components]]),
            ("color", ["anyOf": [["type": "null"], ref("nonNullColor")]]),
            ("colors", list(ref("nonNullColor"))),
            ("transformStep", step),
            ("transform", ["anyOf": [["const": "identity"], ref("transformStep"), list(ref("transformStep"))]]),
            ("nonNullPath", nonNullPath),
            ("path", ["anyOf": [["type": "null"], ref("nonNullPath")]]),
            (
                "timingFunction",
                [
                    "anyOf": [
                        enumeration(CAMediaTimingFunctionName.allCases.map(\.rawValue)),
                        [
                            "type": "array", "minItems": 4, "maxItems": 4,
                            "description": "[c1x, c1y, c2x, c2y]; x within 0…1",
                            "items": [
                                number(minimum: 0, maximum: 1), ref("number"), number(minimum: 0, maximum: 1),
                                ref("number")
                            ]
                        ]
                    ]
                ]
            ),
            ("repeatCount", ["anyOf": [number(minimum: 0), enumeration(ValueDecoder.infinityWords)]]),
            (
                "image",
                [
                    "description":
                        "an image file (PNG, JPEG, WebP, or SVG drawn as vectors) relative to the scene file, or null",
                    "type": ["string", "number", "boolean", "null"]
                ]
            ),
            ("maskedCorners", ["anyOf": [["const": "all"], list(enumeration(SceneDecoder.cornerNames))]])
        ]
    }

    /// The schema of a value of `kind` (angles where `angle`).
    static func value(_ kind: ValueKind, angle: Bool = false) -> JSONValue {
        switch kind {
        case .number: ref(angle ? "angle" : "number")
        case .point: ref("point")
        case .size: ref("size")
        case .rect: ref("rect")
        case .color: ref("color")
        case .transform: ref("transform")
        case .bool: ref("bool")
        case .numbers: ref("numbers")
        case .path: ref("path")
        case .string: ref("text")
        case .colors: ref("colors")
        case .image: ref("image")
        case .cells: list(ref("emitterCell"))
        case .filters: list(ref("filter"))
        }
    }

    /// The schema of a layer property or key path, with the decoder's range checks.
    static func property(_ path: LayerKeyPath) -> JSONValue {
        guard path.fields.isEmpty else { return value(path.kind, angle: SceneDecoder.isAngle(path)) }
        if let input = path.filter { return filterInput(input.key) }
        if let cell = path.cell { return cellProperty(cell.property) }
        let p = path.property
        if let options = p.options { return enumeration(options) }
        switch p {
        case .contents: return ref("image")
        case .maskedCorners: return ref("maskedCorners")
        case .instanceCount: return number(minimum: 0, maximum: SceneDecoder.maxInstanceCount, integer: true)
        case .seed: return number(minimum: 0, maximum: Double(UInt32.max), integer: true)
        case .locations: return list(number())
        case .lineDashPattern: return list(number(minimum: 0))
        default:
            if let range = SceneDecoder.range(of: p) {
                return number(minimum: range.lowerBound, maximum: range.upperBound)
            }
            return value(p.kind)
        }
    }
}

extension SceneSchema {
    /// A CAEmitterCell map.
    static var emitterCell: JSONValue {
        object(
            SceneDecoder.cellKeys.map { key in
                (key, cellProperty(EmitterCellProperty(rawValue: key == "isEnabled" ? "enabled" : key)!))
            }, description: "a CAEmitterCell: what its particles look like and how they move")
    }

    /// The schema of a cell property, with the decoder's checks.
    static func cellProperty(_ p: EmitterCellProperty) -> JSONValue {
        switch p {
        case .name: return ["type": "string", "pattern": "^[^.]+$"]
        case .contents: return ref("image")
        default:
            if let range = p.range { return number(minimum: range.lowerBound, maximum: range.upperBound) }
            return value(p.kind, angle: p.isAngle)
        }
    }
}
