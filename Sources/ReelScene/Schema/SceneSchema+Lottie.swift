import ReelCore

/// The schema of the keys of a layer that plays a Lottie (`SceneDecoder.lottieKeys`).
extension SceneSchema {
    /// The field of a Lottie key, nil for other keys.
    static func lottieField(_ key: String) -> JSONValue? {
        switch key {
        case "lottie":
            ["type": "string", "description": "a Lottie file, played as a sublayer tree fitted by contentsGravity"]
        case "fromProgress", "toProgress": number(minimum: 0, maximum: 1)
        case "loopMode":
            [
                "anyOf": [
                    enumeration(SceneDecoder.loopModes),
                    object([("repeat", number(maximum: 1_000_000, exclusiveMinimum: 0))], required: ["repeat"])
                ]
            ]
        case "values":
            [
                "type": "object",
                "description":
                    "overrides by lottie-ios keypath (\"**.Fill 1.Color\"): a color, a number, a point or a text",
                "additionalProperties": ["anyOf": [ref("nonNullColor"), ref("number"), ref("point"), ref("text")]]
            ]
        default: nil
        }
    }
}
