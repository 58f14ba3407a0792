import Foundation

/// What the first bytes of an image file say: its format and its size in pixels, read without
/// decoding, so a 12 000 × 12 000 image is refused before 576 MB are allocated for it (scene
/// `contents`, and the images `reel diff` and baselines decode).
public struct ImageHeader: Equatable, Sendable {
    /// The formats `contents` accepts.
    public enum Format: String, CaseIterable, Sendable {
        case png = "PNG", jpeg = "JPEG", webp = "WebP"

        /// The format a file name's extension names, nil for any other extension.
        public init?(fileExtension: String) {
            switch fileExtension.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "webp": self = .webp
            default: return nil
            }
        }
    }

    public var format: Format
    /// Width in pixels, as the header declares it.
    public var width: Int
    /// Height in pixels, as the header declares it.
    public var height: Int

    /// Most pixels Reel decodes in one image or video frame: 40 million (an 8K UHD image is 33
    /// million); decoded, that is 160 MB. Scenes can raise it for `contents` (`SceneLimits`).
    public static let maxPixels = 40_000_000
    /// Longest side, in pixels, of an image or video frame Reel decodes or encodes.
    public static let maxSide = 16_384

    /// Bytes read at most: a JPEG's size comes after its tables, which are rarely more than a few
    /// kilobytes (embedded thumbnails and colour profiles can be larger).
    public static let maxHeaderBytes = 1 << 20

    /// The header of `bytes` (the start of a file) in `format`, nil when they are not such a file.
    public static func parse(_ bytes: [UInt8], as format: Format) -> ImageHeader? {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { le16(i) | Int(bytes[i + 2]) << 16 }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func ascii(_ i: Int, _ s: String) -> Bool {
            bytes.count >= i + s.utf8.count && Array(bytes[i..<i + s.utf8.count]) == Array(s.utf8)
        }
        switch format {
        case .png:
            guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
                ascii(12, "IHDR")
            else { return nil }
            return ImageHeader(format: .png, width: be32(16), height: be32(20))
        case .jpeg:
            guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
            var i = 2
            while i + 3 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }  // fill byte
                if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // no length
                let length = be16(i + 2)
                // Start of frame (any coding but the table markers C4, C8, CC): precision, height, width.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard i + 8 < bytes.count else { return nil }
                    return ImageHeader(format: .jpeg, width: be16(i + 7), height: be16(i + 5))
                }
                guard length >= 2, marker != 0xD9, marker != 0xDA else { return nil }
                i += 2 + length
            }
            return nil
        case .webp:
            guard bytes.count >= 30, ascii(0, "RIFF"), ascii(8, "WEBP") else { return nil }
            if ascii(12, "VP8X") { return ImageHeader(format: .webp, width: le24(24) + 1, height: le24(27) + 1) }
            if ascii(12, "VP8L"), bytes[20] == 0x2F {
                let bits = le16(21) | le16(23) << 16
                return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
            }
            if ascii(12, "VP8 "), bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A {
                return ImageHeader(format: .webp, width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF)
            }
            return nil
        }
    }

    /// The header of the file at `path`, read through `handle`.
    public static func read(_ handle: FileHandle, as format: Format) -> ImageHeader? {
        guard let data = try? handle.read(upToCount: maxHeaderBytes) else { return nil }
        return parse([UInt8](data), as: format)
    }
}
