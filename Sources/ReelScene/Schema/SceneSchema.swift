import ReelCore

/// The JSON Schema (draft-07) of the scene format, generated from the decoder's own tables — its
/// key lists, `LayerProperty` (owner class, kind, options), `LayerKeyPath.allPaths`, the option
/// enums and the value patterns — so that schema and decoder cannot drift apart.
/// `scenes/scene.schema.json` is this text; a test regenerates it and compares.
///
/// The schema is as strict as JSON Schema can be but never stricter than the decoder: a file the
/// decoder accepts always validates. What needs the whole file (layer names, templates,
/// keyTimes counts, limits) is left to the decoder.
public enum SceneSchema {
    /// The schema as JSON text (what `scenes/scene.schema.json` holds).
    public static let text: String = json.pretty + "\n"

    /// The schema as a JSON value, built once: it depends only on the decoder's static tables.
    public static let json: JSONValue = .object([
        ("$schema", "http://json-schema.org/draft-07/schema#"),
        ("title", "Reel scene"),
        (
            "description",
            "A Reel scene file, format version 1 (docs/scene-format.md). Generated from the decoder's tables: do not edit; run `REEL_RECORD_SCHEMA=1 swift test --filter SchemaTests`."
        ),
        ("type", "object"),
        ("properties", .object(SceneDecoder.rootKeys.map { ($0, rootField($0)) })),
        ("required", ["reel", "canvas"]),
        ("additionalProperties", false),
        ("definitions", .object(definitions))
    ])

    /// Checks a scene file against the schema alone, as an editor would: each violation with its
    /// location (a file that does not parse gets its syntax errors). The decoder checks more;
    /// this is how tests prove the two agree.
    public static func validate(bytes: [UInt8], file: String, schema: JSONValue? = nil) throws -> [Diagnostic] {
        let sink = DiagnosticSink(file: file)
        let limits = SceneLimits()
        guard
            let root = SceneParser(maxNesting: limits.maxNesting, maxNodes: limits.maxNodes, diagnostics: sink).parse(
                bytes)
        else {
            return sink.sorted
        }
        let validator = try SchemaValidator(schema: schema ?? json)
        return validator.validate(root).map {
            Diagnostic(file: file, location: $0.location, message: "schema: " + $0.message)
        }
    }

    /// Reads a schema file (JSON) into a value, for `validate(bytes:file:schema:)`.
    public static func read(bytes: [UInt8], file: String) throws -> JSONValue {
        let sink = DiagnosticSink(file: file)
        guard let root = SceneParser(maxNesting: 1000, maxNodes: 10_000_000, diagnostics: sink).parse(bytes) else {
            throw SceneLoadError(diagnostics: sink.sorted)
        }
        return JSONValue(root)
    }

    static func rootField(_ key: String) -> JSONValue {
        switch key {
        case "reel": ["description": "the format version", "const": 1]
        case "canvas": ref("canvas")
        case "animations":
            [
                "description": "animation templates by name, used by name or with `use`", "type": "object",
                "additionalProperties": ref("animationMap")
            ]
        case "layers":
            ["description": "sublayers of the root layer, back to front", "type": "array", "items": ref("layer")]
        case "timeline": ["type": "array", "items": ref("entry")]
        default: ["type": "string"]  // $schema
        }
    }

    static var definitions: [(String, JSONValue)] {
        valueDefinitions + [("canvas", canvas), ("emitterCell", emitterCell), ("filter", filter)] + layerDefinitions
            + animationDefinitions
            + timelineDefinitions
    }

