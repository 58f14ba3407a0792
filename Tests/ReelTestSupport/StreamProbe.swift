import Foundation

/// What ffprobe says about a file's first video stream, decoding it to count the frames.
public struct StreamProbe: Sendable {
    public var codec: String
    /// The container's codec tag, e.g. "hvc1" or "ap4h".
    public var codecTag: String
    public var pixelFormat: String
    public var width: Int
    public var height: Int
    /// `avg_frame_rate` as ffprobe writes it, e.g. "30000/1001".
    public var frameRate: String
    /// Frames decoded (`nb_read_frames`), or -1 when ffprobe gave none.
    public var frames: Int
    public var startTime: Double
    public var duration: Double
    public var colorSpace: String?
    public var colorPrimaries: String?
    public var colorTransfer: String?
    /// WebM's `alpha_mode` tag ("1" when the stream carries alpha).
    public var alphaMode: String?
    /// The codec profile as ffprobe names it ("Main 10", "Profile 2", "HQ"), or nil.
    public var profile: String?

    /// Probes `path`; throws when ffprobe fails or finds no video stream.
    public static func read(_ path: String) throws -> StreamProbe {
        let json = try MediaTools.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames",
                "-show_entries",
                "stream=codec_name,codec_tag_string,profile,pix_fmt,width,height,avg_frame_rate,nb_read_frames,"
                    + "color_space,color_primaries,color_transfer:stream_tags=alpha_mode,ALPHA_MODE",
                "-show_entries", "format=start_time,duration", "-of", "json", path
            ])
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        guard let stream = (object?["streams"] as? [[String: Any]])?.first else {
            throw ToolError(description: "ffprobe found no video stream in \(path)")
        }
        let format = object?["format"] as? [String: Any] ?? [:]
        let tags = stream["tags"] as? [String: Any] ?? [:]
        func text(_ key: String) -> String { stream[key] as? String ?? "" }
        return StreamProbe(
            codec: text("codec_name"), codecTag: text("codec_tag_string"), pixelFormat: text("pix_fmt"),
            width: stream["width"] as? Int ?? 0, height: stream["height"] as? Int ?? 0,
            frameRate: text("avg_frame_rate"), frames: Int(text("nb_read_frames")) ?? -1,
            startTime: Double(format["start_time"] as? String ?? "") ?? -1,
            duration: Double(format["duration"] as? String ?? "") ?? -1,
            colorSpace: stream["color_space"] as? String, colorPrimaries: stream["color_primaries"] as? String,
            colorTransfer: stream["color_transfer"] as? String,
            alphaMode: (tags["alpha_mode"] ?? tags["ALPHA_MODE"]) as? String, profile: stream["profile"] as? String)
    }
}
