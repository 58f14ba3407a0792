import Foundation

/// Test sound made and measured with the ffmpeg CLI, so soundtracks are checked by an
/// independent decoder.
public enum AudioTools {
    /// Writes a sine tone of `seconds` at `frequency` Hz to `path` (the extension picks the
    /// format; `codec` and `extra` go to ffmpeg as output options). Amplitude 1/8 of full scale,
    /// the lavfi source's.
    public static func tone(
        _ path: String, seconds: Double, frequency: Int = 440, sampleRate: Int = 44_100, channels: Int = 1,
        codec: String? = nil, extra: [String] = []
    ) throws {
        var args = [
            "-v", "error", "-y", "-f", "lavfi", "-i",
            "sine=frequency=\(frequency):sample_rate=\(sampleRate):duration=\(seconds)"
        ]
        if channels == 2 { args += ["-ac", "2"] }
        if let codec { args += ["-c:a", codec] }
        _ = try MediaTools.run("ffmpeg", args + extra + [path])
    }

    /// The amplitude of `tone`'s sine (lavfi's sine source is at 1/8 of full scale).
    public static let toneAmplitude: Float = 0.125

    /// What ffprobe says about the first audio stream of `path`.
    public struct Stream: Sendable {
        public var codec: String
        public var channels: Int
        public var sampleRate: Int
        /// Seconds, from the stream (or the container when the stream has none).
        public var duration: Double
        public var startTime: Double
    }

    /// The first audio stream of `path`; throws when there is none.
    public static func stream(_ path: String) throws -> Stream {
        let json = try MediaTools.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "a:0",
                "-show_entries", "stream=codec_name,channels,sample_rate,duration,start_time", "-show_entries",
                "format=duration",
                "-of", "json", path
            ])
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        guard let stream = (object?["streams"] as? [[String: Any]])?.first else {
            throw ToolError(description: "ffprobe found no audio stream in \(path)")
        }
        let format = object?["format"] as? [String: Any] ?? [:]
        let duration = Double(stream["duration"] as? String ?? "") ?? Double(format["duration"] as? String ?? "") ?? -1
        return Stream(
            codec: stream["codec_name"] as? String ?? "", channels: stream["channels"] as? Int ?? 0,
            sampleRate: Int(stream["sample_rate"] as? String ?? "") ?? 0, duration: duration,
            startTime: Double(stream["start_time"] as? String ?? "") ?? 0)
    }

    /// Whether `path` has an audio stream at all.
    public static func hasAudio(_ path: String) throws -> Bool {
        let text = String(
            decoding: try MediaTools.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "a", "-show_entries", "stream=index", "-of", "csv=p=0", path
                ]), as: UTF8.self)
        return !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// The first audio stream decoded to mono 48 kHz floats by the ffmpeg CLI (channels averaged).
    public static func samples(_ path: String) throws -> [Float] {
        let data = try MediaTools.run(
            "ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The RMS level of `samples[from ..< from + count]`.
    public static func rms(_ samples: [Float], from: Int, count: Int) -> Float {
        let slice = samples[max(0, from)..<min(samples.count, from + count)]
        guard !slice.isEmpty else { return 0 }
        return (slice.reduce(0) { $0 + $1 * $1 } / Float(slice.count)).squareRoot()
    }

    /// MD5 of every packet of the first audio stream, in order (ffprobe's `data_hash`): equal lists
    /// mean the packets were copied, not re-encoded.
    public static func packetHashes(_ path: String) throws -> [String] {
        let text = String(
            decoding: try MediaTools.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "a:0", "-show_entries", "packet=data_hash", "-show_data_hash",
                    "MD5",
                    "-of", "csv=p=0", path
                ]), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }
}
