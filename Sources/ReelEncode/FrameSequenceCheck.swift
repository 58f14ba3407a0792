/// Checks, packet by packet, that a stream copy's packets are exactly the frames `frames`: each
/// once, from a keyframe, with rising decoding timestamps, reordered no deeper than an encoder
/// reorders. This is what the packets themselves say, whatever a record claims about them.
///
/// It streams: besides counters it holds only the frames seen ahead of the next one due (at most
/// `maximumReorder`), so no file can make it hold more than a few numbers.
public struct FrameSequenceCheck: Sendable {
    /// The frames the packets must hold, each exactly once.
    public let frames: Range<Int64>
    /// The packets taken so far.
    public private(set) var packets = 0
    /// The lowest frame not seen yet, and the frames above it already seen.
    private var next: Int64
    private var ahead: Set<Int64> = []
    private var lastDTS: Int64?

    /// How far frames may come out of display order: x264 and x265 reorder a few frames (deeper
    /// at the slowest presets); a file reordering more is not one Reel wrote.
    public static let maximumReorder = 64

    public init(frames: Range<Int64>) {
        self.frames = frames
        next = frames.lowerBound
    }

    /// Takes the next packet in file order.
    /// - Returns: what is wrong with it, in words that follow "the packets …" ("hold frame 7
    ///   twice"), or nil.
    public mutating func take(_ packet: CopiedPacket) -> String? {
        defer { packets += 1 }
        if packets == 0, !packet.isKeyframe { return "do not start with a keyframe" }
        let frame = packet.pts
        guard frames.contains(frame) else { return "hold frame \(frame), which is not among them" }
        guard frame >= next, !ahead.contains(frame) else { return "hold frame \(frame) twice" }
        if let lastDTS, packet.dts <= lastDTS { return "go back in decoding order at frame \(frame)" }
        guard packet.dts <= frame else { return "decode frame \(frame) after it is shown" }
        lastDTS = packet.dts
        if frame == next {
            next += 1
            while ahead.remove(next) != nil { next += 1 }
        } else {
            ahead.insert(frame)
            if ahead.count > Self.maximumReorder {
                return "reorder frames more than \(Self.maximumReorder) deep (at frame \(frame))"
            }
        }
        return nil
    }

    /// What is wrong once every packet has been taken (frames missing), or nil.
    public var endProblem: String? {
        next == frames.upperBound ? nil : "hold \(packets) of the \(frames.count) frames"
    }
}
