import CZlib
import Foundation

/// A zip archive held in memory (a dotLottie), read entry by entry without ever writing to disk.
///
/// Archives come from anywhere, so only the plain subset is read: one disk, no zip64, no
/// encryption, entries stored or deflated. Every size is checked against `Limits` from the
/// central directory before anything is inflated, and again while inflating (a declared size
/// can lie), so a zip bomb costs at most the budget.
struct ZipArchive {
    /// Bounds on what an archive may make Reel allocate.
    struct Limits {
        /// Most entries in the central directory.
        var maxEntries = 1000
        /// Largest uncompressed entry, and all entries together (the scene file-size budget).
        var maxBytes: Int
        /// Largest ratio of uncompressed to compressed size: JSON and PNG compress far less;
        /// only a bomb's runs of repeated bytes go beyond it.
        var maxRatio = 200
    }

    /// One file of the archive.
    struct Entry {
        var name: String
        /// 0: stored, 8: deflated.
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var crc: UInt32
        /// Where its local header starts.
        var headerOffset: Int
    }

    /// Why an archive cannot be read; `message` is for the user.
    struct Problem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    let bytes: [UInt8]
    /// In central-directory order.
    let entries: [Entry]

    /// Whether `bytes` start like a zip file (a local file header, or an empty archive's end record).
    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Reads the central directory of `bytes`, refusing anything outside the plain subset or the limits.
    init(bytes: [UInt8], limits: Limits) throws(Problem) {
        self.bytes = bytes
        // The end record is in the last 22 + 65 535 (comment) bytes.
        let earliest = max(0, bytes.count - 22 - 0xFFFF)
        var end = bytes.count - 22
        while end >= earliest, Self.u32(bytes, end) != 0x0605_4B50 { end -= 1 }
        guard end >= earliest else { throw Problem("not a readable zip archive: it has no end-of-directory record") }
        let count = Int(Self.u16(bytes, end + 10))
        let directorySize = Int(Self.u32(bytes, end + 12))
        let directoryOffset = Int(Self.u32(bytes, end + 16))
        if Self.u16(bytes, end + 4) != 0 || Self.u16(bytes, end + 6) != 0 || Self.u16(bytes, end + 8) != count {
            throw Problem("the archive spans several disks; only single-file zip archives are read")
        }
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw Problem("the archive is a zip64 archive; only plain zip archives are read")
        }
        guard count <= limits.maxEntries else {
            throw Problem("the archive has \(count) entries; the limit is \(limits.maxEntries)")
        }
        guard directoryOffset + directorySize <= end else {
            throw Problem("not a readable zip archive: its directory lies outside the file")
        }
        var entries: [Entry] = []
        var total = 0
        var at = directoryOffset
        for _ in 0..<count {
            guard at + 46 <= end, Self.u32(bytes, at) == 0x0201_4B50 else {
                throw Problem("not a readable zip archive: its directory is damaged")
            }
            let nameLength = Int(Self.u16(bytes, at + 28))
            let next = at + 46 + nameLength + Int(Self.u16(bytes, at + 30)) + Int(Self.u16(bytes, at + 32))
            guard next <= end else { throw Problem("not a readable zip archive: its directory is damaged") }
            let entry = Entry(
                name: String(decoding: bytes[at + 46..<at + 46 + nameLength], as: UTF8.self),
                method: Self.u16(bytes, at + 10), compressedSize: Int(Self.u32(bytes, at + 20)),
                size: Int(Self.u32(bytes, at + 24)), crc: Self.u32(bytes, at + 16),
                headerOffset: Int(Self.u32(bytes, at + 42)))
            try Self.check(entry, flags: Self.u16(bytes, at + 8), disk: Self.u16(bytes, at + 34), limits: limits)
            total += entry.size
            guard total <= limits.maxBytes else {
                throw Problem(
                    "the archive's entries come to more than \(limits.maxBytes) bytes uncompressed; the limit is \(limits.maxBytes) (raise it with --max-file-size)"
                )
            }
            entries.append(entry)
            at = next
        }
        self.entries = entries
    }

    /// Refuses an entry Reel does not read, or one whose sizes break the limits.
    private static func check(_ entry: Entry, flags: UInt16, disk: UInt16, limits: Limits) throws(Problem) {
        let name = entry.name
        let shown = "'\(name.unicodeScalars.count > 80 ? String(name.prefix(80)) + "…" : name)'"
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.contains("\0") || name.contains("\\") || name.hasPrefix("/") || parts.contains("..")
            || parts.first?.contains(":") == true
        {
            throw Problem("entry \(shown) has an unsafe name ('..', an absolute path, a backslash or NUL)")
        }
        if flags & 0x41 != 0 { throw Problem("entry \(shown) is encrypted; encrypted archives are not read") }
        if disk != 0 || entry.size == 0xFFFF_FFFF || entry.compressedSize == 0xFFFF_FFFF
            || entry.headerOffset == 0xFFFF_FFFF
        {
            throw Problem("entry \(shown) is a zip64 or multi-disk entry; only plain zip archives are read")
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw Problem(
                "entry \(shown) uses compression method \(entry.method); only stored and deflated entries are read")
        }
        guard entry.size <= limits.maxBytes else {
            throw Problem(
                "entry \(shown) is \(entry.size) bytes uncompressed; the limit is \(limits.maxBytes) (raise it with --max-file-size)"
            )
        }
        if entry.method == 8, entry.size > 1 << 16, entry.size / max(entry.compressedSize, 1) > limits.maxRatio {
            throw Problem(
                "entry \(shown) expands \(entry.size / max(entry.compressedSize, 1)) times (\(entry.compressedSize) to \(entry.size) bytes); more than \(limits.maxRatio) times is refused as a zip bomb"
            )
        }
    }

    /// The entry called `name`, nil when there is none.
    func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// The uncompressed bytes of `entry`, checked against its declared size and CRC.
    func contents(of entry: Entry) throws(Problem) -> [UInt8] {
        let at = entry.headerOffset
        guard at + 30 <= bytes.count, Self.u32(bytes, at) == 0x0403_4B50 else {
            throw Problem("entry '\(entry.name)' is damaged: its header is missing")
        }
        let start = at + 30 + Int(Self.u16(bytes, at + 26)) + Int(Self.u16(bytes, at + 28))
        guard start + entry.compressedSize <= bytes.count else {
            throw Problem("entry '\(entry.name)' is damaged: its data runs past the end of the archive")
        }
        let input = bytes[start..<start + entry.compressedSize]
        let output = entry.method == 0 ? Array(input) : try Self.inflate(input, size: entry.size, name: entry.name)
        let crc = output.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard output.count == entry.size, crc == entry.crc else {
            throw Problem("entry '\(entry.name)' is damaged: its contents do not match its checksum")
        }
        return output
    }

    /// Raw deflate of `input` into exactly `size` bytes: more output than declared is an error,
    /// so memory stays within what the directory said (and the limits allowed).
    private static func inflate(_ input: ArraySlice<UInt8>, size: Int, name: String) throws(Problem) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size + 1)
        var stream = z_stream()
        let damaged = Problem("entry '\(name)' is damaged: its compressed data cannot be inflated")
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw damaged
        }
        defer { inflateEnd(&stream) }
        var input = Array(input)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else { throw damaged }
        output.removeLast()
        return output
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 {
        guard i >= 0, i + 2 <= b.count else { return 0 }
        return UInt16(b[i]) | UInt16(b[i + 1]) << 8
    }

    private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        guard i >= 0, i + 4 <= b.count else { return 0 }
        return UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
