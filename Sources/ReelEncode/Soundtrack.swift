/// A soundtrack for a video: which audio file, where in it playback begins, how loud, and the
/// fades at the video's two ends.
///
/// Times are seconds. `start` is a position in the audio file (what a video editor calls the
/// source in-point), not in the video: the video's first frame plays the file from `start`.
/// Fades are linear in amplitude and measured on the video's own timeline, so `fadeOut` always
/// ends at the video's last sample, wherever the audio file ends.
public struct SoundtrackSettings: Sendable, Hashable, Codable {
    /// The audio file (any format FFmpeg reads: WAV, MP3, M4A/AAC, Ogg, Opus, FLAC …), absolute.
    public var path: String
    /// Seconds into the audio file where playback begins (≥ 0).
    public var start: Double
    /// Linear gain, 0…`maximumVolume` (1 plays the file as it is; samples are clipped to full scale).
    public var volume: Double
    /// Seconds the sound takes to rise from silence at the start of the video (0: none).
    public var fadeIn: Double
    /// Seconds the sound takes to fall to silence at the end of the video (0: none).
    public var fadeOut: Double

    public init(path: String, start: Double = 0, volume: Double = 1, fadeIn: Double = 0, fadeOut: Double = 0) {
        self.path = path
        self.start = start
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    /// The loudest gain accepted: 4 is +12 dB, enough to lift a quiet recording.
    public static let maximumVolume = 4.0

    /// Whether the file plays unchanged: from its start, at its own level, without fades.
    public var isUnchanged: Bool { start == 0 && volume == 1 && fadeIn == 0 && fadeOut == 0 }

    /// Checks the numbers (not the file).
    /// - Throws: `EncodeError` naming the bad field.
    public func validate() throws {
        guard start.isFinite, start >= 0 else { throw EncodeError("audio start must be 0 or more seconds, got \(start)") }
        guard volume.isFinite, (0...Self.maximumVolume).contains(volume) else {
            throw EncodeError("audio volume must be 0…\(Self.maximumVolume) (a linear gain; 1 is unchanged), got \(volume)")
        }
        for (name, value) in [("fadeIn", fadeIn), ("fadeOut", fadeOut)] where !(value.isFinite && value >= 0) {
            throw EncodeError("audio \(name) must be 0 or more seconds, got \(value)")
        }
    }
}

/// The audio codecs Reel writes: AAC in MP4 and MOV, Opus in WebM. Both at 48 kHz.
public enum AudioCodec: String, Sendable, CaseIterable {
    case aac, opus

    /// Every soundtrack is resampled to this rate (Opus knows no other; AAC players all take it).
    public static let sampleRate = 48_000

    /// Samples per encoded frame: what "within one audio frame" means for durations.
    public var frameSamples: Int { self == .aac ? 1024 : 960 }

    /// Bits per second for `channels` channels: transparent for music at both codecs' usual rates.
    func bitRate(channels: Int) -> Int {
        switch self {
        case .aac: channels == 1 ? 96_000 : 192_000
        case .opus: channels == 1 ? 64_000 : 128_000
        }
    }

    /// The name a user reads.
    public var displayName: String { self == .aac ? "AAC" : "Opus" }
}

extension VideoContainer {
    /// The audio codec this container gets, or nil when it cannot hold sound (GIF).
    public var audioCodec: AudioCodec? {
        switch self {
        case .mp4, .mov: .aac
        case .webm: .opus
        case .gif: nil
        }
    }
}
