import Foundation
import ReelEncode

/// Joins the segments of a render (`reel render --segment I/N`) into the file the whole render
/// gives, byte for byte, by copying their packets: no re-encoding.
///
/// The parts are checked before anything is written: each must be a Reel video carrying its
/// `SegmentRecord`; all must share the scene, options, codec parameters and Reel version; every
/// segment 0…N−1 must be there exactly once, hold the frames its record says and join its
/// neighbours without a gap. The order comes from the records, not from the order the parts are
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
            for part in ordered {
                try copy(part, into: encoder)
                frames += part.record.frameCount
            }
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

    struct Part {
        var path: String
        var record: SegmentRecord
        var reader: VideoPacketReader
    }

    /// Reads every part's record and packets, and orders the parts by segment.
    /// - Throws: `RenderJobError.invalid` naming the bad part.
    static func check(_ paths: [String]) throws -> [Part] {
        guard !paths.isEmpty else {
            throw RenderJobError.invalid("no parts given: name every segment (reel concat PART… -o OUT)")
        }
        var parts: [Part] = []
        for path in paths {
            let reader: VideoPacketReader
            do { reader = try VideoPacketReader(path: path) } catch {
                throw RenderJobError.invalid("\(path): not a readable video (\(error))")
            }
            guard let comment = reader.comment, let record = SegmentRecord(json: comment) else {
                throw RenderJobError.invalid("\(path): not a part written by reel render (it has no segment record)")
            }
            if let first = parts.first?.record { try matches(record, first, path: path, firstPath: parts[0].path) }
            if let twin = parts.first(where: { $0.record.index == record.index }) {
                throw RenderJobError.invalid(
                    "\(path): segment \(record.index)/\(record.count) is given twice"
                        + (twin.path == path ? "" : " (also as \(twin.path))"))
            }
            try checkPackets(reader, record, path: path)
            parts.append(Part(path: path, record: record, reader: try VideoPacketReader(path: path, fps: record.fps)))
        }
        parts.sort { $0.record.index < $1.record.index }
        let count = parts[0].record.count
        let missing = (0..<count).filter { i in !parts.contains { $0.record.index == i } }
        if !missing.isEmpty {
            throw RenderJobError.invalid(
                "segment\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                    + "missing: all \(count) parts are needed")
        }
        var next = parts[0].record.wholeFirst
        for part in parts {
            guard part.record.firstFrame == next else {
                throw RenderJobError.invalid(
                    "\(part.path): segment \(part.record.index)/\(count) starts at frame \(part.record.firstFrame), not \(next) where the one before ends"
                )
            }
            next += part.record.frameCount
        }
        guard next == parts[0].record.wholeFirst + parts[0].record.wholeCount else {
            throw RenderJobError.invalid(
                "\(parts[count - 1].path): the parts end at frame \(next), not at the end of the render")
        }
        return parts
    }

    /// Parts belong together when everything but the segment is the same.
    private static func matches(_ record: SegmentRecord, _ first: SegmentRecord, path: String, firstPath: String) throws
    {
        func differ(_ what: String, _ a: String, _ b: String) -> RenderJobError {
            .invalid("\(path) does not belong with \(firstPath): \(what) \(a) instead of \(b)")
        }
        if record.reel != first.reel { throw differ("Reel version", record.reel, first.reel) }
        if record.scene != first.scene {
            throw differ(
                "scene or an image it reads (SHA-256)", String(record.scene.prefix(12)), String(first.scene.prefix(12)))
        }
        if record.options != first.options { throw differ("options", record.options, first.options) }
        if record.count != first.count { throw differ("number of segments", "\(record.count)", "\(first.count)") }
        // The rest, less what each part has of its own (`whole`: its frames, and where it found
        // the sound file, which may sit at another mount point on another machine: the digest
        // must match).
        let (a, b) = (record.whole, first.whole)
        if a != b { throw differ("codec parameters", a.json, b.json) }
    }

    /// A part must hold exactly its frames, starting with a keyframe: a truncated file fails here.
    private static func checkPackets(_ reader: VideoPacketReader, _ record: SegmentRecord, path: String) throws {
        var packets = 0, startsWithKeyframe = true
        do {
            try reader.forEachPacket { packet in
                if packets == 0 { startsWithKeyframe = packet.isKeyframe }
                packets += 1
            }
        } catch {
            throw RenderJobError.invalid("\(path): damaged or truncated (\(error))")
        }
        guard packets == record.frameCount, startsWithKeyframe else {
            throw RenderJobError.invalid(
                "\(path): truncated or damaged: it holds \(packets) of its \(record.frameCount) frames "
                    + "(segment \(record.index)/\(record.count))")
        }
    }

    /// Copies a part's packets with the timestamps the whole render gives them: the part's own,
    /// shifted so its first frame is at its frame number (containers store timestamps from 0).
    private static func copy(_ part: Part, into encoder: VideoEncoder) throws {
        var shift: Int64?
        try part.reader.forEachPacket { packet in
            var packet = packet
            let offset = shift ?? Int64(part.record.firstFrame) - packet.pts
            shift = offset
            packet.pts += offset
            packet.dts += offset
            try encoder.writeCopied(packet)
        }
    }
}
