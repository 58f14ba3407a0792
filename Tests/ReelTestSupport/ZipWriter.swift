import Foundation

/// Writes zip archives of stored (uncompressed) entries, with any field of an entry's directory
/// record overridable, to make the hostile archives the zip reader must refuse (a `../` name,
/// encryption, lying sizes) at test time rather than committing binary bombs.
public enum ZipWriter {
    /// One entry; the optional fields replace what its directory record would honestly say.
    public struct Entry: Sendable {
        public var name: String
        public var data: [UInt8]
        public var method: UInt16 = 0
        public var flags: UInt16 = 0
        public var declaredSize: UInt32?
        public var declaredCompressedSize: UInt32?

        public init(_ name: String, _ data: [UInt8]) {
            self.name = name
            self.data = data
        }

        public init(_ name: String, _ text: String) { self.init(name, Array(text.utf8)) }
    }

    /// The archive's bytes: local headers and data, the central directory, the end record.
    public static func archive(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        func u16(_ v: UInt16, _ to: inout [UInt8]) { to += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32, _ to: inout [UInt8]) { u16(UInt16(v & 0xFFFF), &to); u16(UInt16(v >> 16), &to) }
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.data)
            let size = entry.declaredSize ?? UInt32(entry.data.count)
            let compressed = entry.declaredCompressedSize ?? UInt32(entry.data.count)
            let offset = UInt32(out.count)
            u32(0x0403_4B50, &out)
            for v: UInt16 in [20, entry.flags, entry.method, 0, 0x21] { u16(v, &out) }
            for v in [crc, compressed, size] { u32(v, &out) }
            u16(UInt16(name.count), &out)
            u16(0, &out)
            out += name + entry.data
            u32(0x0201_4B50, &directory)
            for v: UInt16 in [20, 20, entry.flags, entry.method, 0, 0x21] { u16(v, &directory) }
            for v in [crc, compressed, size] { u32(v, &directory) }
            for v: UInt16 in [UInt16(name.count), 0, 0, 0, 0] { u16(v, &directory) }
            u32(0, &directory)
            u32(offset, &directory)
            directory += name
        }
        let directoryOffset = UInt32(out.count)
        out += directory
        u32(0x0605_4B50, &out)
        for v: UInt16 in [0, 0, UInt16(entries.count), UInt16(entries.count)] { u16(v, &out) }
        u32(UInt32(directory.count), &out)
        u32(directoryOffset, &out)
        u16(0, &out)
        return out
    }

    /// CRC-32 (the zip and PNG polynomial, 0xEDB88320 reflected), computed bit by bit.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A deflated archive of `files` (name → contents) made by the `zip` tool, nil when it is
    /// not installed: an independent writer of the deflate entries dotLottie exporters make.
    public static func zipTool(_ files: [(String, [UInt8])]) throws -> [UInt8]? {
        guard let zip = ToolRun.find("zip") else { return nil }
        let folder = try ScratchFolder()
        for (name, data) in files {
            FileManager.default.createFile(atPath: try folder.file(name), contents: Data(data))
        }
        let out = folder.url.appendingPathComponent("out.zip").path
        let run = try ToolRun.run(
            "/bin/sh",
            ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", folder.path, zip, "-q", "-X", "-9", out]
                + files.map(\.0))
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }
}