    static var canvas: JSONValue {
        let fields: [String: JSONValue] = [
            "size": [
                "description": "points", "type": "array", "minItems": 2, "maxItems": 2,
                "items": number(exclusiveMinimum: 0)
            ],
            "scale": ["description": "pixels per point", "type": "number", "exclusiveMinimum": 0, "maximum": 16],
            "fps": number(minimum: 1, maximum: 1000),
            "duration": ["description": "seconds", "type": "number", "exclusiveMinimum": 0],
            "background": ref("color"),
            "appearance": enumeration(SystemColors.Appearance.allCases.map(\.rawValue)),
            "fonts": [
                "description": "font files (.ttf, .otf, .ttc) next to the scene that text layers may name",
                "type": "array",
                "items": ["type": "string", "pattern": "\\.([tT][tT][fF]|[oO][tT][fF]|[tT][tT][cC])$"]
            ],
            "motionBlur": object(
                [
                    (
                        "shutterAngle",
                        [
                            "type": "number", "exclusiveMinimum": 0, "maximum": 720,
                            "description": "degrees of a frame the shutter is open (180: half), centred on the frame"
                        ]
                    ),
                    (
                        "samples",
                        [
                            "type": "integer", "minimum": 1, "maximum": 256,
                            "description": "the most sub-frames averaged a frame: fewer where little moves"
                        ]
                    )
                ], description: "each frame averaged over a shutter (After Effects: 180°, phase −angle/2)"),
            "audio": [
                "description":
                    "the soundtrack: an audio file next to the scene, or {file, start, volume, fadeIn, fadeOut}",
                "anyOf": [
                    ["type": "string", "minLength": 1],
                    object(
                        SceneDecoder.audioKeys.map { key -> (String, JSONValue) in
                            switch key {
                            case "file":
                                (
                                    key,
                                    [
                                        "type": "string", "minLength": 1,
                                        "description": "audio file (WAV, MP3, M4A, Ogg, FLAC …), relative to the scene"
                                    ]
                                )
                            case "start":
                                (
                                    key,
                                    [
                                        "type": "number", "minimum": 0,
                                        "description": "seconds into the audio file where playback begins"
                                    ]
                                )
                            case "volume":
                                (
                                    key,
                                    [
                                        "type": "number", "minimum": 0, "maximum": 4,
                                        "description": "linear gain (1: as recorded)"
                                    ]
                                )
                            default:
                                (
                                    key,
                                    [
                                        "type": "number", "minimum": 0,
                                        "description": "seconds of linear fade at that end of the video"
                                    ]
                                )
                            }
                        }, required: ["file"])
                ]
            ]
        ]
        return object(SceneDecoder.canvasKeys.map { ($0, fields[$0] ?? [:]) }, required: ["size", "duration"])
    }

    // MARK: Layers

    /// `layer` dispatches on `class` to one definition per layer class, each listing exactly the
    /// keys that class accepts.
    static var layerDefinitions: [(String, JSONValue)] {
        var result: [(String, JSONValue)] = []
        var dispatch: JSONValue = ref(LayerKind.layer.rawValue)
        for kind in LayerKind.allCases.reversed() where kind != .layer {
            dispatch = [
                "if": ["properties": ["class": enumeration(classNames(kind))], "required": ["class"]],
                "then": ref(kind.rawValue), "else": dispatch
            ]
        }
        result.append(
            (
                "layer",
                .object([
                    ("type", "object"),
                    ("properties", ["class": enumeration(LayerKind.allCases.flatMap(classNames))]),
                    ("allOf", [dispatch])
                ])
            ))
        for kind in LayerKind.allCases {
            result.append((kind.rawValue, object(SceneDecoder.layerKeys(for: kind).map { ($0, layerField($0, kind)) })))
        }
        result.append(
            (
                "actions",
                object(
                    SceneDecoder.actionKeys.map {
                        ($0, ["anyOf": [["type": "null"], ["type": "string"], ref("animationMap")]])
                    },
                    description:
                        "null disables the implicit animation of that property; an animation (or a template's name) runs instead of it (keyPath defaults to the key)"
                )
            ))
        return result
    }

    static func classNames(_ kind: LayerKind) -> [String] {
        SceneDecoder.layerClasses.filter { $0.value.kind == kind }.keys.sorted {
            ($0.hasPrefix("CA") ? 0 : 1, $0) < ($1.hasPrefix("CA") ? 0 : 1, $1)
        }
    }

    static func layerField(_ key: String, _ kind: LayerKind) -> JSONValue {
        switch key {
        case "name": ref("name")
        case "class": enumeration(classNames(kind))
        case "sublayers": list(ref("layer"))
        case "mask": ref("layer")
        case "actions": ref("actions")
        case "frame": ref("rect")
        case "layoutManager":
            enumeration(SceneDecoder.layoutManagers, description: "lays out the sublayers by their constraints")
        case "constraints":
            list(
                object(
                    SceneDecoder.constraintKeys.map { key -> (String, JSONValue) in
                        switch key {
                        case "attribute", "attribute2": (key, enumeration(CAConstraintAttribute.allCases.map(\.name)))
                        case "relativeTo": (key, ["type": "string", "description": "a sibling's name, or superlayer"])
                        default: (key, ["type": "number"])
                        }
                    }, required: ["attribute", "relativeTo", "attribute2"]))
        default: lottieField(key) ?? SceneDecoder.keyPath(key).map(property) ?? [:]
        }
    }
}
