import Foundation
import Testing

/// The ffmpeg and ffprobe command-line tools, as independent readers of what `reel` writes.
enum MediaTools {
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe")
    }

    /// Runs a tool and returns its standard output; fails the test with its stderr on a non-zero exit.
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")): \(message)")
        return data
    }

    /// Every frame of a file (or image) as straight RGBA bytes, decoded by the ffmpeg CLI.
    /// `decoder: "libvpx-vp9"` reads VP9's alpha channel, which FFmpeg's own VP9 decoder skips.
    static func frames(_ path: String, width: Int, height: Int, decoder: String? = nil) throws -> [[UInt8]] {
        let input = (decoder.map { ["-c:v", $0] } ?? []) + ["-i", path]
        let raw = [UInt8](try run("ffmpeg", ["-v", "error"] + input + ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
        let size = width * height * 4
        try #require(size > 0 && raw.count % size == 0, "\(raw.count) bytes is not a whole number of \(width)×\(height) frames")
        return stride(from: 0, to: raw.count, by: size).map { Array(raw[$0..<$0 + size]) }
    }

    /// One ffprobe stream field (e.g. "codec_tag_string"), or a stream tag with `tag:NAME`.
    static func field(_ path: String, _ name: String) throws -> String {
        let entry = name.hasPrefix("tag:") ? "stream_tags=\(name.dropFirst(4))" : "stream=\(name)"
        let text = String(decoding: try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", entry,
                                                        "-of", "default=noprint_wrappers=1:nokey=1", path]), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The timestamp of the first frame, in seconds.
    static func startTime(_ path: String) throws -> Double {
        Double(try field(path, "start_time")) ?? -1
    }
}
