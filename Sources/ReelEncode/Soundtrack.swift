import ReelCore

/// Encoding a `CanvasAudio` soundtrack: its limits and checks.
extension CanvasAudio {
    /// The loudest gain accepted: 4 is +12 dB, enough to lift a quiet recording.
    public static let maximumVolume = 4.0

    /// Whether the file plays unchanged: from its start, at its own level, without fades.
    public var isUnchanged: Bool { start == 0 && volume == 1 && fadeIn == 0 && fadeOut == 0 }

    /// Checks the numbers (not the file).
    /// - Throws: `EncodeError` naming the bad field.
    public func validate() throws {
        guard start.isFinite, start >= 0 else {
            throw EncodeError("audio start must be 0 or more seconds, got \(start)")
        }
        guard volume.isFinite, (0...Self.maximumVolume).contains(volume) else {
            throw EncodeError(
                "audio volume must be 0…\(Self.maximumVolume) (a linear gain; 1 is unchanged), got \(volume)")
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
