/// `canvas.audio`: the soundtrack a scene's videos carry.
///
/// `start` is a position in the audio file (where playback begins, as a video editor's source
/// in-point), not in the scene. Fades are seconds at the two ends of the rendered video.
public struct CanvasAudio: Hashable, Sendable, Codable {
    /// The audio file (WAV, MP3, M4A/AAC, Ogg, Opus, FLAC …, by extension: see `MediaInput`), absolute
    /// (a scene writes it relative to the scene file).
    public var file: String
    /// Seconds into the audio file where the video's first frame begins playing it.
    public var start: Double
    /// Linear gain, 0…4 (1: as recorded).
    public var volume: Double
    /// Seconds of linear fade-in from silence at the video's start.
    public var fadeIn: Double
    /// Seconds of linear fade-out to silence at the video's end.
    public var fadeOut: Double

    public init(file: String, start: Double = 0, volume: Double = 1, fadeIn: Double = 0, fadeOut: Double = 0) {
        self.file = file
        self.start = start
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }
}
