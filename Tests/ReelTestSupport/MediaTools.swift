import Foundation

/// The ffmpeg and ffprobe command-line tools: independent readers of what Reel writes, so a
/// test never checks our encoder with our own decoder alone.
public enum MediaTools {
    /// The path of `ffmpeg` on `PATH`, or nil when it is not installed.
    public static let ffmpeg: String? = find("ffmpeg")
    /// The path of `ffprobe` on `PATH`, or nil when it is not installed.
    public static let ffprobe: String? = find("ffprobe")
    /// Whether both tools are installed (`tools/setup` installs them).
    public static var available: Bool { ffmpeg != nil && ffprobe != nil }

    private static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `ffmpeg` or `ffprobe` and returns its standard output; a non-zero exit (or a missing
    /// tool) throws with the tool's standard error.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        guard let executable = tool == "ffmpeg" ? ffmpeg : tool == "ffprobe" ? ffprobe : nil else {
            throw ToolError(description: "\(tool) is not installed (tools/setup installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and stall the tool.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(message)")
        }
        return data
    }

    /// Every frame of a video (or image) as straight RGBA bytes, decoded by the ffmpeg CLI.
    /// `decoder: "libvpx-vp9"` reads VP9's alpha channel, which FFmpeg's own VP9 decoder skips.
    public static func frames(_ path: String, width: Int, height: Int, decoder: String? = nil) throws -> [[UInt8]] {
        let input = (decoder.map { ["-c:v", $0] } ?? []) + ["-i", path]
        let raw = [UInt8](try run("ffmpeg", ["-v", "error"] + input + ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
        let size = width * height * 4
        guard size > 0, raw.count % size == 0 else {
            throw ToolError(description: "\(raw.count) bytes is not a whole number of \(width)×\(height) frames")
        }
        return stride(from: 0, to: raw.count, by: size).map { Array(raw[$0..<$0 + size]) }
    }

    /// One ffprobe field of the first video stream (e.g. "codec_tag_string"), or a stream tag
    /// with `tag:NAME`.
    public static func field(_ path: String, _ name: String) throws -> String {
        let entry = name.hasPrefix("tag:") ? "stream_tags=\(name.dropFirst(4))" : "stream=\(name)"
        let text = String(
            decoding: try run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", entry,
                    "-of", "default=noprint_wrappers=1:nokey=1", path
                ]), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A media tool that failed or is missing, with what it printed.
public struct ToolError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
