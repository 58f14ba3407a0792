import Foundation
import ReelEncode

/// Joins the segments of a render (`reel render --segment I/N`) into the file the whole render
/// gives, byte for byte, by copying their packets: no re-encoding.
///
/// The parts are checked before anything is written: each must be a Reel video carrying its
/// `SegmentRecord`; all must share the scene, options, codec parameters and Reel version; every
/// segment 0…N−1 must be there exactly once, hold the frames its record says and join its
/// neighbours without a gap. A record is text anyone can edit, so it is believed only as far as
/// the packets bear it out: their codec and frame size, and their timestamps, which must be
/// exactly the frames the record names. The order comes from the records, not from the order the parts are
/// given in, so `reel concat part*.mp4` works whatever the shell sorts first.
public enum SegmentConcat {
    /// What a join wrote.
    public struct Result: Sendable {
        public var frames: Int
        public var bytes: Int
        public var parts: Int
        /// The soundtrack added, if any.
        public var audio: AudioResult?
    }

    /// The soundtrack a join wrote.
    public struct AudioResult: Sendable, Equatable {
        public var codec: AudioCodec
        public var channels: Int
        /// True when the file's packets were copied without re-encoding (it already fitted).
        public var copied: Bool
    }

    /// Checks `parts` and writes their join to `output` (a temporary file beside it, renamed when complete).
    /// - Throws: `RenderJobError.invalid` naming the first bad part (nothing written), or `.failed`.
    public static func join(_ parts: [String], output: String, replaceReadOnly: Bool = false) throws -> Result {
        let ordered = try check(parts)
        let whole = ordered[0].record.whole
        let audio = try soundtrack(of: ordered[0])
        let target: AtomicOutput
        do { target = try AtomicOutput(finalPath: output, replaceReadOnly: replaceReadOnly) } catch {
            throw RenderJobError.failed("\(error)")
        }
        var frames = 0
        var written: AudioResult?
        do {
            let sound = try audio?()
            written = sound.map { AudioResult(codec: $0.codec, channels: $0.channels, copied: $0.copied) }
            let encoder = try VideoEncoder(path: target.temporaryPath, settings: try whole.settings(), audio: sound)
            for part in ordered { frames += try copy(part, into: encoder) }
            try encoder.finish()
            try target.commit()
        } catch let error as RenderJobError {
            target.discard()
            throw error
        } catch {
            target.discard()
            throw RenderJobError.failed("\(error)")
        }
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: output)[.size]) as? Int) ?? 0
        return Result(frames: frames, bytes: bytes, parts: ordered.count, audio: written)
    }

    /// The soundtrack the parts' records name, checked now (missing or changed since the parts
    /// were rendered: invalid), encoded later by the returned closure for the whole render's
    /// timeline: from its first frame's time to its last frame's end, on the 48 kHz grid.
    private static func soundtrack(of part: Part) throws -> (() throws -> EncodedAudio)? {
        guard let record = part.record.audio else { return nil }
        guard let settings = record.settings else {
            throw RenderJobError.invalid("\(part.path): its soundtrack has no file name (a joined file is not a part)")
        }
        guard let digest = SHA256.hex(ofFileAt: settings.file) else {
            throw RenderJobError.invalid("\(part.path): its soundtrack \(settings.file) is missing or cannot be read")
        }
        guard digest == record.sha256 else {
            throw RenderJobError.invalid(
                "\(part.path): its soundtrack \(settings.file) changed since the parts were rendered; render them again"
            )
        }
        let whole = part.record.whole
        guard let codec = VideoContainer(rawValue: whole.container)?.audioCodec else {
            throw RenderJobError.invalid("\(part.path): a \(whole.container) file cannot hold a soundtrack")
        }
        let rate = Double(AudioCodec.sampleRate)
        let first = Int64((Double(whole.wholeFirst) / whole.fps * rate).rounded())
        let end = Int64((Double(whole.wholeFirst + whole.wholeCount) / whole.fps * rate).rounded())
        return {
            try SoundtrackEncoder.encode(settings, codec: codec, firstSample: first, sampleCount: Int(end - first))
        }
    }

    /// Copies a part's packets, which already carry the whole render's timestamps, checking them
    /// again as they go: the file may have changed since it was checked.
    private static func copy(_ part: Part, into encoder: VideoEncoder) throws -> Int {
        try streamPackets(of: part) { packet in
            do { try encoder.writeCopied(packet) } catch { throw RenderJobError.failed("\(error)") }
        }
    }
}
