import CFFmpeg
import Foundation
import ReelCore

/// SHA-256 from libavutil (already linked; Foundation on Linux has no hash functions), for
/// fingerprints of scenes, the files they read and the outputs they make.
public struct SHA256: ~Copyable {
    private let context: OpaquePointer

    public init() {
        guard let context = av_sha_alloc() else { fatalError("out of memory allocating a SHA-256 context") }
        av_sha_init(context, 256)
        self.context = context
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    public mutating func update(_ data: Data) { data.withUnsafeBytes { update($0) } }

    public mutating func update(_ text: String) { update(Data(text.utf8)) }

    /// The digest as 64 lowercase hex digits. The hasher is spent afterwards.
    public consuming func hex() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// The digest of `data`.
    public static func hex(of data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.hex()
    }

    /// The digest of the file at `path`, read in 1 MiB pieces (so a large video costs no memory),
    /// or nil when it cannot be read or is not a regular file (a FIFO would block the read).
    public static func hex(ofFileAt path: String) -> String? {
        guard case .success(let handle) = InputFile.open(path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            // nil or empty is the end of the file; a read error throws.
            guard let chunk = try? handle.read(upToCount: 1 << 20) else {
                do { _ = try handle.offset() } catch { return nil }
                break
            }
            if chunk.isEmpty { break }
            hasher.update(chunk)
        }
        return hasher.hex()
    }
}
