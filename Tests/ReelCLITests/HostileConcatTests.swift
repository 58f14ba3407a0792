import Foundation
import ReelTestSupport
import Testing

/// `reel concat` given parts whose records were forged: a record is text in the file's comment
/// tag, so it is believed only as far as the packets bear it out (codec, frame size, codec header,
/// timestamps), and nothing is sized or counted by what it claims. Each forgery is refused with
/// exit status 2 naming the part, under 600 MB, and leaves nothing behind.
@Suite(
    "Hostile concat parts", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct HostileConcatTests {
    /// 2 s at 10 fps in 0.5 s chunks: 4 segments of 5 frames each, so any part has the size of
    /// any other, and only its timestamps say which it is.
    static let scene = """
        reel: 1
        canvas: { size: [64, 48], fps: 10, duration: 2, background: "#102030" }
        layers:
          - { name: box, frame: [10, 10, 20, 20], backgroundColor: orange }
        timeline:
          - at: 0
            add: { layer: box, key: move, animation: { keyPath: position.x, toValue: 50, duration: 2 } }
        """

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        _ = try folder.write("scene.yaml", Self.scene)
    }

    func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

    /// Segments 0…3 of 4 rendered with `options`, named `prefix`0.mp4 ….
    func parts(_ prefix: String = "p", _ options: [String] = []) throws -> [String] {
        try (0..<4).map { index in
            let out = path("\(prefix)\(index).mp4")
            let result = try ReelProcess.run(
                ["render", path("scene.yaml"), "-o", out, "-q", "--segment", "\(index)/4", "--chunk-seconds", "0.5"]
                    + options)
            try #require(result.status == 0, "segment \(index)/4: \(result.stderr)")
            return out
        }
    }

    /// The record (comment tag) of `part`, as ffprobe reads it.
    func record(_ part: String) throws -> [String: Any] {
        let comment = try MediaTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags=comment", "-of", "default=nw=1:nk=1", part])
        return try #require(try JSONSerialization.jsonObject(with: comment) as? [String: Any])
    }

    /// A copy of `packets`' file named `name`, its record replaced by `record` edited by `edit`:
    /// remuxed by ffmpeg with the timestamps kept, so only the record differs.
    func forge(
        _ packets: String, _ name: String, record source: String? = nil,
        _ edit: (inout [String: Any]) -> Void = { _ in }
    ) throws -> String {
        var fields = try record(source ?? packets)
        edit(&fields)
        let json = String(
            decoding: try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys), as: UTF8.self)
        _ = try MediaTools.run(
            "ffmpeg",
            ["-v", "error", "-y", "-copyts", "-i", packets, "-c", "copy", "-metadata", "comment=\(json)", path(name)])
        return path(name)
    }

    /// Runs `reel concat parts` and expects exit status 2 with `message` (a prefix, after
    /// "error: "), under 600 MB, and no file added to the folder (no output, no temporary).
    func refuse(_ parts: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = folder.contents
        let run = try HostileSceneTests.measure(["concat"] + parts + ["-o", path("out.mp4")])
        #expect(!run.hung, "concat hung", sourceLocation: sourceLocation)
        #expect(run.status == 2, "status \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("error: \(message)"), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect((run.peakKB ?? 0) < 600_000, "peaked at \(run.peakKB ?? 0) KB", sourceLocation: sourceLocation)
        #expect(folder.contents == before, "nothing left behind", sourceLocation: sourceLocation)
    }

    /// The refusal of `part`, segment `segment` (I/N) by its record, whose packets hold `frame`
    /// outside its record's `frames`.
    func notItsFrames(_ part: String, _ segment: String, _ frames: ClosedRange<Int>, holding frame: Int) -> String {
        "\(part): its packets are not the frames its record says (segment \(segment), "
            + "frames \(frames.lowerBound)…\(frames.upperBound)): they hold frame \(frame), which is not among them"
    }

    /// The forging itself changes nothing but the record: a remuxed honest part still joins.
    @Test func aRemuxedHonestPartStillJoins() throws {
        var parts = try parts()
        parts[1] = try forge(parts[1], "same1.mp4")
        let whole = path("whole.mp4")
        let rendered = try ReelProcess.run(["render", path("scene.yaml"), "-o", whole, "-q", "--chunk-seconds", "0.5"])
        try #require(rendered.status == 0, "\(rendered.stderr)")
        let joined = try ReelProcess.run(["concat"] + parts + ["-o", path("joined.mp4"), "-q"])
        try #require(joined.status == 0, "\(joined.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path("joined.mp4")))
                == Data(contentsOf: URL(fileURLWithPath: whole)))
    }

    // MARK: Counts and sizes bounded by the parts given

    @Test func twoBillionSegmentsAreMissingNotCounted() throws {
        let parts = try parts().enumerated().map { index, part in
            try forge(part, "huge\(index).mp4") { $0["count"] = 2_000_000_000 }
        }
        try refuse(
            parts,
            "segments 4/2000000000, 5/2000000000, 6/2000000000, 7/2000000000, 8/2000000000 and 1999999991 more "
                + "missing: all 2000000000 parts are needed")
    }

    @Test func aRecordLargerThanAnyRecordIsNotRead() throws {
        var parts = try parts()
        parts[2] = try forge(parts[2], "padded2.mp4") { $0["padding"] = String(repeating: "x", count: 70_000) }
        try refuse(
            parts, "\(parts[2]): not a part written by reel render (its comment tag is ")
    }

    /// Frame numbers whose sum overflows: refused, not a trap.
    @Test func frameNumbersNearTheIntegerLimitAreRefused() throws {
        let shift = Int.max - 19
        let parts = try parts().enumerated().map { index, part in
            try forge(part, "far\(index).mp4") { record in
                record["wholeFirst"] = shift
                record["firstFrame"] = shift + 5 * index
            }
        }
        try refuse(
            parts, "\(parts[0]): its segment record cannot be right: a frame number is negative or above 2147483647")
    }

    /// A frame rate no fraction of FFmpeg's can hold: refused, not a failed precondition.
    @Test func aVanishingFrameRateIsRefused() throws {
        var parts = try parts()
        parts[1] = try forge(parts[1], "slow1.mp4") { $0["fps"] = 1e-300 }
        try refuse(
            parts,
            "\(parts[1]): its segment record cannot be right: the frame rate 1e-300 is too small"
        )
    }

    // MARK: Records checked against the packets

    /// A copy of part 1 passing as part 2: the same size, but its timestamps are part 1's.
    @Test func aPartPassingAsAnotherSegmentIsRefused() throws {
        var parts = try parts()
        parts[2] = try forge(parts[1], "copy1as2.mp4", record: parts[2])
        try refuse(parts, notItsFrames(parts[2], "2/4", 10...14, holding: 5))
    }

    @Test func swappedRecordsAreRefused() throws {
        var parts = try parts()
        let (one, two) = (parts[1], parts[2])
        parts[1] = try forge(one, "swap1.mp4", record: two)
        parts[2] = try forge(two, "swap2.mp4", record: one)
        try refuse(parts, notItsFrames(parts[1], "2/4", 10...14, holding: 5))
    }

    /// Part 1 dropped and the others' records rewritten as a render of 3 parts and 15 frames:
    /// the records agree, but the timestamps jump from frame 4 to 10.
    @Test func aGapTheRecordsHideIsRefused() throws {
        let honest = try parts()
        let parts = try [0, 2, 3].enumerated().map { position, index in
            try forge(honest[index], "gap\(index).mp4") { record in
                record["count"] = 3
                record["index"] = position
                record["wholeCount"] = 15
                record["firstFrame"] = 5 * position
            }
        }
        try refuse(parts, notItsFrames(parts[1], "1/3", 5...9, holding: 10))
    }

    @Test func anHEVCPartWithAnH264RecordIsRefused() throws {
        var parts = try parts()
        let hevc = try self.parts("h", ["--codec", "hevc"])
        parts[1] = try forge(hevc[1], "hevc1.mp4", record: parts[1])
        try refuse(parts, "\(parts[1]): its packets are HEVC, its record says h264")
    }

    /// Same codec and size, other encoder settings: only the codec header tells.
    @Test func aPartEncodedOtherwiseWithAnHonestRecordIsRefused() throws {
        var parts = try parts()
        let fast = try self.parts("fast", ["--preset", "ultrafast"])
        parts[3] = try forge(fast[3], "forged-fast3.mp4", record: parts[3])
        try refuse(parts, "\(parts[3]) does not belong with \(parts[0]): a different codec header (extradata)")
    }
}
