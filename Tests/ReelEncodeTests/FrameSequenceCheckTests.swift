import Testing

@testable import ReelEncode

/// The packet-by-packet check `reel concat` holds a part's packets to: exactly the frames named,
/// each once, from a keyframe, in rising decoding order.
@Suite("FrameSequenceCheck")
struct FrameSequenceCheckTests {
    /// Packets with these presentation timestamps, in this (decoding) order; the decoding
    /// timestamps count up from `firstDTS`, as x264's do with its reorder delay.
    static func packets(_ pts: [Int64], firstDTS: Int64) -> [CopiedPacket] {
        pts.enumerated().map { i, pts in
            CopiedPacket(data: [], pts: pts, dts: firstDTS + Int64(i), isKeyframe: i == 0, sideData: [])
        }
    }

    /// The first problem found, or nil when the packets are exactly `frames`.
    static func problem(_ packets: [CopiedPacket], _ frames: Range<Int64>) -> String? {
        var check = FrameSequenceCheck(frames: frames)
        for packet in packets {
            if let problem = check.take(packet) { return problem }
        }
        return check.endProblem
    }

    @Test func framesReorderedByBFramesPass() {
        // x264's B-pyramid order for frames 5…9: I P B b b (decoding starts two frames early).
        #expect(Self.problem(Self.packets([5, 9, 7, 6, 8], firstDTS: 3), 5..<10) == nil)
        #expect(Self.problem(Self.packets([5, 6, 7], firstDTS: 5), 5..<8) == nil)
    }

    @Test func framesOutsideTheRangeAreNamed() {
        #expect(
            Self.problem(Self.packets([0, 1, 2], firstDTS: 0), 5..<8) == "hold frame 0, which is not among them")
        #expect(Self.problem(Self.packets([5, 6, 8], firstDTS: 5), 5..<8) == "hold frame 8, which is not among them")
    }

    @Test func aFrameTwiceOrMissingIsNamed() {
        #expect(Self.problem(Self.packets([5, 7, 7], firstDTS: 3), 5..<8) == "hold frame 7 twice")
        #expect(Self.problem(Self.packets([5, 6, 5], firstDTS: 3), 5..<8) == "hold frame 5 twice")
        #expect(Self.problem(Self.packets([5, 7], firstDTS: 3), 5..<8) == "hold 2 of the 3 frames")
        #expect(Self.problem([], 5..<8) == "hold 0 of the 3 frames")
    }

    @Test func decodingOrderAndKeyframesAreChecked() {
        var packets = Self.packets([5, 6, 7], firstDTS: 5)
        packets[0].isKeyframe = false
        #expect(Self.problem(packets, 5..<8) == "do not start with a keyframe")
        packets = Self.packets([5, 6, 7], firstDTS: 5)
        packets[2].dts = 5
        #expect(Self.problem(packets, 5..<8) == "go back in decoding order at frame 7")
        #expect(Self.problem(Self.packets([5, 6, 7], firstDTS: 6), 5..<8) == "decode frame 5 after it is shown")
    }

    @Test func reorderingDeeperThanAnEncoderIsRefused() {
        let deep = FrameSequenceCheck.maximumReorder + 2
        let order = [0] + (2...deep).map(Int64.init) + [1]
        #expect(
            Self.problem(Self.packets(order, firstDTS: -1), 0..<Int64(deep + 1))
                == "reorder frames more than \(FrameSequenceCheck.maximumReorder) deep (at frame \(deep))")
    }
}
