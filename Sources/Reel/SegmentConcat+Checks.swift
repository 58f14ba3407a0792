import Foundation
import ReelEncode

/// The checks of `reel concat`: which parts belong together, in which order, and whether their
/// packets are what their records say. Nothing here allocates or loops by a number a record
/// claims; only by the parts given and the packets they hold.
extension SegmentConcat {
    struct Part {
        var path: String
        var record: SegmentRecord
        /// What the part's stream header says, checked against the record and the other parts.
        var parameters: StreamParameters
    }

    /// Reads every part's record and packets, and orders the parts by segment.
    /// - Throws: `RenderJobError.invalid` naming the bad part.
    static func check(_ paths: [String]) throws -> [Part] {
        guard !paths.isEmpty else {
            throw RenderJobError.invalid("no parts given: name every segment (reel concat PART… -o OUT)")
        }
        var parts: [Part] = []
        for path in paths {
            let header = try openPart(path)
            let record = try SegmentRecord.read(comment: header.comment, of: path)
            let part = Part(path: path, record: record, parameters: header.parameters)
            try checkHeader(part)
            if let first = parts.first { try matches(part, first) }
            if let twin = parts.first(where: { $0.record.index == record.index }) {
                throw RenderJobError.invalid(
                    "\(path): segment \(record.index)/\(record.count) is given twice"
                        + (twin.path == path ? "" : " (also as \(twin.path))"))
            }
            _ = try streamPackets(of: part) { _ in }
            parts.append(part)
        }
        parts.sort { $0.record.index < $1.record.index }
        let count = parts[0].record.count
        // Indexes are distinct and below `count`: segments are missing exactly when there are fewer parts.
        if parts.count < count { throw missing(parts.map(\.record.index), count: count) }
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

    /// Opens a part to read its packets, at the frame rate of its record when known.
    static func openPart(_ path: String, fps: Double? = nil) throws -> VideoPacketReader {
        do { return try VideoPacketReader(path: path, fps: fps) } catch {
            throw RenderJobError.invalid("\(path): not a readable video (\(error))")
        }
    }

    /// The error for segments no part holds: the first few of them by name, so that however many
    /// segments a record claims, the message and the work stay as small as the parts given.
    /// - Parameter indexes: the parts' segments, sorted, distinct, each below `count`.
    static func missing(_ indexes: [Int], count: Int, naming limit: Int = 5) -> RenderJobError {
        var named: [Int] = [], candidate = 0, given = indexes[...]
        while named.count < limit, candidate < count {
            if given.first == candidate { given.removeFirst() } else { named.append(candidate) }
            candidate += 1
        }
        let total = count - indexes.count
        let list = named.map { "\($0)/\(count)" }.joined(separator: ", ")
        return .invalid(
            "segment\(total == 1 ? "" : "s") \(list)\(total > named.count ? " and \(total - named.count) more" : "") "
                + "missing: all \(count) parts are needed")
    }

    /// A part's stream header must be what its record says it is.
    private static func checkHeader(_ part: Part) throws {
        let (record, header) = (part.record, part.parameters)
        func name(_ codec: String) -> String { VideoCodec(rawValue: codec)?.displayName ?? codec }
        guard header.codec == record.codec else {
            throw RenderJobError.invalid(
                "\(part.path): its packets are \(name(header.codec)), its record says \(record.codec)")
        }
        guard header.width == record.width, header.height == record.height else {
            throw RenderJobError.invalid(
                "\(part.path): its frames are \(header.width)×\(header.height) pixels, "
                    + "its record says \(record.width)×\(record.height)")
        }
    }

    /// Parts belong together when everything but the segment is the same.
    private static func matches(_ part: Part, _ first: Part) throws {
        func differ(_ what: String, _ a: String, _ b: String) -> RenderJobError {
            .invalid("\(part.path) does not belong with \(first.path): \(what) \(a) instead of \(b)")
        }
        let (record, firstRecord) = (part.record, first.record)
        if record.reel != firstRecord.reel { throw differ("Reel version", record.reel, firstRecord.reel) }
        if record.scene != firstRecord.scene {
            throw differ(
                "scene or an image it reads (SHA-256)", String(record.scene.prefix(12)),
                String(firstRecord.scene.prefix(12)))
        }
        if record.options != firstRecord.options { throw differ("options", record.options, firstRecord.options) }
        if record.count != firstRecord.count {
            throw differ("number of segments", "\(record.count)", "\(firstRecord.count)")
        }
        // The rest, less what each part has of its own (`whole`: its frames, and where it found
        // the sound file, which may sit at another mount point on another machine: the digest
        // must match).
        let (a, b) = (record.whole, firstRecord.whole)
        if a != b { throw differ("codec parameters", a.json, b.json) }
        // What the records cannot say: the packets' own pixel format and codec header.
        if let difference = first.parameters.difference(part.parameters) {
            throw RenderJobError.invalid("\(part.path) does not belong with \(first.path): \(difference)")
        }
    }

    /// Streams a part's packets through `body`, each checked first: they must be exactly the
    /// frames its record names, in timestamps of the whole render, from a keyframe.
    /// - Returns: how many packets there were.
    /// - Throws: `RenderJobError.invalid` naming the part when its packets disagree with its
    ///   record or the file is damaged; `body`'s `RenderJobError`s as they are.
    @discardableResult
    static func streamPackets(of part: Part, _ body: (CopiedPacket) throws -> Void) throws -> Int {
        let record = part.record
        let reader = try openPart(part.path, fps: record.fps)
        if let difference = part.parameters.difference(reader.parameters) {
            throw RenderJobError.invalid("\(part.path) changed while it was being read: \(difference)")
        }
        let first = Int64(record.firstFrame)
        var sequence = FrameSequenceCheck(frames: first..<first + Int64(record.frameCount))
        func disagree(_ problem: String) -> RenderJobError {
            .invalid(
                "\(part.path): its packets are not the frames its record says (segment \(record.index)/\(record.count), "
                    + "frames \(record.firstFrame)…\(record.firstFrame + record.frameCount - 1)): they \(problem)")
        }
        do {
            try reader.forEachPacket { packet in
                if let problem = sequence.take(packet) { throw disagree(problem) }
                try body(packet)
            }
        } catch let error as RenderJobError {
            throw error
        } catch {
            throw RenderJobError.invalid("\(part.path): damaged or truncated (\(error))")
        }
        if let problem = sequence.endProblem { throw disagree(problem) }
        return sequence.packets
    }
}
