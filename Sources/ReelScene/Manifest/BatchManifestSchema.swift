import ReelCore

/// The JSON Schema (draft-07) of batch manifests, for editors (`# yaml-language-server:
/// $schema=batch.schema.json`). Built from the decoder's key lists; `scenes/batch.schema.json` is
/// this text, and a test regenerates it and compares.
public enum BatchManifestSchema {
    /// The schema as JSON text.
    public static let text: String = json.pretty + "\n"

    public static let json: JSONValue = .object([
        ("$schema", "http://json-schema.org/draft-07/schema#"),
        ("title", "Reel batch manifest"),
        (
            "description",
            "The scenes `reel batch` renders, to which outputs, with which options. Generated from the decoder: do not edit; run `REEL_RECORD_SCHEMA=1 swift test --filter SchemaTests`."
        ),
        ("type", "object"),
        ("properties", .object(BatchManifestDecoder.rootKeys.map { ($0, root($0)) })),
        ("required", [.string(BatchManifest.marker), "jobs"]),
        ("additionalProperties", false),
        (
            "definitions",
            .object([
                (
                    "options",
                    .object([("type", "object"), ("properties", .object(options)), ("additionalProperties", false)])
                ),
                (
                    "job",
                    .object([
                        (
                            "oneOf",
                            [
                                [
                                    "type": scalarText,
                                    "description": "a scene file, rendered to its name with the default extension"
                                ],
                                .object([
                                    ("type", "object"),
                                    ("properties", .object(job)),
                                    ("required", ["scene"]),
                                    ("not", ["required": ["output", "outputs"]]),
                                    ("additionalProperties", false)
                                ])
                            ]
                        )
                    ])
                )
            ])
        )
    ])

    private static func root(_ key: String) -> JSONValue {
        switch key {
        case BatchManifest.marker: ["description": "the manifest format version", "const": 1]
        case "defaults": ["description": "options for every job (a job's own win)", "$ref": "#/definitions/options"]
        case "jobs": ["type": "array", "minItems": 1, "items": ["$ref": "#/definitions/job"]]
        default: ["type": "string"]  // $schema
        }
    }

    private static var job: [(String, JSONValue)] {
        [
            ("scene", ["type": scalarText, "description": "the scene file, relative to the manifest"]),
            (
                "output",
                [
                    "type": scalarText,
                    "description": "the output, relative to the output folder; its extension picks the format"
                ]
            ),
            (
                "outputs",
                [
                    "type": "array", "minItems": 1, "items": ["type": scalarText],
                    "description": "several outputs of the same scene, e.g. [clip.mp4, clip.webm, clip.gif]"
                ]
            )
        ] + options
    }

    private static var options: [(String, JSONValue)] {
        BatchManifestDecoder.optionKeys.map { key in
            let schema: JSONValue =
                switch key {
                case "fps": ranged(.fps, "frames per second (default: the scene's)")
                case "scale": ranged(.scale, "pixels per point (default: the scene's)")
                case "frames":
                    [
                        "type": ["string", "integer"], "pattern": "^[0-9]+(-[0-9]*)?$",
                        "description": "A-B (0-based, inclusive), A- or N"
                    ]
                case "crf": ranged(.crf, "quality: lower is better and larger")
                case "preset": ["type": scalarText, "description": "encoder speed: ultrafast … veryslow"]
                case "codec": ["type": "string", "enum": ["h264", "hevc", "prores", "vp9", "gif", "png"]]
                case "pixFmt":
                    [
                        "type": "string", "enum": ["yuv420p", "yuv420p10le", "yuv422p10le", "yuva444p10le"],
                        "description": "pixel format: 10-bit HEVC/VP9, ProRes 422 HQ (as --pix-fmt)"
                    ]
                case "dither":
                    ["type": "string", "enum": ["bayer", "floyd-steinberg", "none"], "description": "GIF dithering"]
                case "motionBlur":
                    [
                        "type": ["string", "number"], "pattern": "^[0-9]+(\\.[0-9]+)?(:[0-9]+)?$",
                        "exclusiveMinimum": 0, "maximum": 720,
                        "description": "motion blur as --motion-blur ANGLE[:SAMPLES]: 180 or '180:16'"
                    ]
                case "audio":
                    [
                        "type": scalarText, "minLength": 1,
                        "description": "a soundtrack replacing the scene's canvas.audio, relative to the manifest"
                    ]
                case "timeout": ranged(.timeout, "seconds before the job is stopped")
                default: ranged(.retries, "tries again after a failure while rendering")  // retries
                }
            return (key, schema)
        }
    }

    /// What the decoder reads as text: any scalar but null (`scene: 2024` names the file `2024`), as
    /// in scenes.
    private static let scalarText: JSONValue = ["string", "number", "boolean"]

    /// A number option's schema: its type and bounds from the one definition the decoder checks.
    private static func ranged(_ range: OptionRange, _ description: String) -> JSONValue {
        .object(range.schema + [("description", .string(description))])
    }
}
