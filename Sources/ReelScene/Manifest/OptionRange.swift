import ReelCore

/// The values a job option accepts, and the words that say so. The one definition that the command
/// line and the Swift API (`RenderOptions.validate()`, `reel batch --timeout`), batch manifests
/// and their JSON schema all use, so none of them can accept a value another refuses.
public struct OptionRange: Sendable {
    /// The option as a manifest spells it (`fps`, `chunk-seconds`); the command line prefixes `--`.
    public let key: String
    /// The smallest value, or the bound every value must exceed when `lowerIsExclusive`.
    public let lower: Double
    public let lowerIsExclusive: Bool
    /// The largest value; nil for none.
    public let upper: Double?
    /// Whether only whole numbers are valid (counts, crf).
    public let isWhole: Bool
    /// What a valid value is, to follow "must be": `greater than 0 and at most 16`, `1…256`.
    public let requirement: String

    init(
        _ key: String, whole: Bool = false, above: Double? = nil, atLeast: Double? = nil, atMost upper: Double? = nil,
        requirement: String? = nil
    ) {
        let lower = above ?? atLeast ?? 0
        (self.key, self.lower, lowerIsExclusive, self.upper, isWhole) = (key, lower, above != nil, upper, whole)
        let (low, high) = (JSONValue.format(lower), upper.map(JSONValue.format))
        self.requirement =
            requirement
            ?? {
                switch (above != nil, high) {
                case (true, .some(let high)): "greater than \(low) and at most \(high)"
                case (true, nil): "greater than \(low)"
                case (false, .some(let high)): whole ? "\(low)…\(high)" : "between \(low) and \(high)"
                case (false, nil): "at least \(low)"
                }
            }()
    }

    /// Whether `value` is valid (never NaN, never a fraction for a whole option).
    public func contains(_ value: Double) -> Bool {
        (lowerIsExclusive ? value > lower : value >= lower) && value <= (upper ?? .infinity)
            && (!isWhole || value.rounded() == value)
    }

    /// Why the command line refuses `value` (`--fps must be greater than 0 and at most 1000, got 0`); nil when valid.
    public func refusal(of value: Double) -> String? {
        contains(value) ? nil : "--\(key) must be \(requirement), got \(JSONValue.format(value))"
    }

    /// Why the command line refuses `value`; nil when valid.
    public func refusal(of value: Int) -> String? {
        contains(Double(value)) ? nil : "--\(key) must be \(requirement), got \(value)"
    }

    /// The range as JSON Schema keywords: the type, then its bounds.
    public var schema: [(String, JSONValue)] {
        [
            ("type", .string(isWhole ? "integer" : "number")),
            (lowerIsExclusive ? "exclusiveMinimum" : "minimum", .number(lower))
        ]
            + (upper.map { [("maximum", .number($0))] } ?? [])
    }
}

extension OptionRange {
    // Frame rates below 1 are valid: a slide every two seconds is 0.5 fps (the command line has
    // always accepted them; encoders take any positive rate up to 1000).
    public static let fps = OptionRange("fps", above: 0, atMost: 1000)
    public static let scale = OptionRange("scale", above: 0, atMost: 16)
    /// The widest codec's range (VP9); the encoder narrows it per codec (H.264/HEVC 0…51).
    public static let crf = OptionRange("crf", whole: true, atLeast: 0, atMost: 63)
    public static let threads = OptionRange("threads", whole: true, atLeast: 1, atMost: 256)
    public static let parallelSegments = OptionRange("parallel-segments", whole: true, atLeast: 1, atMost: 64)
    public static let chunkSeconds = OptionRange("chunk-seconds", above: 0, atMost: 3600)
    public static let timeout = OptionRange(
        "timeout", above: 0, atMost: 604_800, requirement: "more than 0 seconds and at most a week (604800)")
    public static let retries = OptionRange("retries", whole: true, atLeast: 0, atMost: 10)
    public static let maxFrames = OptionRange("max-frames", whole: true, atLeast: 1)
    public static let maxPixels = OptionRange("max-pixels", whole: true, atLeast: 1)
    public static let maxFileSize = OptionRange("max-file-size", whole: true, atLeast: 1)
    public static let maxImagePixels = OptionRange("max-image-pixels", whole: true, atLeast: 1)
    public static let maxDepth = OptionRange(
        "max-depth", whole: true, atLeast: 1, atMost: Double(SceneLimits.maxDepthCeiling))
}
