import Foundation
import Reel

/// What an output was rendered from, kept beside it as `.NAME.reel.json` (for `clip.mp4`,
/// `.clip.mp4.reel.json`), so a later batch can tell whether it is up to date. It travels with
/// the outputs folder when that is copied (`cp -r`, `rsync -a`), and it records the output's own
/// digest, so a deleted, truncated or replaced output is rendered again.
public struct OutputRecord: Codable, Sendable, Equatable {
    /// The format of this record.
    public var record = 1
    /// Reel's version.
    public var reel: String
    /// The scene file's digest.
    public var scene: FileDigest
    /// Every other file the scene read (images), relative to the scene's folder where inside it.
    public var files: [FileDigest]
    /// The options that decide the output's bytes (`RenderOptions.identity(for:)`), compact JSON.
    public var options: String
    /// The output's files (one, or a PNG sequence's frames, by name) and their digest together.
    public var outputFiles: [String]
    public var outputBytes: Int
    public var outputDigest: String
    public var frames: Int
    /// A small contact sheet (PNG, base64) for reports.
    public var sheet: String?

    public struct FileDigest: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String
    }

    /// Where the record of `output` lives.
    public static func path(for output: String) -> String {
        let folder = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        return BatchPlan.join(folder, ".\(name).reel.json")
    }

    /// The largest record read: a record is a few hundred bytes and its contact sheet (four
    /// frames 160 pixels wide) some tens of KiB; anything larger was not written by Reel.
    public static let maxBytes = 1 << 20

    /// The record beside `output`, or nil when there is none, it does not decode, or it is not
    /// a regular file of at most `maxBytes` (then the output is simply rendered again).
    public static func read(for output: String) -> OutputRecord? {
        guard case .success(let data) = InputFile.read(path(for: output), limit: maxBytes) else { return nil }
        return try? JSONDecoder().decode(OutputRecord.self, from: data)
    }

    /// Writes the record beside `output`, whole or not at all (`AtomicOutput`).
    public func write(for output: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicOutput.write(Array(encoder.encode(self)), to: Self.path(for: output))
    }

    /// The files an output consists of: the file itself, or a PNG sequence's frames in order.
    public static func files(of output: String, frames: Range<Int>?) -> [String] {
        guard let frames, let pattern = try? FrameNumberPattern(output) else { return [output] }
        return frames.map { pattern.path(forFrame: $0) }
    }

    /// The digest and size of the files together, or nil when one is missing or not a regular file.
    public static func digest(of files: [String]) -> (digest: String, bytes: Int)? {
        if files.count == 1 { return fileDigest(files[0]) }
        var hasher = SHA256()
        var total = 0
        for file in files {
            guard let (digest, bytes) = fileDigest(file) else { return nil }
            hasher.update("\((file as NSString).lastPathComponent) \(digest)\n")
            total += bytes
        }
        return (hasher.hex(), total)
    }

    /// The digest of one regular file (never a FIFO or a device: reading those could block).
    static func fileDigest(_ path: String) -> (digest: String, bytes: Int)? {
        guard case .regular(let bytes) = InputFile.kind(atPath: path), let digest = SHA256.hex(ofFileAt: path) else {
            return nil
        }
        return (digest, bytes)
    }
}
