import ReelEncode

/// The soundtrack of a render as its parts record it: the file (absolute; parts only, so the
/// joined file's bytes do not depend on where the file was) and its SHA-256, and how it is played.
public struct SoundtrackRecord: Codable, Sendable, Equatable {
    public var file: String?
    public var sha256: String
    public var start: Double, volume: Double, fadeIn: Double, fadeOut: Double

    /// The settings to encode it with, from `file`.
    var settings: CanvasAudio? {
        file.map { CanvasAudio(file: $0, start: start, volume: volume, fadeIn: fadeIn, fadeOut: fadeOut) }
    }
}
