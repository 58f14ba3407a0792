/// What a render writes, chosen by the output path's extension and an optional codec name.
///
/// | path | format |
/// |---|---|
/// | `.mp4` | H.264 (default) or HEVC, yuv420p, BT.709 |
/// | `.mov` | ProRes 4444 with alpha (default), or H.264 / HEVC |
/// | `.webm` | VP9, with alpha when the frames are transparent |
/// | `.gif` | GIF with a palette for the whole clip |
/// | `NAME-%04d.png` | numbered PNG files, straight alpha |
/// | `.bgra` | raw frames: premultiplied BGRA, rows without padding, no header |
public enum OutputFormat: Sendable, Equatable {
    /// A video file.
    case video(VideoContainer, VideoCodec)
    /// One PNG file per frame, named by the pattern with the scene frame number.
    case pngSequence(FrameNumberPattern)
    /// Raw premultiplied BGRA frames one after another (for piping into other tools, and the
    /// encode-only floor of `tools/bench`).
    case rawBGRA

    /// Picks the format for `path`, with `codec` (e.g. "hevc") choosing among those the
    /// container can hold.
    /// - Throws: `EncodeError` for an unknown extension, an unknown codec, a codec the
    ///   container cannot hold, or a `.png` path without a frame-number pattern.
    public init(path: String, codec codecName: String? = nil) throws {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
        let codec = try codecName.map(OutputFormat.codec(named:))
        switch ext {
        case "png":
            if let codec, codec != .png {
                throw EncodeError("A PNG sequence holds PNG images; --codec \(codecName ?? "") does not apply")
            }
            self = .pngSequence(try FrameNumberPattern(path))
        case "bgra":
            if let codec, codec != .raw {
                throw EncodeError(".bgra files hold raw frames; --codec \(codecName ?? "") does not apply")
            }
            self = .rawBGRA
        default:
            guard let container = VideoContainer(rawValue: ext) else {
                let shown = ext.isEmpty ? "a file without an extension" : "'.\(ext)' files"
                throw EncodeError(
                    "Cannot write \(shown): the extension picks the format; use .mp4, .mov, .webm, .gif, "
                        + "NAME-%04d.png (a PNG sequence) or .bgra (raw frames)")
            }
            guard let codec else {
                self = .video(container, container.defaultCodec)
                return
            }
            guard case .video(let videoCodec) = codec, container.codecs.contains(videoCodec) else {
                throw EncodeError(
                    "\(container.displayName) files cannot hold \(codecName ?? ""); "
                        + "choose --codec \(container.codecs.map(\.rawValue).joined(separator: " or "))")
            }
            self = .video(container, videoCodec)
        }
    }

    /// What a codec name on the command line means.
    private enum CodecChoice: Equatable {
        case video(VideoCodec), png, raw
    }

    private static func codec(named name: String) throws -> CodecChoice {
        switch name.lowercased() {
        case "h264", "avc", "x264", "libx264": return .video(.h264)
        case "hevc", "h265", "x265", "libx265": return .video(.hevc)
        case "prores", "prores4444", "prores_ks": return .video(.prores)
        case "vp9", "libvpx-vp9": return .video(.vp9)
        case "gif": return .video(.gif)
        case "png": return .png
        case "raw", "rawvideo", "bgra": return .raw
        default:
            throw EncodeError("Unknown codec '\(name)'; choose one of: h264, hevc, prores, vp9, gif, png")
        }
    }

    /// A short description for messages and summaries: "H.264 MP4", "PNG sequence".
    public var displayName: String {
        switch self {
        case .video(let container, let codec):
            codec == .gif ? "GIF" : "\(codec.displayName) \(container.displayName)"
        case .pngSequence: "PNG sequence"
        case .rawBGRA: "raw BGRA"
        }
    }
}

/// A printf-style file name for numbered frames: `frames/shot-%04d.png` → `frames/shot-0042.png`.
///
/// The number is the frame's number in the scene (so the files of segments rendered with
/// `--frames` fit together). `%d` means no padding, `%0Nd` pads to N digits, `%%` is a `%`.
public struct FrameNumberPattern: Sendable, Equatable {
    /// The pattern as given.
    public let pattern: String
    /// The folder part, or nil when the pattern is a bare file name.
    public let directory: String?
    private let prefix: String
    private let suffix: String
    private let digits: Int

    /// Parses a pattern; its file name (not its folder) must contain exactly one `%d` or `%0Nd`.
    /// - Throws: `EncodeError` when there is no frame-number placeholder, or more than one.
    public init(_ pattern: String) throws {
        let slash = pattern.lastIndex(of: "/")
        let name = slash.map { String(pattern[pattern.index(after: $0)...]) } ?? pattern
        self.pattern = pattern
        self.directory = slash.map { $0 == pattern.startIndex ? "/" : String(pattern[..<$0]) }
        var prefix = "", suffix = "", digits: Int?
        var characters = Substring(name)
        while let c = characters.popFirst() {
            guard c == "%" else {
                if digits == nil { prefix.append(c) } else { suffix.append(c) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if digits == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            // %d or %0Nd (N = 1…9).
            var width = 0
            if characters.first == "0", let n = characters.dropFirst().first?.wholeNumberValue, n > 0,
                characters.dropFirst(2).first == "d"
            {
                width = n
                characters.removeFirst(2)
            }
            guard characters.first == "d", digits == nil else {
                throw EncodeError(
                    "The PNG sequence name \"\(name)\" needs exactly one frame-number placeholder, "
                        + "%d or %0Nd (e.g. NAME-%04d.png); write %% for a literal %")
            }
            characters.removeFirst()
            digits = width
        }
        guard let digits else {
            throw EncodeError(
                "A PNG sequence needs a frame number in its name, e.g. \(Self.suggestion(for: name)) "
                    + "(reel still writes a single PNG)")
        }
        self.prefix = prefix
        self.suffix = suffix
        self.digits = digits
    }

    /// The file name (without the folder) of frame `number`.
    public func fileName(forFrame number: Int) -> String {
        let text = String(number)
        return prefix + String(repeating: "0", count: max(digits - text.count, 0)) + text + suffix
    }

    /// The frame number a file name stands for under this pattern, or nil when the pattern does
    /// not name it (another prefix, suffix or padding).
    public func frameNumber(ofFileName name: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard middle.allSatisfy(\.isASCII), let n = Int(middle), n >= 0, fileName(forFrame: n) == name else {
            return nil
        }
        return n
    }

    /// The full path of frame `number`.
    public func path(forFrame number: Int) -> String {
        let file = fileName(forFrame: number)
        guard let directory else { return file }
        return directory == "/" ? "/" + file : directory + "/" + file
    }

    private static func suggestion(for name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name)-%04d.png" }
        return "\(name[..<dot])-%04d\(name[dot...])"
    }
}
